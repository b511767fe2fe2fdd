// Package httpx is the engine's small shared HTTP plumbing: JSON answers,
// the one place where refusals become HTTP errors, request decoding and
// middleware.
package httpx
