package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/brandfile"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes"
	"rendezvous/themes/themestest"
)

// CountryHeader sets a test client's country.
const CountryHeader = "X-Test-Country"

// ConsoleHost is the test engine's console host (ADMIN_HOSTS).
const ConsoleHost = "admin.localhost"

// MetricsToken is the test engine's METRICS_TOKEN.
const MetricsToken = "test-metrics-token"

// TestIndex stands in for the built index.html.
const TestIndex = `<!doctype html><html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body></body></html>`

// TestConsoleIndex stands in for the built admin.html, the console's page.
const TestConsoleIndex = `<!doctype html><html lang="en"><head><title>Rendezvous console</title></head><body><div id="console"></div></body></html>`

// Limits are the test engines' abuse limits: high enough that no scenario
// meets one by chance (tests of validation send many bad requests from one
// address). Tests of a limit lower it with Engine.Limits.Set.
const Limits = "signup=100000/1h,complaint=100000/1h,reset_mail=100000/1h,activation_mail=100000/1h,message=100000/1m,like=100000/1m,typing=100000/1m,note=100000/1m,visit=100000/1h,new_password=100000/1h,account_change=100000/1h"

// Env is a running engine on its own database.
type Env struct {
	*server.Engine
	Pool   *pgxpool.Pool
	Server *httptest.Server
	URL    string
	// Tenants is the engine's copy of the tenants (ChangeTenants).
	Tenants *tenancy.Directory
}

// New starts the engine with the demo tenants imported; photos are kept on
// local disk in a temporary directory.
func New(tb testing.TB) *Env {
	tb.Helper()
	return NewWithMedia(tb, nil)
}

// NewWithMedia is New with photos kept in store (an S3 store in tests of
// the S3 path); nil means local disk in a temporary directory.
func NewWithMedia(tb testing.TB, store media.Store) *Env {
	tb.Helper()
	return startOn(tb, demoPool(tb), store, true)
}

// NewConfigured is New with the test configuration changed by configure
// (an engine without the sandbox payment provider, say).
func NewConfigured(tb testing.TB, configure func(*config.Config)) *Env {
	tb.Helper()
	return startWith(tb, demoPool(tb), nil, true, configure)
}

// NewIdle is New with the job client not working: jobs are inserted and
// stay queued, for tests of what a transaction queues; they run a worker
// by hand.
func NewIdle(tb testing.TB) *Env {
	tb.Helper()
	return startOn(tb, demoPool(tb), nil, false)
}

// Twin starts a second engine on the same database with its own connection
// pool, event listener and job client, as a second engine process would:
// tests of cross-instance behaviour (live delivery) talk to both.
func (e *Env) Twin(tb testing.TB) *Env {
	tb.Helper()
	pool, err := pgxpool.New(context.Background(), e.Pool.Config().ConnString())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(pool.Close)
	return startOn(tb, pool, nil, true)
}

// TwinOn is Twin on pool, a pool the test made on e's database (with a
// query tracer, say), and without job workers, so that only requests use
// the pool.
func (e *Env) TwinOn(tb testing.TB, pool *pgxpool.Pool) *Env {
	tb.Helper()
	return startOn(tb, pool, nil, false)
}

// NewReplicated starts the engine on a primary with the demo tenants and a
// streaming read replica of it (pgtest.NewReplicated), as with
// DATABASE_READ_URL: the reads that tolerate lag go to the replica. Tests
// pause the replica's replay to see which server answered.
func NewReplicated(tb testing.TB) (*Env, *pgtest.Replicated) {
	tb.Helper()
	r := pgtest.NewReplicated(tb)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := brandfile.Import(context.Background(), r.Primary, themestest.BuiltIn(tb), files, false); err != nil {
		tb.Fatal(err)
	}
	r.CaughtUp(tb)
	return start(tb, r.Primary, r.Replica, nil, true, nil), r
}

