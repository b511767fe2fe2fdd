package staff_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

type staffAnswer struct {
	Staff struct {
		ID                    int64
		Email                 string
		Roles                 []staff.Grant
		TOTPEnabled           bool `json:"totp_enabled"`
		TOTPEnrolmentRequired bool `json:"totp_enrolment_required"`
	}
}

func slugs(t *testing.T, res servertest.Response) []string {
	t.Helper()
	res.Want(t, http.StatusOK, "")
	var list []struct{ Slug string }
	res.JSON(t, &list)
	var out []string
	for _, x := range list {
		out = append(out, x.Slug)
	}
	slices.Sort(out)
	return out
}

// TestLoginEnrolmentAndSecondFactor walks a new superadmin through the
// first login (enrolment only), the set-up of the second factor, logout,
// and a login that needs the code.
func TestLoginEnrolmentAndSecondFactor(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleSuperadmin, "")
	c := e.ConsoleClient(t)

	c.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	res := c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password})
	res.Want(t, http.StatusOK, "")
	var me staffAnswer
	res.JSON(t, &me)
	if me.Staff.ID != s.ID || me.Staff.Email != s.Email || !me.Staff.TOTPEnrolmentRequired || me.Staff.TOTPEnabled ||
		len(me.Staff.Roles) != 1 || me.Staff.Roles[0] != (staff.Grant{Role: "superadmin", Tenant: "*"}) {
		t.Fatalf("login answer %+v", me)
	}
	// Until the second factor is set up, the session reaches nothing else.
	c.Do("GET", "/admin/api/me", nil).Want(t, http.StatusOK, "")
	c.Do("GET", "/admin/api/tenants", nil).Want(t, http.StatusForbidden, "totp_enrolment_required")
	c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": "123456"}).Want(t, http.StatusConflict, "totp_not_started")

	var enrol struct{ Secret, URI string }
	res = c.Do("POST", "/admin/api/totp", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &enrol)
	if len(enrol.Secret) < 16 || !strings.HasPrefix(enrol.URI, "otpauth://totp/") || !strings.Contains(enrol.URI, "secret="+enrol.Secret) {
		t.Fatalf("enrolment %+v", enrol)
	}
	wrong := "000000"
	if e.StaffCode(t, enrol.Secret) == wrong {
		wrong = "111111"
	}
	c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": wrong}).Want(t, http.StatusUnprocessableEntity, "totp_invalid")
	res = c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.StaffCode(t, enrol.Secret)})
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &me)
	if !me.Staff.TOTPEnabled || me.Staff.TOTPEnrolmentRequired {
		t.Fatalf("after confirming %+v", me)
	}
	if got := slugs(t, c.Do("GET", "/admin/api/tenants", nil)); strings.Join(got, ",") != "herzklopfen,lustlokaal,sparkusa" {
		t.Fatalf("tenants %v", got)
	}
	c.Do("POST", "/admin/api/totp", nil).Want(t, http.StatusConflict, "totp_enabled")

	c.Do("POST", "/admin/api/logout", nil).Want(t, http.StatusNoContent, "")
	c.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")

	// From now on the password alone is not enough.
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).
		Want(t, http.StatusUnauthorized, "totp_required")
	c.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	// The code used to confirm does not count twice.
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password, "totp": e.StaffCode(t, enrol.Secret)}).
		Want(t, http.StatusUnauthorized, "login_failed")
	e.Clock.Add(30 * time.Second)
	res = c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password, "totp": e.StaffCode(t, enrol.Secret)})
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &me)
	if me.Staff.TOTPEnrolmentRequired {
		t.Fatalf("login with the code: %+v", me)
	}
	c.Do("GET", "/admin/api/staff", nil).Want(t, http.StatusOK, "")
}

// TestConfirmEndsOtherSessions: setting up the second factor moves the
// account's epoch on, so a second half-logged-in session ends.
func TestConfirmEndsOtherSessions(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleModerator, "lustlokaal")
	first, second := e.ConsoleClient(t), e.ConsoleClient(t)
	for _, c := range []*servertest.Client{first, second} {
		c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusOK, "")
	}
	var enrol struct{ Secret string }
	first.Do("POST", "/admin/api/totp", nil).JSON(t, &enrol)
	first.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.StaffCode(t, enrol.Secret)}).Want(t, http.StatusOK, "")
	first.Do("GET", "/admin/api/tenants", nil).Want(t, http.StatusOK, "")
	second.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
}

