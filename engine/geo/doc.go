// Package geo answers where things are without any network: the country of
// an IP address, the first-level regions of a country and what they are
// called, the place at a position, and the site languages a country's
// visitors are offered. All data is embedded (see data/README.md for sources
// and licences) and loaded lazily on first use, so a process that never asks
// pays nothing; every function is safe for concurrent use.
package geo