// demoPool is a fresh database with the demo brands imported as the
// engine's start imports them: with every area's part (brandfile).
func demoPool(tb testing.TB) *pgxpool.Pool {
	tb.Helper()
	pool := pgtest.New(tb)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := brandfile.Import(context.Background(), pool, themestest.BuiltIn(tb), files, false); err != nil {
		tb.Fatal(err)
	}
	return pool
}

// startOn builds and starts an engine on pool, served by an httptest server.
func startOn(tb testing.TB, pool *pgxpool.Pool, store media.Store, work bool) *Env {
	tb.Helper()
	return startWith(tb, pool, store, work, nil)
}

// startWith is startOn with the configuration changed by configure.
func startWith(tb testing.TB, pool *pgxpool.Pool, store media.Store, work bool, configure func(*config.Config)) *Env {
	tb.Helper()
	return start(tb, pool, nil, store, work, configure)
}

// start is startWith with the pool of lag-tolerant reads (nil: pool).
func start(tb testing.TB, pool, read *pgxpool.Pool, store media.Store, work bool, configure func(*config.Config)) *Env {
	tb.Helper()
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	dist := fstest.MapFS{
		"index.html":           {Data: []byte(TestIndex)},
		"admin.html":           {Data: []byte(TestConsoleIndex)},
		"assets/app-abc123.js": {Data: []byte(strings.Repeat("console.log('rendezvous');\n", 100))},
		"sw.js":                {Data: []byte("self.addEventListener('push', () => {});")},
	}
	cfg := &config.Config{CountryHeader: CountryHeader, DataDir: tb.TempDir(), RateLimits: Limits, DevMailbox: true, PaymentSandbox: true, MetricsToken: MetricsToken,
		AdminHosts: []string{ConsoleHost}}
	if configure != nil {
		configure(cfg)
	}
	tenants := tenancy.NewDirectory(pool, log)
	e, err := server.New(server.Deps{Config: cfg, Media: store, Log: log, Pool: pool, ReadPool: read,
		Directory: tenants, Dist: dist, Themes: themes.FS,
		// Tests stand in for affiliate networks and push services with
		// local servers.
		Outbound: outbound.NewGuard(outbound.AllowLoopbackForTests())})
	if err != nil {
		tb.Fatal(err)
	}
	e.Accounts.HashParams = accountstest.FastHash
	e.Console.Staff.HashParams = accountstest.FastHash
	// Jobs run as in production, so mails reach the development mailbox.
	if work {
		if err := e.Jobs.Start(ctx); err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = e.Jobs.Stop(context.Background()) })
	}
	e.Live.Start()
	tb.Cleanup(e.Live.Close)
	srv := httptest.NewServer(e.Handler)
	tb.Cleanup(srv.Close)
	return &Env{Engine: e, Pool: pool, Server: srv, URL: srv.URL, Tenants: tenants}
}

// Client is a browser-like client of one tenant host, with its own cookies.
type Client struct {
	tb   testing.TB
	env  *Env
	Host string
	HTTP *http.Client
	// Country is sent as the visitor's country when set.
	Country string
}

// Exec runs a statement of a test's own set-up (plain SQL, not the
// engine's) and fails the test when it fails.
func (e *Env) Exec(tb testing.TB, sql string, args ...any) {
	tb.Helper()
	if _, err := e.Pool.Exec(context.Background(), sql, args...); err != nil {
		tb.Fatalf("%s: %v", sql, err)
	}
}

