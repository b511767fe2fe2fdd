package chat_test

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const host = "localhost" // lustlokaal: message 10, photo 15 credits

var clientIDs atomic.Int64

// cid is a fresh client id.
func cid() string { return fmt.Sprintf("c-%d", clientIDs.Add(1)) }

// member is a logged-in test member.
type member struct {
	*servertest.Client
	accountstest.Made
}

func newMember(t *testing.T, env *servertest.Env, m accountstest.Member) member {
	t.Helper()
	if m.Gender == "" {
		m.Gender, m.Seeking = "male", "female"
	}
	c, made := env.LoggedIn(t, hostOf(m), m)
	return member{Client: c, Made: made}
}

func hostOf(m accountstest.Member) string {
	switch m.TenantSlug {
	case "herzklopfen":
		return "herzklopfen.localhost"
	case "sparkusa":
		return "sparkusa.localhost"
	}
	return host
}

// sent is the answer of POST /api/messages.php.
type sent struct {
	Message chat.Message `json:"message"`
	Credits int64        `json:"credits"`
}

func (m member) send(t *testing.T, body map[string]any) (servertest.Response, sent) {
	t.Helper()
	if _, ok := body["client_id"]; !ok {
		body["client_id"] = cid()
	}
	res := m.Do(http.MethodPost, "/api/messages.php", body)
	var s sent
	if res.Status == http.StatusCreated || res.Status == http.StatusOK {
		res.JSON(t, &s)
	}
	return res, s
}

// mustSend sends and fails the test unless the message was sent.
func (m member) mustSend(t *testing.T, body map[string]any) sent {
	t.Helper()
	res, s := m.send(t, body)
	if res.Status != http.StatusCreated {
		t.Fatalf("send %v: %d %s", body, res.Status, res.Body)
	}
	return s
}

func (m member) chats(t *testing.T) []chat.Chat {
	t.Helper()
	res := m.Do(http.MethodGet, "/api/chats.php", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("chats: %d %s", res.Status, res.Body)
	}
	var list []chat.Chat
	res.JSON(t, &list)
	return list
}

func (m member) thread(t *testing.T, conversation int64) chat.Thread {
	t.Helper()
	res := m.Do(http.MethodGet, fmt.Sprintf("/api/messages.php?conversation=%d", conversation), nil)
	if res.Status != http.StatusOK {
		t.Fatalf("messages: %d %s", res.Status, res.Body)
	}
	var th chat.Thread
	res.JSON(t, &th)
	return th
}

// ledgerBalances fails the test unless every member's balance of the
// tenant equals their ledger.
func ledgerBalances(t *testing.T, env *servertest.Env, tenantID int64) {
	t.Helper()
	bad, err := credits.AuditTenant(context.Background(), env.Pool, tenantID)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 0 {
		t.Fatalf("balances differ from the ledger: %+v", bad)
	}
}

func balance(t *testing.T, env *servertest.Env, id int64) int64 {
	t.Helper()
	var b int64
	if err := env.Pool.QueryRow(context.Background(), "SELECT credits FROM members WHERE id = $1", id).Scan(&b); err != nil {
		t.Fatal(err)
	}
	return b
}

func tenantBySlug(t *testing.T, env *servertest.Env, slug string) *tenancy.Tenant {
	t.Helper()
	all, err := tenancy.NewDirectory(env.Pool, slog.New(slog.DiscardHandler)).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tn := range all {
		if tn.Slug == slug {
			return tn
		}
	}
	t.Fatalf("no tenant %s", slug)
	return nil
}

// race sends n copies of body from m at once and counts the answers by
// status.
func (m member) race(t *testing.T, n int, body map[string]any) map[int]int {
	t.Helper()
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			b := maps.Clone(body)
			res, _ := m.send(t, b)
			statuses[i] = res.Status
		})
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	return count
}

// statsService is the chat service of env on a pool of one connection,
// whose table statistics flush makes current before they are read.
func statsService(t *testing.T, env *servertest.Env) (svc chat.Service, flush func()) {
	t.Helper()
	cfg := env.Pool.Config().Copy()
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	svc = *env.Engine.Chat
	svc.Pool = pool
	return svc, func() {
		t.Helper()
		if _, err := pool.Exec(context.Background(), "SELECT pg_stat_force_next_flush()"); err != nil {
			t.Fatal(err)
		}
		// The flush happens once the connection is idle again.
		if _, err := pool.Exec(context.Background(), "SELECT 1"); err != nil {
			t.Fatal(err)
		}
	}
}
