// Package servertest runs the whole engine in-process on a fresh database
// with the demo tenants, for table-driven HTTP scenario tests of any area.
package servertest
