package credits_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/credits"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy/tenancytest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func setup(t *testing.T, startCredits int64) (context.Context, *pgxpool.Pool, int64) {
	t.Helper()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	m := accountstest.NewMember(t, pool, accountstest.Member{Credits: startCredits})
	return ctx, pool, m.ID
}

func post(ctx context.Context, pool *pgxpool.Pool, e credits.Entry) (int64, error) {
	var balance int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		balance, err = credits.Post(ctx, tx, e)
		return err
	})
	return balance, err
}

func TestPostKeepsBalanceAndLedgerEqual(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 0)
	steps := []struct {
		entry   credits.Entry
		balance int64
		err     error
	}{
		{credits.Entry{MemberID: member, Delta: 50, Kind: credits.SignupBonus, Reference: "signup"}, 50, nil},
		{credits.Entry{MemberID: member, Delta: -10, Kind: credits.Message, Reference: "message:1"}, 40, nil},
		{credits.Entry{MemberID: member, Delta: -10, Kind: credits.Message, Reference: "message:1"}, 0, credits.ErrAlreadyBooked},
		{credits.Entry{MemberID: member, Delta: -41, Kind: credits.Gift, Reference: "gift:1"}, 0, credits.ErrInsufficient},
		{credits.Entry{MemberID: member, Delta: 0, Kind: credits.Correction}, 0, credits.ErrZero},
		{credits.Entry{MemberID: member, Delta: -40, Kind: credits.Photo, Reference: "photo:1"}, 0, nil},
		{credits.Entry{MemberID: member, Delta: 5, Kind: credits.Correction, Note: "operator"}, 5, nil},
		{credits.Entry{MemberID: member, Delta: 5, Kind: credits.Correction, Note: "operator again"}, 10, nil},
	}
	for i, s := range steps {
		got, err := post(ctx, pool, s.entry)
		if !errors.Is(err, s.err) {
			t.Fatalf("step %d: err %v, want %v", i, err, s.err)
		}
		if err == nil && got != s.balance {
			t.Fatalf("step %d: balance %d, want %d", i, got, s.balance)
		}
		balance, sum, err := credits.Audit(ctx, pool, member)
		if err != nil {
			t.Fatal(err)
		}
		if balance != sum {
			t.Fatalf("step %d: balance %d but ledger sums to %d", i, balance, sum)
		}
	}
	rows, err := credits.History(ctx, pool, member, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || rows[0].BalanceAfter != 10 || rows[0].Kind != credits.Correction {
		t.Fatalf("history %+v", rows)
	}
}

// Fifty charges race for a balance that pays for ten: exactly ten win.
func TestConcurrentChargesNeverOverdraw(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 100)
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := post(ctx, pool, credits.Entry{MemberID: member, Delta: -10, Kind: credits.Message, Reference: fmt.Sprintf("message:%d", i)})
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, credits.ErrInsufficient):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if ok.Load() != 10 || refused.Load() != 40 {
		t.Fatalf("%d charges went through, %d refused", ok.Load(), refused.Load())
	}
	balance, sum, err := credits.Audit(ctx, pool, member)
	if err != nil {
		t.Fatal(err)
	}
	if balance != 0 || sum != 0 {
		t.Fatalf("balance %d, ledger %d", balance, sum)
	}
}

// The same reference charged from many requests at once books one row.
func TestConcurrentDuplicateReferenceBooksOnce(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 100)
	var wg sync.WaitGroup
	var booked atomic.Int64
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := post(ctx, pool, credits.Entry{MemberID: member, Delta: -10, Kind: credits.Message, Reference: "client:abc"})
			if err == nil {
				booked.Add(1)
			} else if !errors.Is(err, credits.ErrAlreadyBooked) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	balance, sum, _ := credits.Audit(ctx, pool, member)
	if booked.Load() != 1 || balance != 90 || sum != 90 {
		t.Fatalf("booked %d, balance %d, ledger %d", booked.Load(), balance, sum)
	}
}

