package demo_test

import (
	"context"
	"io"
	"log/slog"
	"net/netip"
	"testing"

	"rendezvous/engine/accounts"
	"rendezvous/engine/demo"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func newSeeder(t *testing.T) (*demo.Seeder, media.Store) {
	t.Helper()
	pool := pgtest.New(t)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tenancy.Import(context.Background(), pool, files, false); err != nil {
		t.Fatal(err)
	}
	store, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := demo.NewSeeder(pool, store, media.NewProcessor(media.DefaultLimits, 1), slog.New(slog.NewTextHandler(io.Discard, nil)))
	return s, store
}

func TestSeed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, store := newSeeder(t)
	s.PerPool = 8
	if err := s.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		var n int
		if err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM members").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Three pools of 8 plus two logins (free, premium) on each of three
	// tenants; chat operators are console accounts, not members.
	if n := count(); n != 3*8+3*2 {
		t.Fatalf("%d members after seeding", n)
	}
	checks := []struct {
		name, sql string
		want      func(int) bool
	}{
		{"both genders in the benelux pool", "SELECT count(DISTINCT gender) FROM profiles WHERE pool = 'benelux'", func(n int) bool { return n == 2 }},
		{"several cities", "SELECT count(DISTINCT city) FROM profiles WHERE pool = 'benelux' AND city <> ''", func(n int) bool { return n >= 3 }},
		{"regions are ISO codes", "SELECT count(*) FROM profiles WHERE region <> '' AND region NOT LIKE country || '-%'", func(n int) bool { return n == 0 }},
		{"spread of ages", "SELECT max(date_of_birth) - min(date_of_birth) FROM profiles WHERE pool = 'benelux'", func(n int) bool { return n > 5*365 }},
		{"house profiles", "SELECT count(*) FROM members WHERE is_house", func(n int) bool { return n > 0 }},
		{"photos", "SELECT count(*) FROM photos", func(n int) bool { return n >= 3*8 }},
		{"new likes for the logins", "SELECT count(*) FROM likes l JOIN members m ON m.id = l.liked_id WHERE m.email LIKE 'demo@%' AND l.like_new", func(n int) bool { return n >= 3 }},
		{"no member answers for house profiles", "SELECT count(*) FROM members WHERE email LIKE 'staff@%'", func(n int) bool { return n == 0 }},
		{"house profiles wrote to both logins", `SELECT count(*) FROM conversation_members cm JOIN members m ON m.id = cm.member_id
			JOIN members h ON h.id = cm.other_id AND h.is_house
			JOIN messages msg ON msg.id = cm.last_message_id AND msg.sender_id = h.id
			WHERE (m.email LIKE 'demo@%' OR m.email LIKE 'premium@%') AND cm.unread = 1`, func(n int) bool { return n == 3*2*2 }},
		{"the logins are test accounts", "SELECT count(*) FROM members WHERE account_kind = 'test' AND (email LIKE 'demo@%' OR email LIKE 'premium@%')", func(n int) bool { return n == 3*2 }},
		{"no other test or staff accounts", "SELECT count(*) FROM members WHERE account_kind <> 'member' AND email NOT LIKE 'demo@%' AND email NOT LIKE 'premium@%'", func(n int) bool { return n == 0 }},
		{"the drawn photos count as reviewed", "SELECT count(*) FROM photos WHERE reviewed_at IS NULL", func(n int) bool { return n == 0 }},
		{"premium login with credits in the ledger", "SELECT count(*) FROM members m JOIN ledger l ON l.member_id = m.id WHERE m.paid_user AND m.credits = 500 AND l.balance_after = 500", func(n int) bool { return n == 3 }},
	}
	for _, c := range checks {
		var n int
		if err := s.Pool.QueryRow(ctx, c.sql).Scan(&n); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !c.want(n) {
			t.Errorf("%s: got %d", c.name, n)
		}
	}
	var key string
	if err := s.Pool.QueryRow(ctx, "SELECT filename FROM photos LIMIT 1").Scan(&key); err != nil {
		t.Fatal(err)
	}
	if rc, _, err := store.Open(ctx, key); err != nil {
		t.Fatalf("demo photo %s not in the store: %v", key, err)
	} else {
		rc.Close()
	}

	// The demo logins work.
	svc := accounts.NewService(accounts.Deps{Pool: s.Pool, Log: s.Log})
	dir := tenancy.NewDirectory(s.Pool, s.Log)
	for _, slug := range []string{"lustlokaal", "herzklopfen", "sparkusa"} {
		all, err := dir.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, tn := range all {
			if tn.Slug != slug {
				continue
			}
			for _, email := range []string{demo.LoginEmail(slug), demo.PremiumEmail(slug)} {
				if _, err := svc.Login(ctx, tn, accounts.Credentials{Email: email, Password: demo.Password}, netip.MustParseAddr("127.0.0.1")); err != nil {
					t.Errorf("login %s: %v", email, err)
				}
			}
		}
	}

	// A restart adds nothing.
	if err := s.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 3*8+3*2 {
		t.Fatalf("%d members after seeding twice", n)
	}
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newSeeder(t)
	s.SharedPhotos = 4
	n := demo.GenerateBatch + 1500
	var calls []int
	if err := s.Generate(ctx, "sparkusa", n, func(done, total int) { calls = append(calls, done) }); err != nil {
		t.Fatal(err)
	}
	var profiles, photos, distinct int
	if err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM profiles WHERE pool = 'us'").Scan(&profiles); err != nil {
		t.Fatal(err)
	}
	if err := s.Pool.QueryRow(ctx, "SELECT count(*), count(DISTINCT filename) FROM photos").Scan(&photos, &distinct); err != nil {
		t.Fatal(err)
	}
	if profiles != n || photos < n || distinct > 4 || len(calls) != 2 || calls[1] != n {
		t.Fatalf("profiles %d photos %d (distinct %d), progress %v; want %d profiles", profiles, photos, distinct, calls, n)
	}
	if err := s.Generate(ctx, "nope", 1, nil); err == nil {
		t.Fatal("generate for an unknown tenant succeeded")
	}
}
