// Package limits keeps abuse in check: how many signups, complaints, reset
// and activation mails and new passwords one client address may cause, how
// many messages, likes and account changes one member may send in a burst,
// and how many uploads one member may have in flight (Uploads). The counters live in PostgreSQL
// (the rate_limits table, owned here), so every engine instance counts the
// same hits. The per-account limits of accounts (reset_limit,
// activation_limit, login blocks) stay where they are; these come on top.
package limits
