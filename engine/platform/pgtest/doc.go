// Package pgtest gives tests a real PostgreSQL database: one throwaway
// cluster per test run (started by withpg, or by Main when tests run alone)
// and a fresh database per test, cloned from a migrated template.
package pgtest
