// Package web holds the built member app and operators' console (web/dist),
// embedded so the binary serves them itself.
package web

import "embed"

// Dist is the Vite build output. A fresh clone holds only .gitkeep until
// `make build` runs the web build.
//
//go:embed all:dist
var Dist embed.FS
