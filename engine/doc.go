// Package engine is the Go code of Rendezvous: one package per domain area
// below this folder, the shared plumbing in platform/, the binary in
// cmd/rendezvous. engine/README.md describes each package; readme_test.go
// keeps that description's package table in step with the folders.
package engine
