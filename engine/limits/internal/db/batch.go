package db

import "github.com/jackc/pgx/v5"

// QueueHit queues Hit on b, for a caller that counts a hit inside its own
// transaction, with that transaction's first statement (one round trip);
// the row and the error are set when the batch's results are read. It
// passes the arguments in the order of the generated Hit
// (TestQueuedHitCountsAsHit compares the two).
func QueueHit(b *pgx.Batch, arg HitParams, row *HitRow, rowErr *error) {
	b.Queue(hit, arg.TenantID, arg.Rule, arg.Subject, arg.ResetsAt, arg.Now).QueryRow(func(r pgx.Row) error {
		*rowErr = r.Scan(&row.Hits, &row.ResetsAt)
		return nil
	})
}
