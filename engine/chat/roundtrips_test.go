package chat_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/live/livetest"
	"rendezvous/engine/server/servertest"
)

// roundTrips counts what a pool sends to PostgreSQL: every query or exec
// (BEGIN and COMMIT included) and every batch is one round trip.
type roundTrips struct {
	mu  sync.Mutex
	sql []string
}

func (r *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	r.add(d.SQL)
	return ctx
}

func (r *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	r.add("batch")
	return ctx
}

func (r *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (r *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

func (r *roundTrips) add(sql string) {
	name := strings.TrimSpace(sql)
	if n, ok := strings.CutPrefix(name, "-- name: "); ok {
		name, _, _ = strings.Cut(n, " ")
	}
	r.mu.Lock()
	r.sql = append(r.sql, name)
	r.mu.Unlock()
}

func (r *roundTrips) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.sql
	r.sql = nil
	return out
}

// maxSendRoundTrips is what one text message in a conversation that exists
// may cost in round trips to PostgreSQL, BEGIN and COMMIT included, when
// the recipient has no push subscription and either a live stream open or
// a mail of the conversation waiting: begin with the facts (whether the
// recipient subscribed to pushes and whether their mail job still waits
// among them), then the message and its delivery, the charge and commit.
// It was 20 when every fact was a statement of its own, 8 while the push
// preferences of a recipient without subscription took a statement of
// their own, 7 while every message asked River to queue the mail (its
// unique insert rewrote the waiting job) and 3 while the message and its
// charge went before COMMIT rather than with it. Sends per second are
// bounded by this on a busy database, so a change that adds a statement to
// the send path must be a deliberate one. The first message of a mail's
// batch window queues the mail: one more.
const maxSendRoundTrips = 2

// A text message costs at most maxSendRoundTrips round trips to the
// database, whether or not the recipient has a live stream open.
func TestSendRoundTrips(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 1000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Credits: 1000, Name: "Bea", Gender: "female", Seeking: "male"})
	first := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"})

	cfg := env.Pool.Config().Copy()
	trace := &roundTrips{}
	cfg.ConnConfig.Tracer = trace
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	svc := *env.Engine.Chat
	svc.Pool = pool
	tn := tenantBySlug(t, env, "lustlokaal")
	conv := first.Message.ConversationID
	for _, c := range []struct {
		in chat.SendInput
		// mail: the send queues a mail job (no job of the recipient's
		// waits for the conversation).
		mail, connected bool
	}{
		{in: chat.SendInput{Tenant: tn, SenderID: a.ID, ProfileID: b.ID, Text: "by profile", ClientID: cid()}},
		{in: chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: "by conversation", ClientID: cid()}},
		{in: chat.SendInput{Tenant: tn, SenderID: b.ID, ConversationID: conv, Text: "a reply", ClientID: cid()}, mail: true},
		{in: chat.SendInput{Tenant: tn, SenderID: b.ID, ConversationID: conv, Text: "a second reply", ClientID: cid()}},
		{in: chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: "to a stream", ClientID: cid()}, connected: true},
		// The rate limit's count goes with the facts: no round trip more.
		{in: chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: "counted", ClientID: cid(), RateLimited: true}, connected: true},
	} {
		in, limit := c.in, maxSendRoundTrips
		if c.mail {
			limit++
		}
		if c.connected {
			sub := env.Engine.Live.Subscribe(b.ID)
			defer env.Engine.Live.Unsubscribe(sub)
			livetest.AwaitConnected(t, env.Pool, b.ID, true)
		}
		trace.take()
		res, err := svc.Send(context.Background(), in)
		if err != nil || res.Replayed || res.Message.ConversationID != first.Message.ConversationID {
			t.Fatalf("send %q: %+v %v", in.Text, res, err)
		}
		got := trace.take()
		if len(got) > limit {
			t.Errorf("send %q took %d round trips, want at most %d: %v", in.Text, len(got), limit, got)
		} else {
			t.Logf("send %q: %d round trips: %v", in.Text, len(got), got)
		}
		if queued := slices.Contains(got, "JobInsertFastMany"); queued != c.mail {
			t.Errorf("send %q queued a mail job: %v, want %v (%v)", in.Text, queued, c.mail, got)
		}
	}
	ledgerBalances(t, env, a.TenantID)
	var hits int
	if err := env.Pool.QueryRow(context.Background(), "SELECT hits FROM rate_limits WHERE rule = 'message' AND subject = $1",
		"member:"+strconv.FormatInt(a.ID, 10)).Scan(&hits); err != nil || hits != 2 {
		// the first message, through the API, and the one marked here
		t.Errorf("%d sends counted against the limit (%v), want 2", hits, err)
	}
}

