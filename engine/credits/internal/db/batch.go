package db

import "github.com/jackc/pgx/v5"

// QueueBook queues Book on b, for a caller that sends its transaction's
// statements in one batch (one round trip); the row and the error are set
// when the batch's results are read. It passes the arguments in the order
// of the generated Book (TestQueuedCharge compares the two).
func QueueBook(b *pgx.Batch, arg BookParams, row *BookRow, rowErr *error) {
	b.Queue(book, arg.Delta, arg.MemberID, arg.Kind, arg.Reference, arg.Note).QueryRow(func(r pgx.Row) error {
		*rowErr = r.Scan(&row.Balance, &row.LedgerID)
		// No row (too low a balance) is an answer, not a failure of the
		// batch.
		return nil
	})
}
