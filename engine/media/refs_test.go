package media_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"rendezvous/engine/media"
	"rendezvous/engine/media/mediatest"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/platform/pgtest"
)

// refsEnv is a database, a store and a running job client with the blob
// deletion worker.
type refsEnv struct {
	pool  *pgxpool.Pool
	store media.Store
	blobs *media.Blobs
}

// refsStores are the stores the reference tests run on: local disk and the
// test run's real S3 server.
var refsStores = map[string]func(t *testing.T) media.Store{
	"local": func(t *testing.T) media.Store {
		s, err := media.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return s
	},
	"s3": func(t *testing.T) media.Store {
		s, err := media.NewS3(context.Background(), mediatest.S3(t))
		if err != nil {
			t.Fatal(err)
		}
		return s
	},
}

func newRefsEnv(t *testing.T, store media.Store) refsEnv {
	t.Helper()
	pool := pgtest.New(t)
	workers := river.NewWorkers()
	media.Register(workers, pool, store, slog.New(slog.DiscardHandler))
	client, err := jobs.NewClient(pool, workers, slog.New(slog.DiscardHandler), jobs.Options{Work: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Stop(context.Background()) })
	return refsEnv{pool: pool, store: store, blobs: &media.Blobs{Jobs: client}}
}

// put stores a fresh blob and returns its key.
func (e refsEnv) put(t *testing.T) string {
	t.Helper()
	key := media.NewKey() + ".jpg"
	if err := e.store.Put(context.Background(), key, []byte("blob of "+key), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	return key
}

func (e refsEnv) inTx(t *testing.T, f func(tx pgx.Tx) error) {
	t.Helper()
	if err := pgx.BeginFunc(context.Background(), e.pool, f); err != nil {
		t.Fatal(err)
	}
}

func (e refsEnv) hold(t *testing.T, holder string, keys ...string) {
	t.Helper()
	e.inTx(t, func(tx pgx.Tx) error { return media.Hold(context.Background(), tx, holder, keys...) })
}

func (e refsEnv) release(t *testing.T, holders ...string) {
	t.Helper()
	e.inTx(t, func(tx pgx.Tx) error { return e.blobs.Release(context.Background(), tx, holders...) })
}

// settle waits until no blob deletion is queued or running.
func (e refsEnv) settle(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var pending int
		err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind = 'media_blob_delete' AND state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&pending)
		if err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d blob deletions still pending", pending)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (e refsEnv) stored(t *testing.T, key string) bool {
	t.Helper()
	r, _, err := e.store.Open(context.Background(), key)
	if errors.Is(err, media.ErrNotFound) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	return true
}

// TestSharedBlobGoesWithLastReference: a blob two holders share survives
// the release of one and is deleted after the release of the last; a blob
// of another holder is left alone. On local disk and in S3.
func TestSharedBlobGoesWithLastReference(t *testing.T) {
	t.Parallel()
	for name, open := range refsStores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newRefsEnv(t, open(t))
			shared, other := e.put(t), e.put(t)
			e.hold(t, "photo:1", shared)
			e.hold(t, "message:2", shared)
			e.hold(t, "photo:3", other)

			e.release(t, "photo:1")
			e.settle(t)
			if !e.stored(t, shared) {
				t.Fatal("the shared blob went with its first release")
			}
			e.release(t, "message:2")
			e.settle(t)
			if e.stored(t, shared) {
				t.Fatal("the shared blob outlived its last release")
			}
			if !e.stored(t, other) {
				t.Fatal("another holder's blob went too")
			}
			// Releasing what is released already changes nothing.
			e.release(t, "message:2", "photo:404")
			e.settle(t)
			if !e.stored(t, other) {
				t.Fatal("a repeated release deleted another holder's blob")
			}
		})
	}
}

// TestBlobKeptWhenReleaseRollsBack: the deletion is queued in the releasing
// transaction, so a release that rolls back deletes nothing.
func TestBlobKeptWhenReleaseRollsBack(t *testing.T) {
	t.Parallel()
	e := newRefsEnv(t, refsStores["local"](t))
	key := e.put(t)
	e.hold(t, "photo:1", key)
	err := pgx.BeginFunc(context.Background(), e.pool, func(tx pgx.Tx) error {
		if err := e.blobs.Release(context.Background(), tx, "photo:1"); err != nil {
			return err
		}
		return errors.New("the caller fails after releasing")
	})
	if err == nil {
		t.Fatal("the transaction did not fail")
	}
	e.settle(t)
	if !e.stored(t, key) {
		t.Fatal("a rolled-back release deleted the blob")
	}
}

// TestConcurrentLastReleases: two transactions releasing a blob's last two
// references at the same time cannot both see the other's reference and
// leave the blob behind; the second waits for the first and deletes it.
func TestConcurrentLastReleases(t *testing.T) {
	t.Parallel()
	e := newRefsEnv(t, refsStores["local"](t))
	ctx := context.Background()
	key := e.put(t)
	e.hold(t, "photo:1", key)
	e.hold(t, "message:2", key)

	first, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Rollback(ctx)
	if err := e.blobs.Release(ctx, first, "photo:1"); err != nil {
		t.Fatal(err)
	}
	second := make(chan error, 1)
	go func() {
		second <- pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error { return e.blobs.Release(ctx, tx, "message:2") })
	}()
	// The second release has dropped its reference and waits for the key.
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting bool
		if err := e.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second release never waited for the first")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := first.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	e.settle(t)
	if e.stored(t, key) {
		t.Fatal("both last references are released and the blob is still stored")
	}
}

// TestPauseDeletes: while a backup pauses deletions, the deletion job
// leaves a released blob in place and asks to run again later; once the
// backup resumes them, the job deletes it.
func TestPauseDeletes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newRefsEnv(t, refsStores["local"](t))
	key := e.put(t) // held by nothing: the job would delete it
	worker := &media.DeleteWorker{Pool: e.pool, Store: e.store}
	job := &river.Job[media.DeleteArgs]{Args: media.DeleteArgs{Key: key}}

	conn, err := e.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	resume, err := media.PauseDeletes(ctx, conn.Conn())
	if err != nil {
		t.Fatal(err)
	}
	var snooze *river.JobSnoozeError
	if err := worker.Work(ctx, job); !errors.As(err, &snooze) {
		t.Fatalf("deletion while paused: %v, want a snooze", err)
	}
	if !e.stored(t, key) {
		t.Fatal("the blob was deleted while deletions were paused")
	}
	if err := resume(); err != nil {
		t.Fatal(err)
	}
	if err := worker.Work(ctx, job); err != nil {
		t.Fatal(err)
	}
	if e.stored(t, key) {
		t.Fatal("the blob is still there after deletions resumed")
	}
}