// Purge purges what is due and waits until member is purged. The periodic
// purge job, which runs once at start, may hold the member's row just then,
// and so may a trust check; the purge skips a held row, so this runs it
// again until the member's row says deleted.
func (e *Env) Purge(tb testing.TB, member int64) {
	tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := e.PurgeDue(context.Background()); err != nil {
			tb.Fatal(err)
		}
		var status string
		if err := e.Pool.QueryRow(context.Background(), "SELECT status FROM members WHERE id = $1", member).Scan(&status); err != nil {
			tb.Fatal(err)
		}
		if status == "deleted" {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("member %d is %s, not purged", member, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ChangeTenants runs sql, a test's own change of the tenants table, and
// drops the engine's copy of the tenants, as the tenancy_changed
// notification does on an install (the test engine does not listen): the
// periodic jobs that run at start may have loaded them before the change.
func (e *Env) ChangeTenants(tb testing.TB, sql string, args ...any) {
	tb.Helper()
	e.Exec(tb, sql, args...)
	e.Tenants.Invalidate()
}

// AwaitCount waits until query, a count (or any one integer) with args,
// answers want: for what the engine writes after it answers (jobs, visits,
// a sandbox's refunds) or another session's state (a lock wait).
func (e *Env) AwaitCount(tb testing.TB, want int, query string, args ...any) {
	tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var got int
		if err := e.Pool.QueryRow(context.Background(), query, args...).Scan(&got); err != nil {
			tb.Fatal(err)
		}
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s: %d, want %d", query, got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Client returns a new client (no cookies) for host.
func (e *Env) Client(tb testing.TB, host string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{tb: tb, env: e, Host: host, HTTP: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// Response is an answer read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v.
func (r Response) JSON(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		tb.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorCode is the "error" member of a JSON error answer.
func (r Response) ErrorCode() string {
	var e struct{ Error string }
	_ = json.Unmarshal(r.Body, &e)
	return e.Error
}

// Want fails the test unless the answer has status and, when code is not
// empty, that error code; no answer may carry a stack trace.
func (r Response) Want(tb testing.TB, status int, code string) {
	tb.Helper()
	if r.Status != status {
		tb.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if code != "" && r.ErrorCode() != code {
		tb.Fatalf("error %q, want %q: %s", r.ErrorCode(), code, r.Body)
	}
	if strings.Contains(string(r.Body), "goroutine ") {
		tb.Fatal("a stack trace reached the client")
	}
}

// Do sends a request; body is JSON-encoded unless it is a string or []byte.
// user.php and logout.php calls carry X-Request-Type: client like the real client.
func (c *Client) Do(method, path string, body any) Response {
	c.tb.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.tb.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.env.URL+path, rd)
	if err != nil {
		c.tb.Fatal(err)
	}
	req.Host = c.Host
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if strings.HasPrefix(path, "/api/user.php") || strings.HasPrefix(path, "/api/logout.php") {
		req.Header.Set("X-Request-Type", "client")
	}
	if c.Country != "" {
		req.Header.Set(CountryHeader, c.Country)
	}
	return c.Send(req)
}

// Send sends a prepared request through the client's cookie jar. Set
// req.Host to the tenant host; the URL points at the test server.
func (c *Client) Send(req *http.Request) Response {
	c.tb.Helper()
	// The jar keys cookies by URL; use the tenant host so tenants never share.
	u, _ := url.Parse("http://" + c.Host + "/")
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	res, err := (&http.Client{CheckRedirect: c.HTTP.CheckRedirect}).Do(req)
	if err != nil {
		c.tb.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	c.HTTP.Jar.SetCookies(u, res.Cookies())
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// Login logs the client in and fails the test when that does not work.
func (c *Client) Login(email, password string) {
	c.tb.Helper()
	res := c.Do(http.MethodPost, "/api/user.php", map[string]string{"email": email, "password": password})
	if res.Status != http.StatusOK {
		c.tb.Fatalf("login %s: %d %s", email, res.Status, res.Body)
	}
}

// LoggedIn returns a client of host logged in as a new member made by the
// factory.
func (e *Env) LoggedIn(tb testing.TB, host string, m accountstest.Member) (*Client, accountstest.Made) {
	tb.Helper()
	made := accountstest.NewMember(tb, e.Pool, m)
	c := e.Client(tb, host)
	c.Login(made.Email, made.Password)
	return c, made
}