func TestWrongPasswordAndUnknownEmail(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleSupport, "sparkusa")
	c := e.ConsoleClient(t)
	for _, body := range []map[string]string{
		{"email": s.Email, "password": "not the password"},
		{"email": "nobody@staff.example", "password": s.Password},
		{"email": s.Email, "password": ""},
		{"email": "", "password": ""},
	} {
		c.Do("POST", "/admin/api/login", body).Want(t, http.StatusUnauthorized, "login_failed")
	}
	c.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	c.Do("POST", "/admin/api/login", `{"email": 5}`).Want(t, http.StatusUnprocessableEntity, "wrong_type")
	// The address is case-insensitive.
	c.Do("POST", "/admin/api/login", map[string]string{"email": strings.ToUpper(s.Email), "password": s.Password}).Want(t, http.StatusOK, "")
}

// TestLoginThrottling: five wrong passwords block the account (even the
// right password) until the window has passed; wrong codes count too; a
// block of one account leaves the others alone.
func TestLoginThrottling(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleFinance, "*")
	other := e.NewStaff(t, staff.RoleFinance, "*")
	c := e.ConsoleClient(t)
	for i := 1; i <= 4; i++ {
		c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": "wrong"}).Want(t, http.StatusUnauthorized, "login_failed")
	}
	res := c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": "wrong"})
	res.Want(t, http.StatusTooManyRequests, "login_blocked")
	res = c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password})
	res.Want(t, http.StatusTooManyRequests, "login_blocked")
	var body struct{ Minutes int }
	res.JSON(t, &body)
	if body.Minutes != 15 {
		t.Fatalf("minutes %d", body.Minutes)
	}
	c.Do("POST", "/admin/api/login", map[string]string{"email": other.Email, "password": other.Password}).Want(t, http.StatusOK, "")

	e.Clock.Add(15*time.Minute + time.Second)
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusOK, "")

	// Wrong second-factor codes count like wrong passwords.
	ec, m := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	ec.Do("POST", "/admin/api/logout", nil).Want(t, http.StatusNoContent, "")
	wrong := "000000"
	if e.StaffCode(t, m.Secret) == wrong {
		wrong = "111111"
	}
	for i := 1; i <= 4; i++ {
		ec.Do("POST", "/admin/api/login", map[string]string{"email": m.Email, "password": m.Password, "totp": wrong}).
			Want(t, http.StatusUnauthorized, "login_failed")
	}
	ec.Do("POST", "/admin/api/login", map[string]string{"email": m.Email, "password": m.Password, "totp": wrong}).
		Want(t, http.StatusTooManyRequests, "login_blocked")
}

// TestThrottlingPerAddress: twenty failures from one address block it for
// every account.
func TestThrottlingPerAddress(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleSupport, "*")
	c := e.ConsoleClient(t)
	for i := 0; i < 19; i++ {
		c.Do("POST", "/admin/api/login", map[string]string{"email": "ghost-" + s.Email, "password": "wrong"}).Want(t, http.StatusUnauthorized, "login_failed")
	}
	c.Do("POST", "/admin/api/login", map[string]string{"email": "ghost-" + s.Email, "password": "wrong"}).Want(t, http.StatusTooManyRequests, "login_blocked")
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusTooManyRequests, "login_blocked")
}

// TestModeratorSeesOnlyTheirTenant: the tenants list and the tenant call
// follow the role's tenant.
func TestModeratorSeesOnlyTheirTenant(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleModerator, "herzklopfen")
	if got := slugs(t, c.Do("GET", "/admin/api/tenants", nil)); strings.Join(got, ",") != "herzklopfen" {
		t.Fatalf("tenants %v", got)
	}
	c.Do("GET", "/admin/api/tenants/herzklopfen", nil).Want(t, http.StatusOK, "")
	c.Do("GET", "/admin/api/tenants/sparkusa", nil).Want(t, http.StatusForbidden, "console_forbidden")
	c.Do("GET", "/admin/api/staff", nil).Want(t, http.StatusForbidden, "console_forbidden")
	c.Do("GET", "/admin/api/audit", nil).Want(t, http.StatusForbidden, "console_forbidden")
}

