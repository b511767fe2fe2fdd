package media

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/media/internal/db"
)

// References: a key may be held by several things at once (a profile
// photo sent in chat is held by the photo and by the message), so no area
// deletes a blob itself. Whoever stores a key records a reference in the
// transaction that stores it (Hold); dropping it releases the reference in
// the transaction that drops it (Blobs.Release), and releasing the last one
// queues the job that deletes the blob, so the blob goes only when that
// transaction commits and nothing holds it any more.

// Holder names what holds a blob: the area's kind of thing and its id,
// such as "photo:12" or "message:7".
func Holder(kind string, id int64) string { return kind + ":" + strconv.FormatInt(id, 10) }

// Hold records that holder uses keys.
func Hold(ctx context.Context, tx pgx.Tx, holder string, keys ...string) error {
	if err := db.New(tx).RefsHold(ctx, db.RefsHoldParams{Keys: keys, Holder: holder}); err != nil {
		return fmt.Errorf("media: hold %v for %s: %w", keys, holder, err)
	}
	return nil
}

// Ref is one reference, for HoldAll.
type Ref struct {
	Key    string
	Holder string
}

// HoldAll records many references at once with COPY, for bulk data (demo
// generate); refs must be new.
func HoldAll(ctx context.Context, tx pgx.Tx, refs []Ref) error {
	rows := make([]db.RefsCopyParams, len(refs))
	for i, r := range refs {
		rows[i] = db.RefsCopyParams{Key: r.Key, Holder: r.Holder}
	}
	if _, err := db.New(tx).RefsCopy(ctx, rows); err != nil {
		return fmt.Errorf("media: copy %d references: %w", len(refs), err)
	}
	return nil
}

// Inserter queues jobs inside a transaction; the engine's River client is
// one.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Blobs releases references and has blobs nothing holds deleted.
type Blobs struct {
	Jobs Inserter
}

// Release drops every reference of holders and queues, in tx, the deletion
// of each key that nothing else holds.
func (b *Blobs) Release(ctx context.Context, tx pgx.Tx, holders ...string) error {
	if len(holders) == 0 {
		return nil
	}
	q := db.New(tx)
	keys, err := q.RefsRelease(ctx, holders)
	if err != nil {
		return fmt.Errorf("media: release %d holders: %w", len(holders), err)
	}
	// One lock order for every transaction, so two releases cannot deadlock.
	slices.Sort(keys)
	keys = slices.Compact(keys)
	for _, key := range keys {
		held, err := lockHeld(ctx, q, key)
		if err != nil {
			return err
		}
		if held {
			continue
		}
		if _, err := b.Jobs.InsertTx(ctx, tx, DeleteArgs{Key: key}, nil); err != nil {
			return fmt.Errorf("media: queue deletion of %s: %w", key, err)
		}
	}
	return nil
}

// lockHeld takes key's lock for the rest of the transaction (KeyLock) and
// reports whether anything still holds the key.
func lockHeld(ctx context.Context, q *db.Queries, key string) (bool, error) {
	if err := q.KeyLock(ctx, key); err != nil {
		return false, fmt.Errorf("media: lock %s: %w", key, err)
	}
	held, err := q.KeyHeld(ctx, key)
	if err != nil {
		return false, fmt.Errorf("media: is %s held: %w", key, err)
	}
	return held, nil
}

// DeleteArgs is the job that deletes a blob nothing holds.
type DeleteArgs struct {
	Key string `json:"key"`
}

// Kind names the job in River.
func (DeleteArgs) Kind() string { return "media_blob_delete" }

// DeleteWorker deletes released blobs from the store.
type DeleteWorker struct {
	river.WorkerDefaults[DeleteArgs]
	Pool  *pgxpool.Pool
	Store Store
	Log   *slog.Logger
}

// Timeout bounds one attempt (one object in S3).
func (w *DeleteWorker) Timeout(*river.Job[DeleteArgs]) time.Duration { return time.Minute }

// Work deletes the blob unless something holds its key again. The key's
// lock keeps a release that is deciding about the same key waiting until
// the blob is gone.
func (w *DeleteWorker) Work(ctx context.Context, job *river.Job[DeleteArgs]) error {
	key := job.Args.Key
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		allowed, err := q.DeletesAllowed(ctx)
		if err != nil {
			return fmt.Errorf("media: may %s be deleted: %w", key, err)
		}
		if !allowed {
			return river.JobSnooze(deletesPausedRetry) // a backup is running (PauseDeletes)
		}
		held, err := lockHeld(ctx, q, key)
		if err != nil {
			return err
		}
		if held {
			return nil
		}
		if err := w.Store.Delete(ctx, key); err != nil {
			return err
		}
		if w.Log != nil {
			w.Log.Debug("media: deleted released blob", "key", key)
		}
		return nil
	})
}

// Register adds the blob deletion worker.
func Register(workers *river.Workers, pool *pgxpool.Pool, store Store, log *slog.Logger) {
	river.AddWorker(workers, &DeleteWorker{Pool: pool, Store: store, Log: log})
}

// deletesPausedRetry is when a deletion a backup held up tries again.
const deletesPausedRetry = 30 * time.Second

// PauseDeletes holds up blob deletions (DeleteWorker) on conn's session
// until resume is called or conn closes, after waiting for the deletions
// under way. A backup pauses them from before its database snapshot until
// it has copied the files, so every blob the snapshot holds is still there
// to copy.
func PauseDeletes(ctx context.Context, conn *pgx.Conn) (resume func() error, err error) {
	q := db.New(conn)
	if err := q.DeletesPause(ctx); err != nil {
		return nil, fmt.Errorf("media: pause deletions: %w", err)
	}
	return func() error {
		if err := q.DeletesResume(context.Background()); err != nil {
			return fmt.Errorf("media: resume deletions: %w", err)
		}
		return nil
	}, nil
}

// HeldKeys lists every key something holds, as tx sees them. A backup asks
// in the snapshot it dumps, to be sure it has the file of every blob the
// dump refers to.
func HeldKeys(ctx context.Context, tx pgx.Tx) ([]string, error) {
	keys, err := db.New(tx).RefsKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("media: held keys: %w", err)
	}
	return keys, nil
}
