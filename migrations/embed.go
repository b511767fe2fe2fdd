// Package migrations holds the numbered SQL migrations of the engine. They are
// embedded so the binary migrates its database by itself; sqlc reads the same
// files as the schema.
package migrations

import "embed"

// FS holds every migration file.
//
//go:embed *.sql
var FS embed.FS
