// Package mediatest starts a real S3-compatible server (versitygw or MinIO,
// built from the Go module proxy on first use) for tests of the S3 store.
package mediatest
