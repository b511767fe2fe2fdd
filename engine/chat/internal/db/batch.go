package db

import "github.com/jackc/pgx/v5"

// QueueMessageDeliver queues MessageDeliver on b, for a send whose
// statements after its facts go in one batch (one round trip); the row and
// the error are set when the batch's results are read. It passes the
// arguments in the order of the generated MessageDeliver (the chat tests
// send through it: a mismatch fails them).
func QueueMessageDeliver(b *pgx.Batch, arg MessageDeliverParams, row *MessageDeliverRow, rowErr *error) {
	b.Queue(messageDeliver,
		arg.RecipientID, arg.ID, arg.ConversationID, arg.SenderID, arg.Kind, arg.Body, arg.GiftID,
		arg.PhotoFilename, arg.PhotoThumb, arg.Credits, arg.ClientID, arg.AnsweredBy, arg.MailJob,
	).QueryRow(func(r pgx.Row) error {
		*rowErr = r.Scan(&row.ID, &row.ConversationID, &row.SenderID, &row.Kind, &row.Body, &row.GiftID,
			&row.PhotoFilename, &row.PhotoThumb, &row.Credits, &row.ClientID, &row.CreatedAt, &row.AnsweredBy, &row.Unread)
		// No row (the client id was used) is an answer, not a failure of
		// the batch.
		return nil
	})
}
