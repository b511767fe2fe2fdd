package push_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/live"
	"rendezvous/engine/live/livetest"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy/tenancytest"
	"rendezvous/themes/themestest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// testWorker is the push worker of the tests, which may call local push
// services.
func testWorker(pool *pgxpool.Pool) *push.Worker {
	return &push.Worker{Pool: pool, Guard: outbound.NewGuard(outbound.AllowLoopbackForTests())}
}

// A push is queued only for a subscribed member who kept the type switched
// on and has no live stream open.
func TestQueueRespectsSettingsAndPresence(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	client, err := jobs.NewClient(pool, nil, slog.New(slog.DiscardHandler), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q := &push.Queuer{Jobs: client}
	hub := live.NewHub(pool, 0, slog.New(slog.DiscardHandler))
	hub.Start()
	t.Cleanup(hub.Close)

	subscribe := func(id int64) {
		if _, err := pool.Exec(ctx, `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1::bigint, 'https://push.example/' || $1::text, 'k', 'a')`, id); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name   string
		setup  func(id int64)
		typ    string
		queued bool
	}{
		{"subscribed", subscribe, push.TypeNewMessages, true},
		{"no subscription", func(int64) {}, push.TypeNewMessages, false},
		{"type switched off", func(id int64) {
			subscribe(id)
			if _, err := pool.Exec(ctx, `UPDATE members SET notification_types_disabled = '{new_messages}' WHERE id = $1`, id); err != nil {
				t.Fatal(err)
			}
		}, push.TypeNewMessages, false},
		{"other type still on", func(id int64) {
			subscribe(id)
			if _, err := pool.Exec(ctx, `UPDATE members SET notification_types_disabled = '{new_messages}' WHERE id = $1`, id); err != nil {
				t.Fatal(err)
			}
		}, push.TypeLike, true},
		{"connected live", func(id int64) {
			subscribe(id)
			sub := hub.Subscribe(id)
			t.Cleanup(func() { hub.Unsubscribe(sub) })
			livetest.AwaitConnected(t, pool, id, true)
		}, push.TypeNewMessages, false},
	}
	for _, c := range cases {
		m := accountstest.NewMember(t, pool, accountstest.Member{})
		c.setup(m.ID)
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			return q.Queue(ctx, tx, push.Notification{MemberID: m.ID, TenantID: m.TenantID, Type: c.typ, Title: "t"})
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'push_send' AND (args->'notification'->>'member_id')::bigint = $1`, m.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if (n == 1) != c.queued {
			t.Fatalf("%s: %d jobs queued", c.name, n)
		}
	}
}

// A push named by a catalogue text is written in the member's language
// with the brand's wording (English only where the language has no
// catalogue), not in the engine's English.
func TestQueueWritesTextsInMemberLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	client, err := jobs.NewClient(pool, nil, slog.New(slog.DiscardHandler), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	q := &push.Queuer{Jobs: client, Texts: texts}
	cases := []struct {
		slug, lang, text    string
		wantTitle, wantBody string
	}{
		{"lustlokaal", "nl", "like", "Anton", "Anton vindt je leuk."},
		{"lustlokaal", "nl", "match", "Anton", "Anton vindt jou ook leuk. Het is een match!"},
		{"herzklopfen", "de", "like", "Anton", "Anton hat Herzklopfen wegen dir."},
		{"herzklopfen", "de", "gift", "Anton", "Anton hat dir ein Geschenk geschickt: 🌹 Rose"},
		{"lustlokaal", "da", "like", "Anton", "Anton kan lide dig."},
		{"lustlokaal", "sv", "like", "Anton", "Anton gillar dig."},
		{"lustlokaal", "fi", "match", "Anton", "Anton tykkää sinustakin. Osuma!"},
	}
	for _, c := range cases {
		m := accountstest.NewMember(t, pool, accountstest.Member{TenantSlug: c.slug})
		if _, err := pool.Exec(ctx, `UPDATE members SET language = $2 WHERE id = $1`, m.ID, c.lang); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1::bigint, 'https://push.example/' || $1::text, 'k', 'a')`, m.ID); err != nil {
			t.Fatal(err)
		}
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			return q.Queue(ctx, tx, push.Notification{MemberID: m.ID, TenantID: m.TenantID, Type: push.TypeLike,
				Text: c.text, Data: map[string]any{"Other": "Anton", "Gift": "🌹 Rose"}})
		})
		if err != nil {
			t.Fatalf("%s %s: %v", c.slug, c.lang, err)
		}
		var title, body string
		if err := pool.QueryRow(ctx, `SELECT args->'notification'->>'title', args->'notification'->>'body' FROM river_job
			WHERE kind = 'push_send' AND (args->'notification'->>'member_id')::bigint = $1`, m.ID).Scan(&title, &body); err != nil {
			t.Fatal(err)
		}
		if title != c.wantTitle || body != c.wantBody {
			t.Errorf("%s %s %s: %q / %q, want %q / %q", c.slug, c.lang, c.text, title, body, c.wantTitle, c.wantBody)
		}
	}
}

