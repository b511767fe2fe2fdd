package admin_test

import (
	"encoding/csv"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"go.yaml.in/yaml/v3"

	"rendezvous/config"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/admin"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// consoleRoutes walks the console's router: every API route with its
// method, and the route table's entry for it.
func consoleRoutes(t *testing.T, e *servertest.ConsoleEnv) map[string]admin.Route {
	t.Helper()
	table := map[string]admin.Route{}
	for _, r := range e.Console.Routes() {
		table[r.Method+" "+admin.APIPrefix+r.Pattern] = r
	}
	walked := map[string]admin.Route{}
	err := chi.Walk(e.Console.Router(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if !strings.HasPrefix(route, admin.APIPrefix+"/") {
			return nil
		}
		key := method + " " + route
		r, ok := table[key]
		if !ok {
			t.Errorf("%s is not in the console's route table", key)
		}
		walked[key] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(walked) != len(table) || len(walked) < 10 {
		t.Fatalf("walked %d routes, the table has %d", len(walked), len(table))
	}
	return walked
}

// policyFile reads config/console_policy.csv on its own, as the expected
// answer: role -> "object:action".
func policyFile(t *testing.T) map[string][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(config.ConsolePolicy))
	r.Comment, r.TrimLeadingSpace = '#', true
	lines, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	perms := map[string][]string{}
	for _, l := range lines {
		if l[2] != "*" {
			t.Fatalf("policy line %v: permissions are given on *", l)
		}
		perms[l[1]] = append(perms[l[1]], l[3]+":"+l[4])
	}
	for _, role := range staff.Roles {
		if len(perms[role]) == 0 {
			t.Fatalf("role %s has no permissions", role)
		}
	}
	return perms
}

// TestRoleRouteMatrix walks every console route with every role, given on
// one tenant and on every tenant, and checks allow or deny against the
// policy file: a route is refused with console_forbidden exactly when the
// policy does not give its permission where the route needs it.
func TestRoleRouteMatrix(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	routes := consoleRoutes(t, e)
	perms := policyFile(t)
	keys := make([]string, 0, len(routes))
	for k := range routes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { // logout last: it ends the session
		return !strings.HasSuffix(keys[i], "/logout") && (strings.HasSuffix(keys[j], "/logout") || keys[i] < keys[j])
	})
	checked := 0
	for _, role := range staff.Roles {
		for _, granted := range []string{"lustlokaal", "*"} {
			c, _ := e.Enrolled(t, role, granted)
			for _, key := range keys {
				rt := routes[key]
				method, path, _ := strings.Cut(key, " ")
				for _, tenant := range []string{"lustlokaal", "sparkusa"} {
					p := strings.ReplaceAll(path, "{tenant}", tenant)
					has := slices.Contains(perms[role], rt.Perm.Object+":"+rt.Perm.Action)
					var want bool
					switch rt.Perm.Scope {
					case staff.Public, staff.SignedIn:
						want = true
					case staff.Global:
						want = has && granted == "*"
					case staff.AnyTenant:
						want = has
					case staff.InTenant:
						want = has && (granted == "*" || granted == tenant)
					}
					res := c.Do(method, p, "{}")
					refused := res.Status == http.StatusForbidden && res.ErrorCode() == "console_forbidden"
					if refused == want || res.Status >= 500 || res.Status == http.StatusUnauthorized && rt.Perm.Scope != staff.Public {
						t.Errorf("%s on %s, %s %s (%s): allowed %v, got %d %s", role, granted, method, p, rt.Perm, want, res.Status, res.Body)
					}
					checked++
					if !strings.Contains(path, "{tenant}") {
						break
					}
				}
			}
		}
	}
	if checked < len(staff.Roles)*2*len(routes) {
		t.Fatalf("checked only %d cases", checked)
	}
}

// TestHostSeparation: the console answers only on its hosts, and a console
// host serves no member site.
func TestHostSeparation(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.NewStaff(t, staff.RoleSuperadmin, "*")
	login := map[string]string{"email": s.Email, "password": s.Password}
	for _, tc := range []struct {
		host, method, path string
		status             int
		code, body         string
	}{
		// Brands know nothing of the console.
		{"localhost", "GET", "/admin", 404, "", "could not be found"},
		{"localhost", "GET", "/admin/", 404, "", "could not be found"},
		{"localhost", "GET", "/admin/tenants", 404, "", "could not be found"},
		{"sparkusa.localhost", "GET", "/admin/api/me", 404, "not_found", ""},
		{"sparkusa.localhost", "GET", "/admin/api/", 404, "not_found", ""},
		{"de.localhost", "POST", "/admin/api/login", 404, "not_found", ""},
		// The console host serves the console only.
		{servertest.ConsoleHost, "GET", "/", 302, "", ""},
		{servertest.ConsoleHost, "GET", "/admin/", 200, "", "Rendezvous console"},
		{servertest.ConsoleHost, "GET", "/admin/tenants", 200, "", "Rendezvous console"},
		{servertest.ConsoleHost, "GET", "/api/settings.php", 404, "", ""},
		{servertest.ConsoleHost, "POST", "/api/user.php", 404, "", ""},
		{servertest.ConsoleHost, "GET", "/profile", 404, "", ""},
		{servertest.ConsoleHost, "GET", "/admin/api/nothing", 404, "not_found", ""},
		{servertest.ConsoleHost, "DELETE", "/admin/api/me", 405, "method_not_allowed", ""},
		{servertest.ConsoleHost + ":8080", "GET", "/admin/api/me", 401, "console_login_required", ""},
		// Health checks answer on every host.
		{servertest.ConsoleHost, "GET", "/healthz", 200, "", "ok"},
		// An unknown host is neither.
		{"elsewhere.example", "GET", "/admin/", 404, "", ""},
	} {
		var body any
		if tc.method == "POST" {
			body = login
		}
		res := e.Client(t, tc.host).Do(tc.method, tc.path, body)
		if res.Status != tc.status || tc.code != "" && res.ErrorCode() != tc.code || !strings.Contains(string(res.Body), tc.body) {
			t.Errorf("%s %s%s: %d %s", tc.method, tc.host, tc.path, res.Status, res.Body)
		}
	}
	if loc := e.ConsoleClient(t).Do("GET", "/", nil).Header.Get("Location"); loc != "/admin/" {
		t.Errorf("/ on the console host leads to %q", loc)
	}
	// A login from another site is refused like a member's.
	req, _ := http.NewRequest("POST", e.URL+"/admin/api/login", strings.NewReader(`{"email":"`+s.Email+`","password":"`+s.Password+`"}`))
	req.Host = servertest.ConsoleHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	e.ConsoleClient(t).Send(req).Want(t, http.StatusForbidden, "cross_origin")
}

type consoleAPI struct {
	Paths map[string]map[string]struct {
		Permission string   `yaml:"x-permission"`
		Errors     []string `yaml:"x-errors"`
	} `yaml:"paths"`
}

// TestOpenAPIMatchesConsoleRoutes: every console route is in the console's
// openapi.yaml with its permission, every documented call exists, and every
// error code named is one the engine can answer.
func TestOpenAPIMatchesConsoleRoutes(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	var doc consoleAPI
	if err := yaml.Unmarshal(admin.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	routes := consoleRoutes(t, e)
	documented := map[string]bool{}
	for path, methods := range doc.Paths {
		for method, op := range methods {
			key := strings.ToUpper(method) + " " + path
			documented[key] = true
			rt, ok := routes[key]
			if !ok {
				t.Errorf("openapi.yaml documents %s, which does not exist", key)
				continue
			}
			if op.Permission != rt.Perm.String() {
				t.Errorf("%s: documented permission %q, the route table says %q", key, op.Permission, rt.Perm)
			}
		}
	}
	for key := range routes {
		if !documented[key] {
			t.Errorf("%s is missing from openapi.yaml", key)
		}
	}
	var source strings.Builder
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		source.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`^[a-z][a-z0-9_]+$`)
	for path, methods := range doc.Paths {
		for method, op := range methods {
			for _, c := range op.Errors {
				if !code.MatchString(c) || !strings.Contains(source.String(), `"`+c+`"`) {
					t.Errorf("%s %s: error code %q is not in the engine's code", method, path, c)
				}
			}
		}
	}
}

// TestMeAnswersThePermissions: /me answers, for every role given on one
// tenant and on every tenant, exactly the policy's permissions of the role
// on that domain (what the web app's navigation reflects), and none while
// the session may only set up the second factor.
func TestMeAnswersThePermissions(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	perms := policyFile(t)
	type answer struct {
		Permissions []staff.TenantPermission
	}
	for _, role := range staff.Roles {
		for _, granted := range []string{"herzklopfen", "*"} {
			s := e.NewStaff(t, role, granted)
			c := e.ConsoleClient(t)
			var me answer
			c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).JSON(t, &me)
			if me.Permissions == nil || len(me.Permissions) != 0 {
				t.Errorf("%s on %s before the second factor: permissions %v, want []", role, granted, me.Permissions)
			}
			var enrol struct{ Secret string }
			c.Do("POST", "/admin/api/totp", nil).JSON(t, &enrol)
			var confirmed answer
			c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.StaffCode(t, enrol.Secret)}).JSON(t, &confirmed)
			c.Do("GET", "/admin/api/me", nil).JSON(t, &me)
			var got []string
			for _, p := range me.Permissions {
				got = append(got, p.Tenant+" "+p.Object+":"+p.Action)
			}
			var want []string
			for _, p := range perms[role] {
				want = append(want, granted+" "+p)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s on %s: /me permissions %v, want %v", role, granted, got, want)
			}
			if !slices.Equal(confirmed.Permissions, me.Permissions) {
				t.Errorf("%s on %s: confirming answered %v, /me %v", role, granted, confirmed.Permissions, me.Permissions)
			}
		}
	}
}

// TestMemberSessionNeverReachesTheConsole: a member's session token, sent
// as either cookie, is no console session on any console route.
func TestMemberSessionNeverReachesTheConsole(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	member, _ := e.LoggedIn(t, "localhost", accountstest.Member{})
	var token string
	for _, ck := range member.HTTP.Jar.Cookies(mustURL("http://localhost/")) {
		if ck.Name == "rdv_session" {
			token = ck.Value
		}
	}
	if token == "" {
		t.Fatal("the member has no session cookie")
	}
	for key, rt := range consoleRoutes(t, e) {
		if rt.Perm.Scope == staff.Public {
			continue
		}
		method, path, _ := strings.Cut(key, " ")
		path = strings.ReplaceAll(path, "{tenant}", "lustlokaal")
		for _, name := range []string{"rdv_session", staff.SessionCookie} {
			req, _ := http.NewRequest(method, e.URL+path, strings.NewReader("{}"))
			req.Host = servertest.ConsoleHost
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(&http.Cookie{Name: name, Value: token})
			e.ConsoleClient(t).Send(req).Want(t, http.StatusUnauthorized, "console_login_required")
		}
	}
}
