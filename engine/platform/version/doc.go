// Package version says which build of the engine runs: the release it was
// built from, the commit, when, and with which Go. Release builds set the
// first three through the linker (make release); any other build falls
// back to what the Go toolchain recorded in the binary.
package version
