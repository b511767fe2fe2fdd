package profiles_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// noteAnswer is the answer of note.php.
type noteAnswer struct {
	Note *struct {
		Text      string `json:"text"`
		UpdatedAt string `json:"updated_at"`
	} `json:"note"`
}

// viewedNote is member.php's answer as far as notes go: the raw note, so
// a note that should not be there is seen whatever its shape.
func viewedNote(t testing.TB, c *servertest.Client, id int64) json.RawMessage {
	t.Helper()
	res := c.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(id, 10), nil)
	wantStatus(t, res, 200, "")
	var a struct {
		Profile map[string]json.RawMessage `json:"profile"`
	}
	if err := json.Unmarshal(res.Body, &a); err != nil {
		t.Fatalf("decode %s: %v", res.Body, err)
	}
	return a.Profile["note"]
}

func countNotes(t testing.TB, env *servertest.Env, writer int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM profile_notes WHERE writer_id = $1", writer).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestProfileNotes: a member keeps a private note on another profile; it
// is in member.php and note.php for the writer only, saved again, cleared
// with blank text.
func TestProfileNotes(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	writer, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	other, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	owner, made := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})

	if n := viewedNote(t, writer, made.ID); n != nil {
		t.Fatalf("a note before any was written: %s", n)
	}
	res := writer.Do(http.MethodGet, "/api/note.php?profile_id="+strconv.FormatInt(made.ID, 10), nil)
	wantStatus(t, res, 200, "")
	if a := decode[noteAnswer](t, res); a.Note != nil {
		t.Fatalf("note.php without a note: %s", res.Body)
	}

	res = writer.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": made.ID, "text": "  Likes sailing; asked about Texel.  "})
	wantStatus(t, res, 200, "")
	if a := decode[noteAnswer](t, res); a.Note == nil || a.Note.Text != "Likes sailing; asked about Texel." || a.Note.UpdatedAt == "" {
		t.Fatalf("saved note: %s", res.Body)
	}
	if n := string(viewedNote(t, writer, made.ID)); !strings.Contains(n, `"text":"Likes sailing; asked about Texel."`) {
		t.Fatalf("member.php note for the writer: %s", n)
	}
	// Nobody else learns of it: another member, nor the profile's owner.
	if n := viewedNote(t, other, made.ID); n != nil {
		t.Fatalf("another member sees the note: %s", n)
	}
	if n := viewedNote(t, owner, made.ID); n != nil {
		t.Fatalf("the profile's owner sees the note: %s", n)
	}
	if a := decode[noteAnswer](t, other.Do(http.MethodGet, "/api/note.php?profile_id="+strconv.FormatInt(made.ID, 10), nil)); a.Note != nil {
		t.Fatalf("note.php gives another member the note")
	}
	if n := viewedNote(t, env.Client(t, nlHost), made.ID); n != nil {
		t.Fatalf("a visitor sees the note: %s", n)
	}

	// A second save replaces it; 500 characters (not bytes) fit.
	long := strings.Repeat("é", 500)
	wantStatus(t, writer.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": made.ID, "text": long}), 200, "")
	if a := decode[noteAnswer](t, writer.Do(http.MethodGet, "/api/note.php?profile_id="+strconv.FormatInt(made.ID, 10), nil)); a.Note == nil || a.Note.Text != long {
		t.Fatalf("replaced note: %+v", a.Note)
	}
	if n := countNotes(t, env, made.ID); n != 0 {
		t.Fatalf("the owner has %d notes", n)
	}

	// Blank text clears it.
	res = writer.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": made.ID, "text": " \n "})
	wantStatus(t, res, 200, "")
	if strings.TrimSpace(string(res.Body)) != `{"note":null}` {
		t.Fatalf("cleared note answer: %s", res.Body)
	}
	if n := viewedNote(t, writer, made.ID); n != nil {
		t.Fatalf("a cleared note is still shown: %s", n)
	}
}