// The development push sink keeps each queued push as the member reads it
// (their language, their address), only when what causes it commits, and
// nothing when the push is not queued; a queuer without it (every real
// install) keeps nothing.
func TestDevSinkKeepsQueuedPushesInMemberLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	client, err := jobs.NewClient(pool, nil, slog.New(slog.DiscardHandler), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	sink := &push.DevSink{Pool: pool}
	dev := &push.Queuer{Jobs: client, Texts: texts, Dev: sink}
	prod := &push.Queuer{Jobs: client, Texts: texts}
	member := func(lang string, subscribed bool) accountstest.Made {
		m := accountstest.NewMember(t, pool, accountstest.Member{TenantSlug: "lustlokaal"})
		if _, err := pool.Exec(ctx, `UPDATE members SET language = $2 WHERE id = $1`, m.ID, lang); err != nil {
			t.Fatal(err)
		}
		if subscribed {
			if _, err := pool.Exec(ctx, `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1::bigint, 'https://push.example/' || $1::text, 'k', 'a')`, m.ID); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	errRollback := errors.New("rolled back")
	queue := func(q *push.Queuer, m accountstest.Made, text string, commit bool) {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if err := q.Queue(ctx, tx, push.Notification{MemberID: m.ID, TenantID: m.TenantID, Type: push.TypeLike,
				Text: text, Data: map[string]any{"Other": "Anton"}, URL: "/members/7", Tag: "like-7"}); err != nil {
				return err
			}
			if !commit {
				return errRollback
			}
			return nil
		})
		if err != nil && !(errors.Is(err, errRollback) && !commit) {
			t.Fatal(err)
		}
	}
	kept := func(m accountstest.Made) []push.DevPush {
		all, err := sink.List(ctx, m.TenantID)
		if err != nil {
			t.Fatal(err)
		}
		var out []push.DevPush
		for _, p := range all {
			if p.MemberID == m.ID {
				out = append(out, p)
			}
		}
		return out
	}

	cases := []struct {
		name      string
		lang      string
		q         *push.Queuer
		subscribe bool
		commit    bool
		text      string
		want      []string // title, body of the kept push; nil: none kept
	}{
		{"polish like", "pl", dev, true, true, "like", []string{"Anton", "Anton cię lubi."}},
		{"danish match", "da", dev, true, true, "match", []string{"Anton", "Anton kan også lide dig. Det er et match!"}},
		{"rolled back", "pl", dev, true, false, "like", nil},
		{"no subscription", "da", dev, false, true, "like", nil},
		{"no sink", "pl", prod, true, true, "like", nil},
	}
	for _, c := range cases {
		m := member(c.lang, c.subscribe)
		queue(c.q, m, c.text, c.commit)
		got := kept(m)
		if c.want == nil {
			if len(got) != 0 {
				t.Errorf("%s: kept %+v", c.name, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Fatalf("%s: kept %d pushes, want 1", c.name, len(got))
		}
		p := got[0]
		if p.Title != c.want[0] || p.Body != c.want[1] || p.Language != c.lang || p.To != m.Email ||
			p.Type != push.TypeLike || p.URL != "/members/7" || p.Tag != "like-7" || p.QueuedAt.IsZero() {
			t.Errorf("%s: kept %+v, want %q / %q in %s to %s", c.name, p, c.want[0], c.want[1], c.lang, m.Email)
		}
	}
}

// pushService stands in for a browser's push service on a local address:
// /redirect answers 307 to /target (a redirect that keeps the POST), and
// every request is counted by path.
type pushService struct {
	srv  *httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newPushService(t *testing.T) *pushService {
	s := &pushService{hits: map[string]int{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/target", http.StatusTemporaryRedirect)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *pushService) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// sendTo runs the push job of a member whose one subscription is endpoint.
func sendTo(t *testing.T, pool *pgxpool.Pool, w *push.Worker, endpoint string) error {
	t.Helper()
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	key := make([]byte, 65)
	key[0] = 4
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(t.Context(), `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`,
		m.ID, endpoint, base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(make([]byte, 16))); err != nil {
		t.Fatal(err)
	}
	return w.Work(t.Context(), &river.Job[push.Args]{Args: push.Args{Notification: push.Notification{MemberID: m.ID, TenantID: m.TenantID,
		Type: push.TypeLike, Title: "t"}}})
}

// TestSendRefusesForbiddenEndpoints: the engine's push worker calls no
// address of its own machine or network, and follows no redirect, not
// even a 307 that would repeat the POST elsewhere.
func TestSendRefusesForbiddenEndpoints(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	s := newPushService(t)
	if err := sendTo(t, pool, &push.Worker{Pool: pool}, s.srv.URL+"/live"); err == nil {
		t.Error("a push to a loopback endpoint did not fail")
	}
	if n := s.count("/live"); n != 0 {
		t.Fatalf("the engine's worker reached the loopback push service %d times", n)
	}
	_ = sendTo(t, pool, testWorker(pool), s.srv.URL+"/redirect")
	if s.count("/redirect") != 1 || s.count("/target") != 0 {
		t.Fatalf("redirect %d, target %d: the redirect was followed", s.count("/redirect"), s.count("/target"))
	}
}
