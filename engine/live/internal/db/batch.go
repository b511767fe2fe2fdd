package db

import "github.com/jackc/pgx/v5"

// QueueEventNotify queues EventNotify on b, for a transaction that sends
// its notification with its COMMIT (database.Pipelined).
func QueueEventNotify(b *pgx.Batch, payload string) {
	b.Queue(eventNotify, payload)
}

// QueueEventNotifyCommitted queues EventNotifyCommitted on b, for the
// notifications of committed transactions sent together in one implicit
// transaction (Hub.Announce).
func QueueEventNotifyCommitted(b *pgx.Batch, payload string) {
	b.Queue(eventNotifyCommitted, payload)
}
