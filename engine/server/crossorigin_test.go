package server_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server"
	"rendezvous/engine/server/servertest"
)

// stateChanging lists every route of the engine's route table whose method
// changes state (anything but GET, HEAD, OPTIONS), as "METHOD path", with
// path parameters filled in.
func stateChanging(t *testing.T, h http.Handler) []string {
	t.Helper()
	var routes []string
	err := chi.Walk(h.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		switch method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return nil
		}
		route = strings.ReplaceAll(route, "{kind}", "bounce")
		route = strings.ReplaceAll(strings.TrimSuffix(route, "/*"), "*", "x")
		routes = append(routes, method+" "+route)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return routes
}

// exempt reports whether path is one other sites may post to by design.
func exempt(path string) bool {
	for _, p := range server.CrossOriginExempt {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// fingerprint is a digest of every row of every table the engine's requests
// write (not River's or the live instances' own heartbeats).
func fingerprint(t *testing.T, pool *pgxpool.Pool) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
		AND table_name NOT LIKE 'river%' AND table_name NOT IN ('live_instances', 'live_presence', 'goose_db_version')`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) < 20 {
		t.Fatalf("only %d tables: %v", len(tables), tables)
	}
	out := map[string]string{}
	for _, table := range tables {
		name := pgx.Identifier{table}.Sanitize()
		var digest string
		if err := pool.QueryRow(ctx, `SELECT count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM `+name+` x`).Scan(&digest); err != nil {
			t.Fatal(err)
		}
		out[table] = digest
	}
	return out
}

// TestCrossOriginMatrix sends every state-changing route of the route
// table, as a logged-in member, the requests a page on another site can
// make a browser send: each is refused with 403 cross_origin and nothing in
// the database changes. The same requests from the site itself pass the
// check. New routes are covered as they are added.
func TestCrossOriginMatrix(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
	routes := stateChanging(t, env.Handler)
	if len(routes) < 20 {
		t.Fatalf("walked only %d state-changing routes: %v", len(routes), routes)
	}
	foreign := []struct {
		name    string
		headers map[string]string
		ctype   string
	}{
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, "application/json"},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, "application/json"},
		{"cross-site form", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "null"}, "application/x-www-form-urlencoded"},
		{"cross-site text", map[string]string{"Sec-Fetch-Site": "cross-site"}, "text/plain"},
		{"another tenant", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://de.localhost"}, "application/json"},
		{"old browser, another tenant", map[string]string{"Origin": "http://de.localhost"}, "text/plain"},
	}
	send := func(route string, headers map[string]string, ctype string) servertest.Response {
		method, path, _ := strings.Cut(route, " ")
		req, _ := http.NewRequest(method, env.URL+path+"?id=1&token=x", strings.NewReader(`{"profile_id":1,"text":"hi","client_id":"x1","email":"new@example.com"}`))
		req.Host = "localhost"
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("X-Request-Type", "client")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		return c.Send(req)
	}

	before := fingerprint(t, env.Pool)
	refused := 0
	for _, route := range routes {
		_, path, _ := strings.Cut(route, " ")
		for _, f := range foreign {
			res := send(route, f.headers, f.ctype)
			if exempt(path) {
				if res.ErrorCode() == "cross_origin" {
					t.Errorf("%s, %s: the exempt endpoint refused: %d %s", route, f.name, res.Status, res.Body)
				}
				continue
			}
			if res.Status != http.StatusForbidden || res.ErrorCode() != "cross_origin" {
				t.Errorf("%s, %s: %d %s, want 403 cross_origin", route, f.name, res.Status, res.Body)
			}
			refused++
		}
	}
	if refused < 20*len(foreign) {
		t.Fatalf("only %d requests refused", refused)
	}
	after := fingerprint(t, env.Pool)
	for table, digest := range before {
		// The exempt hooks may act (a bounce for an unknown address changes
		// nothing either).
		if after[table] != digest {
			t.Errorf("table %s changed under cross-origin requests", table)
		}
	}

	// The site's own requests, and requests from no browser at all, pass.
	same := []map[string]string{
		{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
		{"Origin": "http://localhost"},
		{"Sec-Fetch-Site": "none"},
		{},
	}
	for _, route := range routes {
		for _, h := range same {
			if res := send(route, h, "application/json"); res.Status == http.StatusForbidden && res.ErrorCode() == "cross_origin" {
				t.Errorf("%s with %v: refused as cross-origin", route, h)
			}
		}
	}
}

// TestJSONCallsRefuseOtherBodies: a JSON call with a text/plain or form
// body (what a plain HTML form can send) is refused with 415 and nothing
// happens; the page-hidden beacon reads no body and still answers.
func TestJSONCallsRefuseOtherBodies(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	body := `{"profile_id":` + strconv.FormatInt(other.ID, 10) + `,"text":"hi","client_id":"c1"}`
	for _, ctype := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", ""} {
		req, _ := http.NewRequest("POST", env.URL+"/api/messages.php", strings.NewReader(body))
		req.Host = "localhost"
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		c.Send(req).Want(t, http.StatusUnsupportedMediaType, "unsupported_media_type")
	}
	var n int
	if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM messages").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d messages stored (%v)", n, err)
	}
	c.Do("POST", "/api/messages.php", []byte(body)).Want(t, http.StatusCreated, "")
	req, _ := http.NewRequest("POST", env.URL+"/api/page-hidden.php", strings.NewReader("{}"))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	c.Send(req).Want(t, http.StatusNoContent, "")
}