// Every kind of balance change, in any order, leaves balance and ledger
// equal; the first purchase makes the member premium and a repeated
// purchase reference books once.
func TestEveryKindKeepsLedgerEqualAndPurchaseMakesPremium(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 0)
	tenantID := tenantOf(t, pool, member)
	type step struct {
		name       string
		run        func(tx pgx.Tx) (int64, error)
		balance    int64
		err        error
		paidBefore bool
	}
	buy := func(amount int64, ref string, wantBecame bool) func(tx pgx.Tx) (int64, error) {
		return func(tx pgx.Tx) (int64, error) {
			b, became, err := credits.BookPurchase(ctx, tx, member, amount, ref, "package")
			if err == nil && became != wantBecame {
				return 0, fmt.Errorf("became paid %v, want %v", became, wantBecame)
			}
			return b, err
		}
	}
	charge := func(amount int64, kind credits.Kind, ref string) func(tx pgx.Tx) (int64, error) {
		return func(tx pgx.Tx) (int64, error) { return credits.Charge(ctx, tx, member, amount, kind, ref) }
	}
	entry := func(e credits.Entry) func(tx pgx.Tx) (int64, error) {
		e.MemberID = member
		return func(tx pgx.Tx) (int64, error) { return credits.Post(ctx, tx, e) }
	}
	steps := []step{
		{"signup bonus", entry(credits.Entry{Delta: 50, Kind: credits.SignupBonus, Reference: "signup"}), 50, nil, false},
		{"message", charge(10, credits.Message, "message:1"), 40, nil, false},
		{"photo", charge(15, credits.Photo, "message:2"), 25, nil, false},
		{"gift too dear", charge(30, credits.Gift, "message:3"), 0, credits.ErrInsufficient, false},
		{"gift", charge(25, credits.Gift, "message:3"), 0, nil, false},
		{"zero charge", charge(0, credits.Message, "message:4"), 0, credits.ErrZero, false},
		{"first purchase", buy(100, "order:1", true), 100, nil, false},
		{"repeated webhook", buy(100, "order:1", false), 0, credits.ErrAlreadyBooked, true},
		{"second purchase", buy(200, "order:2", false), 300, nil, true},
		{"purchase without reference", buy(200, "", false), 0, credits.ErrNoReference, true},
		{"refund", entry(credits.Entry{Delta: -200, Kind: credits.Refund, Reference: "order:2"}), 100, nil, true},
		{"operator correction", entry(credits.Entry{Delta: 7, Kind: credits.Correction, Note: "goodwill"}), 107, nil, true},
	}
	for _, s := range steps {
		var paid bool
		if err := pool.QueryRow(ctx, "SELECT paid_user FROM members WHERE id = $1", member).Scan(&paid); err != nil {
			t.Fatal(err)
		}
		if paid != s.paidBefore {
			t.Fatalf("%s: paid_user %v before, want %v", s.name, paid, s.paidBefore)
		}
		var got int64
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var err error
			got, err = s.run(tx)
			return err
		})
		switch {
		case !errors.Is(err, s.err):
			t.Fatalf("%s: err %v, want %v", s.name, err, s.err)
		case err == nil && got != s.balance:
			t.Fatalf("%s: balance %d, want %d", s.name, got, s.balance)
		}
		bad, err := credits.AuditTenant(ctx, pool, tenantID)
		if err != nil {
			t.Fatal(err)
		}
		if len(bad) != 0 {
			t.Fatalf("%s: ledger and balances differ: %+v", s.name, bad)
		}
	}
}

// A balance changed behind the ledger's back shows up in the audit.
func TestAuditFindsBalanceOutsideLedger(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 20)
	if _, err := pool.Exec(ctx, "UPDATE members SET credits = credits + 5 WHERE id = $1", member); err != nil {
		t.Fatal(err)
	}
	bad, err := credits.AuditTenant(ctx, pool, tenantOf(t, pool, member))
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 1 || bad[0] != (credits.Mismatch{MemberID: member, Balance: 25, LedgerSum: 20}) {
		t.Fatalf("audit %+v", bad)
	}
}

func tenantOf(t *testing.T, pool *pgxpool.Pool, member int64) int64 {
	t.Helper()
	var id int64
	if err := pool.QueryRow(context.Background(), "SELECT tenant_id FROM members WHERE id = $1", member).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Every committed balance change reaches the member's live streams, and the
// first purchase also announces premium; a rolled-back change announces
// nothing.
func TestBalanceChangesGoLive(t *testing.T) {
	t.Parallel()
	ctx, pool, member := setup(t, 0)
	hub := live.NewHub(pool, 0, slog.New(slog.DiscardHandler))
	hub.Start()
	t.Cleanup(hub.Close)
	<-hub.Ready()
	sub := hub.Subscribe(member)
	defer hub.Unsubscribe(sub)

	_ = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, _, err := credits.BookPurchase(ctx, tx, member, 999, "order:rolled-back", ""); err != nil {
			t.Fatal(err)
		}
		return errors.New("roll back")
	})
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, _, err := credits.BookPurchase(ctx, tx, member, 100, "order:1", "")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"event: credits\ndata: {\"credits\":100}\n\n",
		"event: user\ndata: {\"paid_user\":true}\n\n",
	}
	for _, w := range want {
		select {
		case got := <-sub.C:
			if string(got) != w {
				t.Fatalf("event %q, want %q", got, w)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no event %q", w)
		}
	}
}

