package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/server"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes"
)

// dataDir is a fresh directory the private cluster (run as the postgres
// user when the tests run as root) can enter.
func dataDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "rdv-backup-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// embedded starts an engine's database and services on the private cluster
// under dir, as serve does without DATABASE_URL.
func embedded(t *testing.T, dir string) (*server.Engine, *pgxpool.Pool, func()) {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	pool, closeDB, err := database.Connect(ctx, "", dir, log)
	if err != nil {
		t.Fatal(err)
	}
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	e, err := server.New(server.Deps{Config: &config.Config{DataDir: dir, MailDisabled: true}, Log: log, Pool: pool,
		Directory: tenancy.NewDirectory(pool, log), Dist: fstest.MapFS{"index.html": {Data: []byte("<html></html>")}}, Themes: themes.FS})
	if err != nil {
		closeDB()
		t.Fatal(err)
	}
	// Jobs run as in production: blobs of deleted photos go at once.
	if err := e.Jobs.Start(ctx); err != nil {
		closeDB()
		t.Fatal(err)
	}
	return e, pool, func() {
		_ = e.Jobs.Stop(ctx)
		closeDB()
	}
}

// fingerprint is every row of every table of the database, so a restore
// that loses or changes anything shows. Photos count up to lastPhoto: the
// test adds and deletes more while the backup runs, which changes their
// media references and the job queue too (checked apart). The trust checks
// of those uploads keep writing the uploader's photo hashes, signals and
// flags after the backup's snapshot, so the uploader's rows there are left
// out.
func fingerprint(t *testing.T, pool *pgxpool.Pool, lastPhoto, uploader int64) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, table := range tables {
		if table == "media_refs" || strings.HasPrefix(table, "river_") {
			continue
		}
		var n int64
		var sum string
		q := "SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM " + pgx.Identifier{table}.Sanitize() + " t"
		var args []any
		switch table {
		case "photos":
			q, args = q+" WHERE id <= $1", []any{lastPhoto}
		case "media_refs":
			// The references of the photos uploaded during the backup.
			q, args = q+" WHERE NOT (holder LIKE 'photo:%' AND substr(holder, 7)::bigint > $1)", []any{lastPhoto}
		case "photo_hashes", "trust_signals", "trust_flags":
			q, args = q+" WHERE member_id <> $1", []any{uploader}
		}
		if err := pool.QueryRow(ctx, q, args...).Scan(&n, &sum); err != nil {
			t.Fatal(err)
		}
		out[table] = sum
	}
	return out
}

func photoJPEG(t *testing.T, shade uint8) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for i := range img.Pix {
		img.Pix[i] = shade + uint8(i%7)
	}
	img.Set(0, 0, color.White)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A backup taken while the engine runs, restored into a new data
