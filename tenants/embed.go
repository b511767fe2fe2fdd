// Package tenants holds the declarative file of every demo brand, imported
// into the database on first start.
package tenants

import "embed"

// FS holds the tenant files (*.yaml).
//
//go:embed *.yaml
var FS embed.FS
