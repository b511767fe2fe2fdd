// Package limits keeps abuse in check: how many signups, complaints, reset
// and activation mails one client address may cause, and how many messages
// and likes one member may send in a burst. The counters live in PostgreSQL
// (the rate_limits table, owned here), so every engine instance counts the
// same hits. The per-account limits of accounts (reset_limit,
// activation_limit, login blocks) stay where they are; these come on top.
package limits
