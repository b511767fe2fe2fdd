// Package version says which build of the engine runs: the release it was
// built from, the commit, when, and with which Go. make build and make
// release set the first three through the linker; any other build falls
// back to what the Go toolchain recorded in the binary.
package version
