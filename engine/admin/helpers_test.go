package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rendezvous/engine/admin"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// env is an engine with the console on servertest.ConsoleHost and a
// console clock the test moves.
type env struct {
	*servertest.Env
	clock *clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := servertest.New(t)
	c := &clock{now: time.Now()}
	e.Console.Service.Now = c.Now
	return &env{Env: e, clock: c}
}

// staffMember is a staff account made for a test.
type staffMember struct {
	ID       int64
	Email    string
	Password string
	Secret   string
}

var counter atomic.Int64

func nextEmail(role string) string {
	return fmt.Sprintf("%s-%d@staff.example", role, counter.Add(1))
}

const testPassword = "a long staff password"

// create makes a staff account with role on tenant (a slug or "*").
func (e *env) create(t *testing.T, role, tenant string) staffMember {
	t.Helper()
	email := nextEmail(role)
	out, err := e.Console.Service.Create(context.Background(),
		admin.NewStaff{Email: email, Role: role, Tenant: tenant, Password: testPassword}, nil, netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}
	return staffMember{ID: out.Staff.ID, Email: email, Password: testPassword}
}

// console is a browser on the console host.
func (e *env) console(t *testing.T) *servertest.Client {
	return e.Client(t, servertest.ConsoleHost)
}

// code is the current TOTP code of secret on the console's clock.
func (e *env) code(t *testing.T, secret string) string {
	t.Helper()
	c, err := admin.TOTPCode(secret, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrolled makes a staff account with role on tenant, logs in, sets up the
// second factor and returns the console client with a complete session.
func (e *env) enrolled(t *testing.T, role, tenant string) (*servertest.Client, staffMember) {
	t.Helper()
	s := e.create(t, role, tenant)
	c := e.console(t)
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusOK, "")
	var enrol struct{ Secret, URI string }
	c.Do("POST", "/admin/api/totp", nil).JSON(t, &enrol)
	s.Secret = enrol.Secret
	c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.code(t, enrol.Secret)}).Want(t, http.StatusOK, "")
	return c, s
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