// A charge that goes with its transaction's COMMIT (ChargeAtCommit) books
// and refuses exactly as Charge does: the same balances, errors and ledger
// rows. Its refusals at commit (a reference booked before, a balance the
// caller read wrong) roll the whole transaction back.
func TestChargeAtCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	steps := []struct {
		amount    int64
		reference string
		// stale is added to the balance the caller says it read: the
		// statement, not the caller, then meets the real one.
		stale   int64
		balance int64
		err     error
	}{
		{amount: 10, reference: "message:1", balance: 40},
		{amount: 10, reference: "message:1", err: credits.ErrAlreadyBooked},
		{amount: 41, reference: "gift:1", err: credits.ErrInsufficient},
		{amount: 45, reference: "gift:2", stale: 100, err: credits.ErrInsufficient},
		{amount: 0, reference: "photo:0", err: credits.ErrZero},
		{amount: 40, reference: "photo:1", balance: 0},
	}
	charge := map[string]func(*pgxpool.Pool, int64, int64, int64, string) (int64, error){
		"Charge": func(pool *pgxpool.Pool, member, amount, _ int64, ref string) (int64, error) {
			var balance int64
			err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				var err error
				balance, err = credits.Charge(ctx, tx, member, amount, credits.Message, ref)
				return err
			})
			return balance, err
		},
		"ChargeAtCommit": func(pool *pgxpool.Pool, member, amount, stale int64, ref string) (int64, error) {
			var balance int64
			err := database.Pipelined(ctx, pool, func(tx pgx.Tx) (*pgx.Batch, error) {
				var read int64
				if err := tx.QueryRow(ctx, "SELECT credits FROM members WHERE id = $1 FOR UPDATE", member).Scan(&read); err != nil {
					return nil, err
				}
				// A day for every transaction that commits: a refusal at
				// commit must undo it with the rest.
				if _, err := tx.Exec(ctx, "UPDATE members SET last_seen_at = last_seen_at + interval '1 day' WHERE id = $1", member); err != nil {
					return nil, err
				}
				b := &pgx.Batch{}
				var err error
				balance, err = credits.ChargeAtCommit(ctx, tx, b, member, read+stale, amount, credits.Message, ref)
				return b, err
			})
			return balance, err
		},
	}
	history := map[string][]credits.Row{}
	for name, fn := range charge {
		_, pool, member := setup(t, 50)
		if _, err := pool.Exec(ctx, "UPDATE members SET last_seen_at = '2000-01-01T00:00:00Z' WHERE id = $1", member); err != nil {
			t.Fatal(err)
		}
		for i, s := range steps {
			got, err := fn(pool, member, s.amount, s.stale, s.reference)
			if !errors.Is(err, s.err) || (err == nil && got != s.balance) {
				t.Fatalf("%s step %d: balance %d, err %v; want %d, %v", name, i, got, err, s.balance, s.err)
			}
		}
		rows, err := credits.History(ctx, pool, member, 100)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			rows[i].ID, rows[i].CreatedAt = 0, time.Time{}
		}
		history[name] = rows
		var days int
		if err := pool.QueryRow(ctx, "SELECT extract(day FROM last_seen_at - '2000-01-01T00:00:00Z')::int FROM members WHERE id = $1", member).Scan(&days); err != nil {
			t.Fatal(err)
		}
		if name == "ChargeAtCommit" && days != 2 {
			t.Errorf("ChargeAtCommit: %d transactions kept their other writes, want the 2 that booked", days)
		}
	}
	if a, b := fmt.Sprint(history["Charge"]), fmt.Sprint(history["ChargeAtCommit"]); a != b {
		t.Errorf("ledger of Charge %s, of ChargeAtCommit %s", a, b)
	}
}
