package privacy_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/privacy"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// export is the answer of data-export.php.
type export struct {
	Export *struct {
		ID            int64      `json:"id"`
		Status        string     `json:"status"`
		Progress      int        `json:"progress"`
		ExpiresAt     *time.Time `json:"expires_at"`
		NextRequestAt *time.Time `json:"next_request_at"`
	} `json:"export"`
}

// withClock puts the privacy area on a clock the test moves.
func withClock(env *servertest.Env) *servertest.Clock {
	clock := servertest.NewClock()
	env.Privacy.Now = clock.Now
	return clock
}

// awaitReady polls the status call until the copy is built, as the
// settings page does, and returns every progress it saw.
func awaitReady(t *testing.T, c *servertest.Client) (int64, []int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var seen []int
	for time.Now().Before(deadline) {
		var got export
		res := c.Do("GET", "/api/data-export.php", nil)
		res.JSON(t, &got)
		if res.Status != 200 || got.Export == nil {
			t.Fatalf("status: %d %s", res.Status, res.Body)
		}
		seen = append(seen, got.Export.Progress)
		switch got.Export.Status {
		case "ready":
			return got.Export.ID, seen
		case "failed":
			t.Fatalf("build failed: %s", res.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the copy was not built in time")
	return 0, nil
}

// download fetches a copy and opens its zip.
func download(t *testing.T, c *servertest.Client, id int64) (*zip.Reader, servertest.Response) {
	t.Helper()
	res := c.Do("GET", fmt.Sprintf("/api/data-export-file.php?id=%d", id), nil)
	if res.Status != 200 {
		return nil, res
	}
	z, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	return z, res
}

func readZip(t *testing.T, z *zip.Reader, name string) []byte {
	t.Helper()
	f, err := z.Open(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// archive is the part of data.json the tests read.
type archive struct {
	Account struct {
		ID    int64  `json:"id"`
		Email string `json:"email"`
	} `json:"account"`
	Profile struct {
		Name string `json:"name"`
	} `json:"profile"`
	Photos []struct {
		ID   int64  `json:"id"`
		File string `json:"file"`
	} `json:"photos"`
	LikesGiven []struct {
		ProfileID int64 `json:"profile_id"`
	} `json:"likes_given"`
	Matches []struct {
		ProfileID int64 `json:"profile_id"`
	} `json:"matches"`
	Conversations []struct {
		WithProfileID int64 `json:"with_profile_id"`
		Messages      []struct {
			FromMe bool   `json:"from_me"`
			Text   string `json:"text"`
		} `json:"messages"`
	} `json:"conversations"`
	Ledger   []json.RawMessage `json:"ledger"`
	Sessions []json.RawMessage `json:"sessions"`
	Consents struct {
		Records []struct {
			Kind    string `json:"kind"`
			Version string `json:"version"`
			Granted bool   `json:"granted"`
		} `json:"records"`
	} `json:"consents"`
}

func TestArchiveHoldsTheMembersDataAndNoOneElses(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	c, me := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Anouk", Credits: 50})
	friend, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bram", Gender: "female", Seeking: "male", Credits: 50})
	stranger, other := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Cas", Credits: 50})
	photo := servertest.TestJPEG(t, 640, 800)
	c.UploadPhoto("/api/photos.php", photo).Want(t, http.StatusCreated, "")
	for _, send := range []struct {
		from *servertest.Client
		to   int64
		text string
	}{
		{c, made.ID, "Hoi Bram, van Anouk"},
		{friend, me.ID, "Hoi Anouk, van Bram"},
		{stranger, made.ID, "Alleen voor Bram, van Cas"},
	} {
		if res := send.from.Do("POST", "/api/messages.php", map[string]any{"profile_id": send.to, "text": send.text}); res.Status >= 300 {
			t.Fatalf("send %q: %d %s", send.text, res.Status, res.Body)
		}
	}
	if _, err := env.Pool.Exec(ctx, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2), ($2, $1), ($1, $3)", me.ID, made.ID, other.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `INSERT INTO consents (member_id, kind, version, granted, address) VALUES
		($1, 'terms', '2026-11-01', true, '192.0.2.7'), ($1, 'orientation', '', false, '192.0.2.7'), ($2, 'terms', '2026-11-01', true, NULL)`, me.ID, made.ID); err != nil {
		t.Fatal(err)
	}

	res := c.Do("POST", "/api/data-export.php", nil)
	var asked export
	res.JSON(t, &asked)
	if res.Status != http.StatusAccepted || asked.Export == nil || asked.Export.Status != "pending" {
		t.Fatalf("request: %d %s", res.Status, res.Body)
	}
	id, seen := awaitReady(t, c)
	if id != asked.Export.ID || seen[len(seen)-1] != 100 {
		t.Fatalf("ready copy %d (asked %d), progress %v", id, asked.Export.ID, seen)
	}
	mail := deliverytest.Await(t, env.Pool, me.Email, privacy.Template, 0)
	// In the member's language (Dutch on LustLokaal), with the day it expires.
	if !strings.Contains(mail.Subject, "Je gegevens van LustLokaal") || !strings.HasSuffix(mail.Path(t, "data-export"), privacy.DownloadPage) {
		t.Fatalf("mail links %v", mail.Links)
	}

	z, res := download(t, c, id)
	if z == nil {
		t.Fatalf("download: %d %s", res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download headers %v", res.Header)
	}
	raw := readZip(t, z, privacy.DataFile)
	var got archive
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Account.ID != me.ID || got.Account.Email != me.Email || got.Profile.Name != "Anouk" {
		t.Fatalf("account %+v profile %+v", got.Account, got.Profile)
	}
	// Cas's conversation with Bram is not Anouk's (Cas is in her likes given).
	if strings.Contains(string(raw), "password") || strings.Contains(string(raw), "Alleen voor Bram") {
		t.Fatalf("the copy holds what is not the member's: %s", raw)
	}
	if len(got.Conversations) != 1 || got.Conversations[0].WithProfileID != made.ID || len(got.Conversations[0].Messages) != 2 {
		t.Fatalf("conversations %+v", got.Conversations)
	}
	mine, theirs := got.Conversations[0].Messages[0], got.Conversations[0].Messages[1]
	if !mine.FromMe || mine.Text != "Hoi Bram, van Anouk" || theirs.FromMe || theirs.Text != "Hoi Anouk, van Bram" {
		t.Fatalf("messages %+v", got.Conversations[0].Messages)
	}
	if len(got.LikesGiven) != 2 || len(got.Matches) != 1 || got.Matches[0].ProfileID != made.ID || len(got.Ledger) == 0 || len(got.Sessions) == 0 {
		t.Fatalf("likes %+v matches %+v ledger %d sessions %d", got.LikesGiven, got.Matches, len(got.Ledger), len(got.Sessions))
	}
	// Her consents, the withdrawn one too, and not Bram's.
	if r := got.Consents.Records; len(r) != 2 || r[0].Kind != "terms" || r[0].Version != "2026-11-01" || !r[0].Granted || r[1].Kind != "orientation" || r[1].Granted {
		t.Fatalf("consent records %+v", r)
	}
	// The photo is the original as the store keeps it.
	if len(got.Photos) != 1 {
		t.Fatalf("photos %+v", got.Photos)
	}
	var key string
	if err := env.Pool.QueryRow(ctx, "SELECT filename FROM photos WHERE id = $1", got.Photos[0].ID).Scan(&key); err != nil {
		t.Fatal(err)
	}
	stored, _, err := env.Profiles.Store.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(stored)
	_ = stored.Close()
	if copied := readZip(t, z, got.Photos[0].File); !bytes.Equal(copied, want) || len(want) == 0 {
		t.Fatalf("photo copy of %d bytes, stored %d", len(copied), len(want))
	}
	// Dutch, the member's language, on the page a person reads.
	if index := string(readZip(t, z, privacy.IndexFile)); !strings.Contains(index, "Je gegevens bij") || !strings.Contains(index, got.Photos[0].File) {
		t.Fatalf("index.html: %s", index)
	}
}

func TestOneRequestADay(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	c.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")
	clock.Add(23 * time.Hour)
	res := c.Do("POST", "/api/data-export.php", nil)
	res.Want(t, http.StatusTooManyRequests, "data_export_daily_limit")
	var st export
	c.Do("GET", "/api/data-export.php", nil).JSON(t, &st)
	if st.Export == nil || st.Export.NextRequestAt == nil || !st.Export.NextRequestAt.After(clock.Now()) {
		t.Fatalf("status after the refusal: %+v", st.Export)
	}
	if n := count(t, env, "SELECT count(*) FROM data_exports"); n != 1 {
		t.Fatalf("%d copies after a refused request", n)
	}
	clock.Add(time.Hour)
	c.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")
}

func TestDownloadNeedsTheMembersLoginAndExpires(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	c.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")
	id, _ := awaitReady(t, c)
	path := fmt.Sprintf("/api/data-export-file.php?id=%d", id)
	env.Client(t, "localhost").Do("GET", path, nil).Want(t, http.StatusForbidden, "authentication_required")
	other.Do("GET", path, nil).Want(t, http.StatusNotFound, "data_export_not_found")
	// The archive is in the media store, but not served as the photos are.
	var key string
	if err := env.Pool.QueryRow(context.Background(), "SELECT blob_key FROM data_exports WHERE id = $1", id).Scan(&key); err != nil {
		t.Fatal(err)
	}
	env.Client(t, "localhost").Do("GET", "/media/"+key, nil).Want(t, http.StatusNotFound, "")
	if z, res := download(t, c, id); z == nil {
		t.Fatalf("download: %d %s", res.Status, res.Body)
	}
	clock.Add(privacy.ExportValid)
	c.Do("GET", path, nil).Want(t, http.StatusGone, "data_export_expired")
	// The retention job then lets the blob go.
	if _, err := env.Privacy.Retain(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := count(t, env, "SELECT count(*) FROM data_exports WHERE blob_key IS NULL AND status = 'expired'"); n != 1 {
		t.Fatal("expired copy kept its archive")
	}
	env.AwaitCount(t, 0, "SELECT count(*) FROM media_refs WHERE key = $1", key)
	c.Do("GET", path, nil).Want(t, http.StatusGone, "data_export_expired")
}

func count(t *testing.T, env *servertest.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A copy that could not be built does not count: the member may ask again
// at once, and the status says so.
func TestAFailedCopyDoesNotCount(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	withClock(env)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	c.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")
	if _, err := env.Pool.Exec(context.Background(), "UPDATE data_exports SET status = 'failed'"); err != nil {
		t.Fatal(err)
	}
	var st export
	c.Do("GET", "/api/data-export.php", nil).JSON(t, &st)
	if st.Export == nil || st.Export.Status != "failed" || st.Export.NextRequestAt != nil {
		t.Fatalf("status after a failed build: %+v", st.Export)
	}
	c.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")
	if n := count(t, env, "SELECT count(*) FROM data_exports"); n != 2 {
		t.Fatalf("%d copies, want the failed one and the new one", n)
	}
}