// directory, gives an engine with the same members, photos (rows and
// files), conversations and ledger.
func TestBackupRestore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := dataDir(t)
	e, pool, closeDB := embedded(t, src)
	defer func() { closeDB() }()

	man := accountstest.NewMember(t, pool, accountstest.Member{Credits: 500})
	woman := accountstest.NewMember(t, pool, accountstest.Member{Gender: "female", Seeking: "male", Credits: 100})
	if _, err := e.Profiles.AddPhoto(ctx, man.ID, photoJPEG(t, 40), false); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Profiles.AddPhoto(ctx, woman.ID, photoJPEG(t, 120), false); err != nil {
		t.Fatal(err)
	}
	tenant, err := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler)).ByHost(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Chat.Send(ctx, chat.SendInput{Tenant: tenant, SenderID: man.ID, ProfileID: woman.ID, Text: "Hello there", ClientID: "b1"}); err != nil {
		t.Fatal(err)
	}
	paid, err := e.Chat.SendUpload(ctx, chat.SendInput{Tenant: tenant, SenderID: man.ID, ProfileID: woman.ID, ClientID: "b2"}, photoJPEG(t, 200))
	if err != nil {
		t.Fatal(err)
	}
	if paid.Credits >= 500 {
		t.Fatalf("messages cost nothing (balance %d): no ledger rows to back up", paid.Credits)
	}
	if _, err := e.Chat.Send(ctx, chat.SendInput{Tenant: tenant, SenderID: woman.ID, ProfileID: man.ID, Text: "Hi!", ClientID: "b3"}); err != nil {
		t.Fatal(err)
	}
	var keys []string
	rows, err := pool.Query(ctx, `SELECT filename FROM photos UNION ALL SELECT thumb_filename FROM photos
		UNION ALL SELECT photo_filename FROM messages WHERE photo_filename <> '' UNION ALL SELECT photo_thumb FROM messages WHERE photo_thumb <> ''`)
	if err != nil {
		t.Fatal(err)
	}
	if keys, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || len(keys) != 6 {
		t.Fatalf("media keys %v (%v)", keys, err)
	}
	uploader := accountstest.NewMember(t, pool, accountstest.Member{PaidUser: true})
	var lastPhoto int64
	if err := pool.QueryRow(ctx, "SELECT max(id) FROM photos").Scan(&lastPhoto); err != nil {
		t.Fatal(err)
	}
	// The trust checks of the photos and messages above run as jobs: the
	// fingerprint is taken once they are done.
	for deadline := time.Now().Add(20 * time.Second); ; {
		var pending int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind IN ('trust_check', 'trust_texts') AND state NOT IN ('completed', 'discarded', 'cancelled')").Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d trust checks still pending", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var hashed int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM photo_hashes").Scan(&hashed); err != nil || hashed != 3 {
		t.Fatalf("%d photo hashes after the trust checks, want 3 (%v)", hashed, err)
	}
	before := fingerprint(t, pool, lastPhoto, uploader.ID)
	for _, table := range []string{"members", "profiles", "photos", "conversations", "messages", "ledger"} {
		if before[table] == "" {
			t.Fatalf("table %s is empty: the test would prove nothing", table)
		}
	}

	// Members keep uploading and deleting photos while the backup runs:
	// whatever photos the backup holds, it holds their files.
	stop, uploaded := make(chan struct{}), make(chan int)
	go func() {
		n := 0
		var kept []int64
		for {
			select {
			case <-stop:
				uploaded <- n
				return
			default:
			}
			img, err := e.Profiles.AddPhoto(ctx, uploader.ID, photoJPEG(t, uint8(n)), false)
			if err != nil {
				t.Errorf("upload during the backup: %v", err)
				<-stop
				uploaded <- n
				return
			}
			n++
			if kept = append(kept, img.ID); len(kept) > 2 {
				if err := e.Profiles.DeletePhoto(ctx, uploader.ID, kept[0]); err != nil {
					t.Errorf("delete during the backup: %v", err)
				}
				kept = kept[1:]
			}
		}
	}()
	archive := filepath.Join(dataDir(t), "rendezvous.backup")
	var out bytes.Buffer
	err = run(ctx, []string{"backup", "--data", src, "--to", archive}, &out, &out)
	close(stop)
	t.Logf("%d photos uploaded while the backup ran", <-uploaded)
	if err != nil {
		t.Fatalf("backup: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "media files") {
		t.Errorf("backup report: %s", out.String())
	}
	// The engine's server is still up: the backup used it and left it running.
	if err := pool.Ping(ctx); err != nil {
		t.Fatalf("the engine's database after the backup: %v", err)
	}
	closeDB()
	closeDB = func() {}

	if err := run(ctx, []string{"restore", "--data", src, "--from", archive}, &out, &out); err == nil {
		t.Fatal("restore over the existing data directory succeeded")
	}
	dst := filepath.Join(dataDir(t), "restored")
	if err := run(ctx, []string{"restore", "--data", dst, "--from", archive}, &out, &out); err != nil {
		t.Fatalf("restore: %v\n%s", err, out.String())
	}

	e2, pool2, close2 := embedded(t, dst)
	defer close2()
	after := fingerprint(t, pool2, lastPhoto, uploader.ID)
	for table, sum := range before {
		if after[table] != sum {
			t.Errorf("table %s differs after the restore", table)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d tables before, %d after", len(before), len(after))
	}
	// Photos are served from the restored media folder, byte for byte.
	for _, key := range keys {
		want, err := os.ReadFile(filepath.Join(src, "media", filepath.FromSlash(key)))
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/media/"+key, nil)
		req.Host = "localhost"
		e2.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("/media/%s: %d, %d bytes, want %d", key, rec.Code, rec.Body.Len(), len(want))
		}
	}
	// Every blob the restored database holds has its file.
	rows, err = pool2.Query(ctx, "SELECT key FROM media_refs")
	if err != nil {
		t.Fatal(err)
	}
	restored, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range restored {
		if _, err := os.Stat(filepath.Join(dst, "media", filepath.FromSlash(key))); err != nil {
			t.Errorf("media file %s: %v", key, err)
		}
	}
	// The services read what they wrote.
	state, err := e2.Profiles.OwnPhotos(ctx, man.ID, false)
	if err != nil || len(state.Photos) != 1 {
		t.Fatalf("photos of the member: %+v %v", state, err)
	}
	chats, err := e2.Chat.List(ctx, tenant, woman.ID)
	if err != nil || len(chats) != 1 {
		t.Fatalf("conversations: %+v %v", chats, err)
	}
	var credits, ledger int64
	if err := pool2.QueryRow(ctx, `SELECT credits, (SELECT balance_after FROM ledger WHERE member_id = m.id ORDER BY id DESC LIMIT 1)
		FROM members m WHERE id = $1`, man.ID).Scan(&credits, &ledger); err != nil || credits != paid.Credits || ledger != paid.Credits {
		t.Fatalf("balance %d, ledger %d, want %d (%v)", credits, ledger, paid.Credits, err)
	}
}