// A message joins the mail job an earlier message of the conversation
// queued while that job waits, without touching it (River's unique insert
// rewrote the job's row on every message), and queues a new one once that
// job has run, as River's unique jobs did: no message goes without a mail,
// none makes a second mail while one waits.
func TestSendJoinsWaitingMail(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 1000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Credits: 1000, Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID
	ctx := context.Background()
	job := func() (id int64, xmin string, n int) {
		t.Helper()
		if err := env.Pool.QueryRow(ctx, `SELECT cm.mail_job, coalesce(j.xmin::text, ''),
			(SELECT count(*) FROM river_job WHERE kind = 'notify_event' AND (args->>'member_id')::bigint = $2 AND state <> 'completed')
			FROM conversation_members cm LEFT JOIN river_job j ON j.id = cm.mail_job
			WHERE cm.conversation_id = $1 AND cm.member_id = $2`, conv, b.ID).Scan(&id, &xmin, &n); err != nil {
			t.Fatal(err)
		}
		return id, xmin, n
	}
	first, xmin, n := job()
	if first == 0 || n != 1 {
		t.Fatalf("the first message recorded mail job %d with %d waiting, want one", first, n)
	}
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Are you there?"})
	if id, x, n := job(); id != first || x != xmin || n != 1 {
		t.Errorf("a second message: job %d (xmin %s), %d waiting; want job %d untouched (xmin %s), one waiting", id, x, n, first, xmin)
	}
	env.Exec(t, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = $1`, first)
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hello again"})
	if id, _, n := job(); id == first || id == 0 || n != 1 {
		t.Errorf("a message after the mail went: job %d, %d waiting; want a new job (not %d)", id, n, first)
	}
}

// A send finds what it reads through indexes, however long the
// conversation: it once read the sender's earlier messages sequentially
// (a generic plan cannot use the partial client-id index unless the query
// repeats its predicate) and walked the whole conversation to learn
// whether the other member ever wrote, which made sends slower with every
// message in the database.
func TestSendReadsNoLongConversation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID
	env.Exec(t, `INSERT INTO messages (conversation_id, sender_id, kind, body, client_id)
		SELECT $1, $2, 'text', 'old', 'old-' || g FROM generate_series(1, 2000) g`, conv, a.ID)

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	ctx := context.Background()
	reads := func() (seq, idx int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT coalesce(seq_tup_read, 0), coalesce(idx_tup_fetch, 0)
			FROM pg_stat_user_tables WHERE relname = 'messages'`).Scan(&seq, &idx); err != nil {
			t.Fatal(err)
		}
		return seq, idx
	}
	// Enough sends for PostgreSQL to switch the statements to generic plans.
	const sends = 12
	seq0, idx0 := reads()
	for i := 0; i < sends; i++ {
		if _, err := svc.Send(ctx, chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: "again", ClientID: cid()}); err != nil {
			t.Fatal(err)
		}
	}
	seq1, idx1 := reads()
	if seq1 != seq0 {
		t.Errorf("%d sends read %d messages sequentially", sends, seq1-seq0)
	}
	if per := (idx1 - idx0) / sends; per > 5 {
		t.Errorf("a send fetched %d messages through indexes in a conversation of 2,000, want at most 5", per)
	}
}

// A send reads no row of conversations beyond its message's foreign key
// check: the sender's row of the conversation stands for it (the rows go
// with the conversation), where the facts' statement read the
// conversation too.
func TestSendReadsNoConversationsRow(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	ctx := context.Background()
	reads := func() (n int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0)
			FROM pg_stat_user_tables WHERE relname = 'conversations'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Enough sends for PostgreSQL to switch the statements to generic
	// plans, and for the reads of the first send through the API, which
	// other connections may count meanwhile, to weigh little.
	const sends = 40
	before := reads()
	for i := 0; i < sends; i++ {
		if _, err := svc.Send(ctx, chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: "again", ClientID: cid()}); err != nil {
			t.Fatal(err)
		}
	}
	if per := float64(reads()-before) / sends; per > 1.5 {
		t.Errorf("a send read conversations %.2f times, want once (the message's foreign key)", per)
	}
}
