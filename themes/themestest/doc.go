// Package themestest writes themes into a themes directory for tests: an
// install's own theme, read the way --themes reads it.
package themestest
