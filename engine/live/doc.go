// Package live delivers events (new messages, likes, credit and user
// changes) to members at once over server-sent events. Events are published
// with pg_notify inside the transaction that causes them, so they go out only
// if it commits; every engine instance holds one listener connection and a
// hub in memory that maps members to their open streams, so a member
// connected to any instance gets events published by any other.
package live
