package trust_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/trust"
)

// statementNames records the sqlc names of the statements run on a pool.
type statementNames struct {
	mu    sync.Mutex
	names []string
}

func (s *statementNames) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	name := "other"
	if _, rest, ok := strings.Cut(d.SQL, "-- name: "); ok {
		name, _, _ = strings.Cut(rest, " ")
	}
	s.mu.Lock()
	s.names = append(s.names, name)
	s.mu.Unlock()
	return ctx
}

func (s *statementNames) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// The check of a member's texts of one window reads the same-text window
// once for all of them, not once per text (with the text before it again):
// the job's statements do not grow with its texts, and the repeat signal
// still counts the texts before each one.
func TestTextsOfAWindowAreReadOnce(t *testing.T) {
	t.Parallel()
	e := servertest.NewIdle(t)
	ws := women(t, e, 8)
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	for i, w := range ws {
		sendText(t, sender, w.ID, fmt.Sprintf("Hello there, message %d", i))
	}
	cfg, err := pgxpool.ParseConfig(e.Pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	names := &statementNames{}
	cfg.ConnConfig.Tracer = names
	pool, err := pgxpool.NewWithConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	checks := &trust.Service{Pool: pool, Tenants: e.Trust.Tenants, Log: slog.New(slog.DiscardHandler)}
	if err := checks.CheckTexts(t.Context(), made.ID); err != nil {
		t.Fatal(err)
	}
	reads := 0
	for _, n := range names.names {
		if n == "TextsToCheck" {
			reads++
		}
	}
	// TextChecksTake, MemberOfTrust, MemberLockForScore, the texts with
	// their window, and BEGIN and COMMIT.
	if reads != 1 || len(names.names) > 6 {
		t.Errorf("the check of 8 texts ran %v, want the texts and their window read once and at most 6 statements", names.names)
	}
	e.AwaitCount(t, 0, textsWaiting, made.ID)
	if !slices.Contains(names.names, "TextChecksTake") {
		t.Errorf("statements %v: the texts were not taken", names.names)
	}
}