// TestProfileNoteRefusals: bad notes get a 4xx with a stable code and
// change nothing.
func TestProfileNoteRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	writer, me := env.LoggedIn(t, nlHost, accountstest.Member{})
	_, target := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	blocker, blockerMade := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	wantStatus(t, blocker.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": me.ID}), 204, "")
	_, disabled := env.LoggedIn(t, nlHost, accountstest.Member{})
	if _, err := env.Pool.Exec(context.Background(), "UPDATE profiles SET status = 'disabled' WHERE id = $1", disabled.ID); err != nil {
		t.Fatal(err)
	}
	_, dach := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female"})
	deWriter, deMe := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen"})

	cases := []struct {
		name   string
		client *servertest.Client
		body   any
		status int
		code   string
	}{
		{"too long", writer, map[string]any{"profile_id": target.ID, "text": strings.Repeat("x", 501)}, 422, "note_too_long"},
		{"unknown profile", writer, map[string]any{"profile_id": 99999999, "text": "hi"}, 404, "profile_not_found"},
		{"inactive profile", writer, map[string]any{"profile_id": disabled.ID, "text": "hi"}, 404, "profile_not_found"},
		{"own profile", writer, map[string]any{"profile_id": me.ID, "text": "hi"}, 422, "own_profile"},
		{"another tenant's profile", writer, map[string]any{"profile_id": dach.ID, "text": "hi"}, 404, "profile_not_found"},
		{"blocked by the profile's owner", writer, map[string]any{"profile_id": blockerMade.ID, "text": "hi"}, 403, "blocked"},
		{"setting off", deWriter, map[string]any{"profile_id": dach.ID, "text": "hi"}, 403, "notes_disabled"},
		{"no profile id", writer, map[string]any{"text": "hi"}, 422, "profile_id_invalid"},
		{"profile id of the wrong type", writer, `{"profile_id":"abc","text":"hi"}`, 422, "wrong_type"},
		{"text of the wrong type", writer, `{"profile_id":1,"text":5}`, 422, "wrong_type"},
		{"not JSON", writer, `{"profile_id":`, 400, "invalid_json"},
		{"unknown field", writer, map[string]any{"profile_id": target.ID, "text": "hi", "public": true}, 400, "unknown_field"},
		{"visitor", env.Client(t, nlHost), map[string]any{"profile_id": target.ID, "text": "hi"}, 403, "authentication_required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantStatus(t, tc.client.Do(http.MethodPut, "/api/note.php", tc.body), tc.status, tc.code)
		})
	}
	for _, w := range []int64{me.ID, deMe.ID} {
		if n := countNotes(t, env, w); n != 0 {
			t.Fatalf("refused notes stored %d rows for %d", n, w)
		}
	}

	// The read call is refused the same way.
	wantStatus(t, deWriter.Do(http.MethodGet, "/api/note.php?profile_id="+strconv.FormatInt(dach.ID, 10), nil), 403, "notes_disabled")
	wantStatus(t, writer.Do(http.MethodGet, "/api/note.php?profile_id="+strconv.FormatInt(dach.ID, 10), nil), 404, "profile_not_found")
	wantStatus(t, writer.Do(http.MethodGet, "/api/note.php?profile_id=x", nil), 422, "profile_id_invalid")

	// A note kept while the setting was on is not shown once it is off.
	if _, err := env.Pool.Exec(context.Background(), "INSERT INTO profile_notes (writer_id, profile_id, body) VALUES ($1, $2, 'old')", deMe.ID, dach.ID); err != nil {
		t.Fatal(err)
	}
	if n := viewedNote(t, deWriter, dach.ID); n != nil {
		t.Fatalf("a note shown on a tenant without notes: %s", n)
	}

	// A cross-site write is refused before it reaches the note.
	req, _ := http.NewRequest(http.MethodPut, env.URL+"/api/note.php", strings.NewReader(`{"profile_id":`+strconv.FormatInt(target.ID, 10)+`,"text":"x"}`))
	req.Host = nlHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	wantStatus(t, writer.Send(req), 403, "cross_origin")
	if n := countNotes(t, env, me.ID); n != 0 {
		t.Fatalf("a cross-site write stored a note")
	}
}

// TestPurgeRemovesNotes: the notes a purged member wrote and the notes
// others kept on their profile go with the account.
func TestPurgeRemovesNotes(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	gone, goneMade := env.LoggedIn(t, nlHost, accountstest.Member{})
	stays, staysMade := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	_, third := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	wantStatus(t, gone.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": staysMade.ID, "text": "by the deleted one"}), 200, "")
	wantStatus(t, stays.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": goneMade.ID, "text": "on the deleted one"}), 200, "")
	wantStatus(t, stays.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": third.ID, "text": "kept"}), 200, "")

	wantStatus(t, gone.Do(http.MethodDelete, "/api/account.php", nil), 202, "")
	if _, err := env.Pool.Exec(ctx, "UPDATE members SET deletion_requested_at = now() - interval '15 days' WHERE id = $1", goneMade.ID); err != nil {
		t.Fatal(err)
	}
	env.Purge(t, goneMade.ID)
	var n int
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM profile_notes WHERE writer_id = $1 OR profile_id = $1", goneMade.ID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d notes of or on the purged member (%v)", n, err)
	}
	if n := countNotes(t, env, staysMade.ID); n != 1 {
		t.Fatalf("the other member's note on a third profile is gone: %d", n)
	}
}
