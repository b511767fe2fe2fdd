package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"rendezvous/engine/demo"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// syncBuffer is a log both engines write to.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A data directory once run with --demo, started without it: the demo's
// staff (the superadmin with the published password first) and members
// log in no more, their sessions end, the log says so, and a superadmin
// cannot enable them in the console; only a start with --demo again lets
// them in.
func TestDemoAccountsOffWithoutDemo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, nil))

	// The demo start: seeded, and its logins work.
	demoEnv := servertest.NewConfigured(t, func(c *config.Config) { c.Demo = true })
	seeder := demo.NewSeeder(demoEnv.Pool, demoEnv.Profiles.Store, demoEnv.Profiles.Images, log)
	seeder.PerPool = 3
	if err := seeder.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if err := demoEnv.Console.Staff.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	if err := switchDemoAccounts(ctx, true, demoEnv.Console.Staff, demoEnv.Pool, log); err != nil {
		t.Fatal(err)
	}
	staffLogin := func(e *servertest.Env, email string) servertest.Response {
		return e.Client(t, servertest.ConsoleHost).Do("POST", "/admin/api/login",
			map[string]string{"email": email, "password": staff.DemoPassword})
	}
	memberLogin := func(e *servertest.Env, email string) (*servertest.Client, servertest.Response) {
		c := e.Client(t, "localhost")
		return c, c.Do("POST", "/api/user.php", map[string]string{"email": email, "password": demo.Password})
	}
	staffLogin(demoEnv, staff.DemoEmail).Want(t, http.StatusOK, "")
	staffLogin(demoEnv, "moderator@lustlokaal.example").Want(t, http.StatusOK, "")
	session, res := memberLogin(demoEnv, demo.LoginEmail("lustlokaal"))
	res.Want(t, http.StatusOK, "")
	// One of the pool's made-up members (a few are house profiles, drawn
	// at random, which log in nowhere: this one is made a member).
	var pooled string
	if err := demoEnv.Pool.QueryRow(ctx, `UPDATE members SET is_house = false WHERE id = (SELECT max(m.id) FROM members m
		JOIN tenants t ON t.id = m.tenant_id WHERE t.slug = 'lustlokaal' AND m.email LIKE '%.demo.example') RETURNING email`).Scan(&pooled); err != nil {
		t.Fatal(err)
	}
	_, res = memberLogin(demoEnv, pooled)
	res.Want(t, http.StatusOK, "")

	// The start without --demo on the same database.
	live := demoEnv.Twin(t)
	if err := switchDemoAccounts(ctx, false, live.Console.Staff, live.Pool, log); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	if !strings.Contains(out, "level=WARN") || !strings.Contains(out, "demo accounts disabled") ||
		!strings.Contains(out, staff.DemoEmail) || !strings.Contains(out, "support@sparkusa.example") {
		t.Errorf("the log does not say the demo accounts are disabled:\n%s", out)
	}
	var audited int
	if err := live.Pool.QueryRow(ctx, `SELECT count(*) FROM audit_log WHERE action = 'staff.disable'
		AND staff_id IS NULL AND after->>'email' = $1`, staff.DemoEmail).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("the demo superadmin's disabling audited %d times (%v)", audited, err)
	}
	for _, email := range []string{staff.DemoEmail, "moderator@lustlokaal.example", "chat@herzklopfen.example"} {
		staffLogin(live, email).Want(t, http.StatusUnauthorized, "login_failed")
	}
	for _, email := range []string{demo.LoginEmail("lustlokaal"), demo.PremiumEmail("lustlokaal"), pooled} {
		_, res := memberLogin(live, email)
		res.Want(t, http.StatusUnauthorized, "login_failed")
	}
	profileStatus := func() (status string) {
		t.Helper()
		if err := live.Pool.QueryRow(ctx, "SELECT p.status FROM profiles p JOIN members m ON m.id = p.id WHERE m.email = $1",
			pooled).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status
	}
	if s := profileStatus(); s != "hidden" {
		t.Errorf("the demo member's profile is %s on the real site", s)
	}
	var me struct {
		User *struct{ ID int64 } `json:"user"`
	}
	session.Do("GET", "/api/user.php", nil).JSON(t, &me)
	if me.User != nil {
		t.Errorf("the demo member's session still counts")
	}

	// A superadmin of the real site cannot enable the demo's superadmin.
	super := live.Console.Staff
	made, err := super.Create(ctx, staff.NewStaff{Email: "owner@site.test", Role: staff.RoleSuperadmin, Tenant: staff.AllTenants,
		Password: "a long owner password"}, nil, netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}
	var demoID int64
	if err := live.Pool.QueryRow(ctx, "SELECT id FROM staff_accounts WHERE email = $1", staff.DemoEmail).Scan(&demoID); err != nil {
		t.Fatal(err)
	}
	if _, err := super.Enable(ctx, demoID, made.Staff, netip.Addr{}); !errors.Is(err, staff.ErrDemoStaff) {
		t.Fatalf("enable the demo superadmin: %v", err)
	}
	staffLogin(live, staff.DemoEmail).Want(t, http.StatusUnauthorized, "login_failed")

	// The demo again: they log in again.
	if err := switchDemoAccounts(ctx, true, demoEnv.Console.Staff, demoEnv.Pool, log); err != nil {
		t.Fatal(err)
	}
	staffLogin(demoEnv, staff.DemoEmail).Want(t, http.StatusOK, "")
	_, res = memberLogin(demoEnv, demo.LoginEmail("lustlokaal"))
	res.Want(t, http.StatusOK, "")
	if s := profileStatus(); s != "active" {
		t.Errorf("the demo member's profile is %s on the demo again", s)
	}
	if !strings.Contains(logs.String(), "demo accounts enabled again") {
		t.Errorf("the log does not say the demo accounts are enabled again:\n%s", logs.String())
	}
}
