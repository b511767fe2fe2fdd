package affiliates_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
	"rendezvous/tenants"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// network is an affiliate network's postback endpoint: it answers 500 to
// the first call of each event and 200 after, and keeps every call.
type network struct {
	mu    sync.Mutex
	calls []url.Values
	srv   *httptest.Server
}

func newNetwork(t *testing.T) *network {
	n := &network{}
	n.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.mu.Lock()
		defer n.mu.Unlock()
		q := r.URL.Query()
		first := true
		for _, c := range n.calls {
			if c.Get("e") == q.Get("e") {
				first = false
			}
		}
		n.calls = append(n.calls, q)
		if first {
			http.Error(w, "busy, try later", http.StatusInternalServerError)
			return
		}
		_, _ = w.Write([]byte("OK"))
	}))
	t.Cleanup(n.srv.Close)
	return n
}

// count is how many calls of event the network got.
func (n *network) count(event string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := 0
	for _, q := range n.calls {
		if q.Get("e") == event {
			c++
		}
	}
	return c
}

func (n *network) last(event string) url.Values {
	n.mu.Lock()
	defer n.mu.Unlock()
	for i := len(n.calls) - 1; i >= 0; i-- {
		if n.calls[i].Get("e") == event {
			return n.calls[i]
		}
	}
	return nil
}

// configure gives tenant slug postbacks to n for network adnet.
func configure(t *testing.T, pool *pgxpool.Pool, slug string, n *network) {
	t.Helper()
	configureURL(t, pool, slug, n.srv.URL)
}

// configureURL gives tenant slug postbacks to the network at base for
// network adnet.
func configureURL(t *testing.T, pool *pgxpool.Pool, slug, base string) {
	t.Helper()
	section := map[string]any{"adnet": map[string]string{
		"signup":         base + "/pb?e={event}&click={sub1}&ref={ref}&m={member_id}",
		"activation":     base + "/pb?e={event}&click={sub1}",
		"first_purchase": base + "/pb?e={event}&click={sub1}&amount={amount}&currency={currency}&order={order_id}",
	}}
	raw, _ := json.Marshal(section)
	if _, err := pool.Exec(context.Background(), `UPDATE tenants SET settings = settings || jsonb_build_object('postbacks', $2::jsonb) WHERE slug = $1`,
		slug, raw); err != nil {
		t.Fatal(err)
	}
}

// inserter is an insert-only River client on pool.
func inserter(t *testing.T, pool *pgxpool.Pool) *jobs.Client {
	t.Helper()
	c, err := jobs.NewClient(pool, nil, slog.New(slog.DiscardHandler), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testWorker is the postback worker of the tests, which may call the
// local test networks.
func testWorker(pool *pgxpool.Pool) *affiliates.Worker {
	return &affiliates.Worker{Pool: pool, Guard: outbound.NewGuard(outbound.AllowLoopbackForTests())}
}

// signupFromAdnet makes a member who came through network adnet and
// queues the postback of their signup with jobs.
func signupFromAdnet(t *testing.T, pool *pgxpool.Pool, jobs affiliates.Inserter) {
	t.Helper()
	ctx := context.Background()
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	if _, err := pool.Exec(ctx, `UPDATE members SET tracking = '{"network":"adnet"}' WHERE id = $1`, m.ID); err != nil {
		t.Fatal(err)
	}
	p := &affiliates.Postbacks{Jobs: jobs}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return p.Queue(ctx, tx, affiliates.Event{MemberID: m.ID, Kind: affiliates.EventSignup})
	}); err != nil {
		t.Fatal(err)
	}
}

