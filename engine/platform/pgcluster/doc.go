// Package pgcluster runs a private PostgreSQL cluster from the installed
// PostgreSQL binaries. The engine uses it when no DATABASE_URL is given, and
// the test suites use it for one throwaway cluster per run.
package pgcluster
