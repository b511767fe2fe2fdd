// Package landers holds the affiliate landers' templates and assets, embedded
// in the binary. engine/landerpages renders them; see README.md beside this file
// for how a lander is made.
package landers

import "embed"

// FS is this folder: layout/ (the lander layout and its partials), texts/
// (the catalogue, one file per language) and one folder per lander name.
// A new lander folder is embedded without touching this file.
//
//go:embed *
var FS embed.FS
