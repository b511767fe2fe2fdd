// Package themes holds the theme tokens, logos and icons of every theme.
package themes

import "embed"

// FS holds one folder per theme: theme.json, logo.svg, icon.svg.
//
//go:embed */theme.json */*.svg
var FS embed.FS