// postbackJobs are the queued postback jobs' postback ids.
func postbackJobs(t *testing.T, pool *pgxpool.Pool) []int64 {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT (args->>'postback_id')::bigint FROM river_job WHERE kind = 'traffic_postback' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestPostbackOnceWithRetries: an event queues one postback; its job is
// retried while the network fails and records every answer; a retry after
// the success and a second delivery of the event call no more.
func TestPostbackOnceWithRetries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	n := newNetwork(t)
	configure(t, pool, "lustlokaal", n)
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	if _, err := pool.Exec(ctx, `UPDATE members SET tracking = '{"network":"adnet","ref":"aff 1","sub1":"click&42"}' WHERE id = $1`, m.ID); err != nil {
		t.Fatal(err)
	}
	other := accountstest.NewMember(t, pool, accountstest.Member{}) // came without a source
	p := &affiliates.Postbacks{Jobs: inserter(t, pool)}
	queue := func(member int64) {
		t.Helper()
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			return p.Queue(ctx, tx, affiliates.Event{MemberID: member, Kind: affiliates.EventSignup})
		}); err != nil {
			t.Fatal(err)
		}
	}
	queue(m.ID)
	queue(m.ID)     // the same event delivered again
	queue(other.ID) // no network to tell
	ids := postbackJobs(t, pool)
	if len(ids) != 1 {
		t.Fatalf("%d postback jobs, want 1", len(ids))
	}
	w := testWorker(pool)
	work := func(attempt int) error {
		return w.Work(ctx, &river.Job[affiliates.PostbackArgs]{JobRow: &rivertype.JobRow{Attempt: attempt, MaxAttempts: affiliates.MaxAttempts},
			Args: affiliates.PostbackArgs{PostbackID: ids[0]}})
	}
	if err := work(1); err == nil {
		t.Fatal("a failed call did not fail the job, so River would not retry it")
	}
	if err := work(2); err != nil {
		t.Fatalf("second attempt: %v", err)
	}
	if err := work(3); err != nil { // a retry after the success
		t.Fatalf("third attempt: %v", err)
	}
	if got := n.count("signup"); got != 2 {
		t.Fatalf("the network got %d calls, want 2", got)
	}
	q := n.last("signup")
	if q.Get("click") != "click&42" || q.Get("ref") != "aff 1" || q.Get("m") == "" {
		t.Fatalf("the call's query %v", q)
	}
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM postbacks WHERE id = $1`, ids[0]).Scan(&status); err != nil || status != "sent" {
		t.Fatalf("postback %s %v", status, err)
	}
	rows, err := pool.Query(ctx, `SELECT attempt, status_code, error FROM postback_calls WHERE postback_id = $1 ORDER BY id`, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	type call struct {
		Attempt, Status int32
		Error           string
	}
	calls, err := pgx.CollectRows(rows, pgx.RowToStructByPos[call])
	if err != nil {
		t.Fatal(err)
	}
	// The status code is kept, never the network's answer.
	if len(calls) != 2 || calls[0] != (call{1, 500, "the network answered 500"}) || calls[1] != (call{2, 200, ""}) {
		t.Fatalf("calls %+v", calls)
	}
}

// TestPostbackGivesUp: the last attempt's failure marks the postback
// failed; an unreachable network's error is recorded.
func TestPostbackGivesUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	n := newNetwork(t)
	n.srv.Close() // nobody answers
	// Configured in the tenant file, as operators do (the console edits
	// the same file).
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		if files[i].Slug == "lustlokaal" {
			files[i].Extra["postbacks"] = map[string]any{"adnet": map[string]any{"activation": n.srv.URL + "/pb?e={event}&c={sub1}"}}
			if p := affiliates.CheckTenantFile(files[i]); p != nil {
				t.Fatal(p)
			}
		}
	}
	if _, err := tenancy.Import(ctx, pool, files, true); err != nil {
		t.Fatal(err)
	}
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	if _, err := pool.Exec(ctx, `UPDATE members SET tracking = '{"network":"ADNET"}' WHERE id = $1`, m.ID); err != nil {
		t.Fatal(err)
	}
	p := &affiliates.Postbacks{Jobs: inserter(t, pool)}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := p.Queue(ctx, tx, affiliates.Event{MemberID: m.ID, Kind: affiliates.EventSignup}); err != nil {
			return err // no template for the signup: nothing
		}
		return p.Queue(ctx, tx, affiliates.Event{MemberID: m.ID, Kind: affiliates.EventActivation})
	}); err != nil {
		t.Fatal(err)
	}
	ids := postbackJobs(t, pool) // the network's name matched in another case
	if len(ids) != 1 {
		t.Fatalf("%d jobs", len(ids))
	}
	err = testWorker(pool).Work(ctx, &river.Job[affiliates.PostbackArgs]{
		JobRow: &rivertype.JobRow{Attempt: affiliates.MaxAttempts, MaxAttempts: affiliates.MaxAttempts}, Args: affiliates.PostbackArgs{PostbackID: ids[0]}})
	if err == nil {
		t.Fatal("an unreachable network did not fail the job")
	}
	var status, callErr string
	var code int
	if err := pool.QueryRow(ctx, `SELECT p.status, c.status_code, c.error FROM postbacks p JOIN postback_calls c ON c.postback_id = p.id WHERE p.id = $1`,
		ids[0]).Scan(&status, &code, &callErr); err != nil {
		t.Fatal(err)
	}
	if status != "failed" || code != 0 || callErr == "" {
		t.Fatalf("status %s, code %d, error %q", status, code, callErr)
	}
}

// TestPostbackRefusesForbiddenAddresses: the engine's worker (without the
// tests' allowance for loopback) never calls an address of its own
// machine or network, however the template names it: the call is recorded
// as refused and the local server sees nothing.
func TestPostbackRefusesForbiddenAddresses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	n := newNetwork(t)
	configure(t, pool, "lustlokaal", n)
	signupFromAdnet(t, pool, inserter(t, pool))
	ids := postbackJobs(t, pool)
	for attempt := 1; attempt <= 2; attempt++ {
		err := (&affiliates.Worker{Pool: pool}).Work(ctx, &river.Job[affiliates.PostbackArgs]{
			JobRow: &rivertype.JobRow{Attempt: attempt, MaxAttempts: affiliates.MaxAttempts}, Args: affiliates.PostbackArgs{PostbackID: ids[0]}})
		if err == nil {
			t.Fatal("a refused call did not fail the job")
		}
	}
	if got := n.count("signup"); got != 0 {
		t.Fatalf("the loopback network got %d calls", got)
	}
	var code int
	var callErr string
	if err := pool.QueryRow(ctx, `SELECT status_code, error FROM postback_calls WHERE postback_id = $1 ORDER BY id DESC LIMIT 1`,
		ids[0]).Scan(&code, &callErr); err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(callErr, "loopback") {
		t.Fatalf("call recorded as %d %q, want a refusal of a loopback address", code, callErr)
	}
}