// TestDemoSuperadminSkipsTheSecondFactor: only the demo account, only in
// the demo.
func TestDemoSuperadminSkipsTheSecondFactor(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	ctx := context.Background()
	if _, err := e.Console.Staff.Create(ctx, staff.NewStaff{Email: staff.DemoEmail, Role: "superadmin", Password: staff.DemoPassword}, nil, noAddr); err != nil {
		t.Fatal(err)
	}
	other := e.NewStaff(t, staff.RoleSuperadmin, "*")
	login := func(email, password string) staffAnswer {
		c := e.ConsoleClient(t)
		res := c.Do("POST", "/admin/api/login", map[string]string{"email": email, "password": password})
		res.Want(t, http.StatusOK, "")
		var me staffAnswer
		res.JSON(t, &me)
		return me
	}
	if me := login(staff.DemoEmail, staff.DemoPassword); !me.Staff.TOTPEnrolmentRequired {
		t.Fatal("the demo account skipped the second factor outside the demo")
	}
	e.Console.Staff.Demo = true
	if me := login(staff.DemoEmail, staff.DemoPassword); me.Staff.TOTPEnrolmentRequired {
		t.Fatal("the demo account needs a second factor in the demo")
	}
	if me := login(other.Email, other.Password); !me.Staff.TOTPEnrolmentRequired {
		t.Fatal("another superadmin skipped the second factor in the demo")
	}
}

// TestCreateRefusesBadInput: each bad field has its code and creates
// nothing.
func TestCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, s := e.Enrolled(t, staff.RoleSuperadmin, "*")
	for _, tc := range []struct {
		body   map[string]string
		status int
		code   string
	}{
		{map[string]string{"email": "not an address", "role": "moderator"}, 422, "staff_email_invalid"},
		{map[string]string{"email": "new@staff.example", "role": "janitor"}, 422, "role_invalid"},
		{map[string]string{"email": "new@staff.example", "role": "moderator", "tenant": "nosuchbrand"}, 422, "tenant_unknown"},
		{map[string]string{"email": "new@staff.example", "role": "moderator", "password": "short"}, 422, "staff_password_too_short"},
		{map[string]string{"email": strings.ToUpper(s.Email), "role": "moderator"}, 409, "staff_email_taken"},
	} {
		c.Do("POST", "/admin/api/staff", tc.body).Want(t, tc.status, tc.code)
	}
	var list struct{ Staff []struct{ Email string } }
	c.Do("GET", "/admin/api/staff", nil).JSON(t, &list)
	if len(list.Staff) != 1 {
		t.Fatalf("staff after refusals: %+v", list)
	}
	res := c.Do("POST", "/admin/api/staff", map[string]string{"email": "mod@staff.example", "role": "moderator", "tenant": "lustlokaal"})
	res.Want(t, http.StatusCreated, "")
	var made struct {
		Staff    struct{ Roles []staff.Grant }
		Password string
	}
	res.JSON(t, &made)
	if len(made.Password) < staff.MinPasswordLength || len(made.Staff.Roles) != 1 || made.Staff.Roles[0] != (staff.Grant{Role: "moderator", Tenant: "lustlokaal"}) {
		t.Fatalf("made %+v", made)
	}
	// The one-time password works.
	e.ConsoleClient(t).Do("POST", "/admin/api/login", map[string]string{"email": "mod@staff.example", "password": made.Password}).Want(t, http.StatusOK, "")
}

// TestSecondInstanceSeesNewRoles: a role given through one instance holds
// on another at once (the policy reloads when the rules changed).
func TestSecondInstanceSeesNewRoles(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	twin := servertest.OnClock(e.Twin(t), e.Clock)
	c, _ := twin.Enrolled(t, staff.RoleSuperadmin, "*") // loads the twin's policy
	made := e.NewStaff(t, staff.RoleChatOperator, "sparkusa")
	var list struct {
		Staff []struct {
			ID    int64
			Roles []staff.Grant
		}
	}
	c.Do("GET", "/admin/api/staff", nil).JSON(t, &list)
	for _, st := range list.Staff {
		if st.ID == made.ID && len(st.Roles) == 1 && st.Roles[0].Role == staff.RoleChatOperator {
			return
		}
	}
	t.Fatalf("the twin does not see the new role: %+v", list)
}

