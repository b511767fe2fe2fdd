// Package jobs runs background work (emails, pushes, purges, payment
// reconciliation) on River, a job queue kept in the engine's PostgreSQL, so
// jobs survive restarts and any instance may run them.
package jobs
