// Package landers holds the lander page templates and their assets.
package landers

import "embed"

// FS holds one folder per lander name.
//
//go:embed all:*
var FS embed.FS
