package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/delivery/internal/db"
)

// Held messages: a mail or SMS that carries a secret (a link whose token is
// stored only hashed, a direct debit code) is kept out of its send job's
// arguments, which River keeps after the job ran and every backup copies.
// It waits in held_messages; the job's arguments name the row, and the
// send deletes it once the message went out or will not be tried again.

// heldFor is how long an unsent held message is kept at most: longer than
// the longest link works (the reactivation link, 14 days), so a row only a
// cancelled job left behind is pruned.
const heldFor = 15 * 24 * time.Hour

// Hold keeps message in tx until a send job sends it, and returns the id
// the job's arguments carry instead of it.
func Hold(ctx context.Context, tx pgx.Tx, message any) (int64, error) {
	raw, err := json.Marshal(message)
	if err != nil {
		return 0, fmt.Errorf("hold message: %w", err)
	}
	q := db.New(tx)
	if err := q.HeldPrune(ctx, heldFor.Seconds()); err != nil {
		return 0, fmt.Errorf("prune held messages: %w", err)
	}
	id, err := q.HeldInsert(ctx, raw)
	if err != nil {
		return 0, fmt.Errorf("hold message: %w", err)
	}
	return id, nil
}

// SendHeld sends the message of a send job with send: message itself when
// held is 0, else the held message of that id, read into message. The held
// message is deleted once it was sent, or when the job ends without it
// (cancelled, or its last attempt failed). One already gone was sent by an
// earlier attempt whose end was not recorded: nothing is sent again.
func SendHeld[M any](ctx context.Context, conn db.DBTX, job *rivertype.JobRow, held int64, message M, send func(M) error, log *slog.Logger) error {
	if held == 0 {
		return send(message)
	}
	q := db.New(conn)
	raw, err := q.HeldMessage(ctx, held)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read held message %d: %w", held, err)
	}
	if err := json.Unmarshal(raw, &message); err != nil {
		return river.JobCancel(fmt.Errorf("held message %d: %w", held, err))
	}
	err = send(message)
	var cancel *river.JobCancelError
	if err == nil || errors.As(err, &cancel) || job.Attempt >= job.MaxAttempts {
		if derr := q.HeldDelete(ctx, held); derr != nil && log != nil {
			// Sent: trying again would send it twice; the prune takes it.
			log.Warn("held message not deleted", "id", held, "err", derr)
		}
	}
	return err
}