// TestCleanup deletes expired console sessions and wrong logins that no
// longer count, and nothing else.
func TestCleanup(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleSupport, "*")
	c := e.ConsoleClient(t)
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": "wrong"}).Want(t, http.StatusUnauthorized, "login_failed")
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusOK, "")
	count := func(table string) int {
		var n int
		if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	ctx := context.Background()
	if err := e.Console.Staff.Cleanup(ctx); err != nil {
		t.Fatal(err)
	}
	if count("staff_sessions") != 1 || count("staff_login_failures") != 1 {
		t.Fatal("cleanup deleted what still counts")
	}
	e.Clock.Add(staff.SessionLifetime + time.Minute)
	if err := e.Console.Staff.Cleanup(ctx); err != nil {
		t.Fatal(err)
	}
	if count("staff_sessions") != 0 || count("staff_login_failures") != 0 {
		t.Fatal("cleanup left expired rows")
	}
}

// TestSeedDemo: the demo's staff, made once; the superadmin sees every
// tenant without a second factor, a moderator only their tenant.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	ctx := context.Background()
	svc := e.Console.Staff
	svc.Demo = true
	for range 2 {
		if err := svc.SeedDemo(ctx); err != nil {
			t.Fatal(err)
		}
	}
	list, err := svc.List(ctx)
	if err != nil || len(list) != 10 {
		t.Fatalf("demo staff %d, %v", len(list), err)
	}
	c := e.ConsoleClient(t)
	c.Do("POST", "/admin/api/login", map[string]string{"email": staff.DemoEmail, "password": staff.DemoPassword}).Want(t, http.StatusOK, "")
	if got := slugs(t, c.Do("GET", "/admin/api/tenants", nil)); len(got) != 3 {
		t.Fatalf("the demo superadmin sees %v", got)
	}
	m := e.ConsoleClient(t)
	res := m.Do("POST", "/admin/api/login", map[string]string{"email": "moderator@sparkusa.example", "password": staff.DemoPassword})
	res.Want(t, http.StatusOK, "")
	var enrol struct{ Secret string }
	m.Do("POST", "/admin/api/totp", nil).JSON(t, &enrol)
	m.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.StaffCode(t, enrol.Secret)}).Want(t, http.StatusOK, "")
	if got := slugs(t, m.Do("GET", "/admin/api/tenants", nil)); strings.Join(got, ",") != "sparkusa" {
		t.Fatalf("the demo moderator sees %v", got)
	}
}

// TestPolicyFileIsWrittenOnStart: a start puts the policy file's
// permissions back when the table's differ, and leaves an equal table
// untouched.
func TestPolicyFileIsWrittenOnStart(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	ctx := context.Background()
	state := func() (n, last int64) {
		if err := e.Pool.QueryRow(ctx, "SELECT count(*), max(id) FROM casbin_rules WHERE ptype = 'p'").Scan(&n, &last); err != nil {
			t.Fatal(err)
		}
		return n, last
	}
	n, last := state()
	if _, err := staff.NewPolicy(ctx, e.Pool); err != nil {
		t.Fatal(err)
	}
	if n2, last2 := state(); n2 != n || last2 != last {
		t.Fatalf("an unchanged policy was rewritten: %d/%d -> %d/%d", n, last, n2, last2)
	}
	if _, err := e.Pool.Exec(ctx, "DELETE FROM casbin_rules WHERE ptype = 'p' AND v0 = 'finance' AND v2 = 'money' AND v3 = 'write'"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Pool.Exec(ctx, "INSERT INTO casbin_rules (ptype, v0, v1, v2, v3) VALUES ('p', 'support', '*', 'money', 'write')"); err != nil {
		t.Fatal(err)
	}
	p, err := staff.NewPolicy(ctx, e.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if n2, _ := state(); n2 != n {
		t.Fatalf("%d permission lines after the rewrite, want %d", n2, n)
	}
	s := e.NewStaff(t, staff.RoleSupport, "*")
	f := e.NewStaff(t, staff.RoleFinance, "*")
	for _, tc := range []struct {
		id   int64
		want bool
	}{{s.ID, false}, {f.ID, true}} {
		if ok, err := p.Allowed(ctx, tc.id, "lustlokaal", "money", "write"); err != nil || ok != tc.want {
			t.Errorf("staff %d money:write %v (%v), want %v", tc.id, ok, err, tc.want)
		}
	}
}
