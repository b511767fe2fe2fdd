// Package tenants holds the tenant files of the demo brands, compiled into
// the binary and imported only by `serve --demo`. An install's own brands
// are files in its tenants directory on disk (tenants/README.md, Brands as
// files).
package tenants

import (
	"embed"
	"io/fs"
)

//go:embed demo/*.yaml
var demo embed.FS

// Demo holds the demo brands' tenant files (*.yaml).
func Demo() fs.FS {
	sub, err := fs.Sub(demo, "demo")
	if err != nil {
		panic(err) // "demo" is a valid path; fs.Sub fails only on invalid ones
	}
	return sub
}
