// Package push sends web pushes (RFC 8030, encrypted per RFC 8291, signed
// with the tenant's VAPID keys) to the browsers members subscribed with
// POST /api/user.php?push=1. A push is queued as a River job in the
// transaction that causes it, only for a member who has no live event stream
// open and has not switched the notification type off; the job removes
// subscriptions the push service says are gone (404, 410).
package push
