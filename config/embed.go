// Package config holds the engine's embedded configuration files: the
// casbin model and policy of the operators' console (engine/staff).
package config

import _ "embed"

// ConsoleModel is the casbin model of the console: RBAC with domains, the
// domain being a tenant's slug or "*" for every tenant.
//
//go:embed console_model.conf
var ConsoleModel string

// ConsolePolicy gives each console role its permissions. The engine writes
// these lines into the casbin_rules table on start, replacing the "p" lines
// there; staff's roles ("g" lines) live only in the table.
//
//go:embed console_policy.csv
var ConsolePolicy string
