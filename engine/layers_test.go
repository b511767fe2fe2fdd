// Package engine_test holds the checks of the engine's layers: which
// packages may depend on which. The layers, from the bottom: platform (no
// product knowledge), identity and tenancy, the areas, the user object that
// joins account and profile, and on top the console's route table, the
// server that wires everything, and the commands. Staff identity (the
// console's logins, roles and audit log) sits below the areas beside
// identity, so each area keeps its console handlers.
package engine_test

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

const engine = "rendezvous/engine/"

// aboveAccounts are the packages that may depend on accounts: accounts
// itself, the user object assembled above it, the demo data generator
// (which writes through every area), the server that wires everything, the
// commands and test helpers, and the operators' console (admin), which acts
// on accounts (warnings, suspensions, bans) above every area, and the
// notification mails (notifications), which go out through
// accounts.Service.Notify. Every other package, and the areas in
// particular, learns who is logged in from identity.
var aboveAccounts = []string{"accounts", "membership", "demo", "server", "cmd/", "accounts/", "server/", "admin", "notifications"}

// TestAreasDoNotImportAccounts keeps identity below the areas: no area
// package (profiles, likes, chat, credits, live, and billing or admin when
// they come) depends on accounts, directly or through another package.
// (What joins an account with its profile, the user object and the
// changes of both together, is in package membership; TestAccountsBelowTheAreas.)
func TestAreasDoNotImportAccounts(t *testing.T) {
	t.Parallel()
	deps := engineDeps(t)
	for _, area := range []string{"profiles", "likes", "chat", "credits", "live", "identity", "tenancy", "media"} {
		if _, ok := deps[area]; !ok {
			t.Errorf("package %s is missing from go list; the check would pass for nothing", area)
		}
	}
	for pkg, list := range deps {
		if allowed(pkg) {
			continue
		}
		if list[engine+"accounts"] {
			t.Errorf("%s depends on rendezvous/engine/accounts; use rendezvous/engine/identity for the logged-in member", pkg)
		}
	}
}

// belowAccounts are all accounts may depend on: the platform, the packages
// below the areas (geo, limits, tenancy, live, notify, identity, and staff,
// the console's logins and audit log, for the areas' console handlers),
// and of the areas only credits (a signup books the signup
// credits with the member) and traffic (a signup and an activation queue
// the postbacks to the member's affiliate network). Profiles, chat and the other areas are not among
// them: a signup's profile and signup message, and the profile's part of
// activation, deletion, reactivation and the last visit, are done in
// package membership, in the same transaction as the account's part.
var belowAccounts = []string{"accounts", "accounts/", "platform/", "geo", "limits", "landerpages", "tenancy", "live", "delivery", "delivery/",
	"identity", "staff", "staff/", "credits", "affiliates"}

// TestAccountsBelowTheAreas keeps accounts below profiles, chat and the
// other areas: it depends, directly or through another package, on nothing
// of the engine but belowAccounts.
func TestAccountsBelowTheAreas(t *testing.T) {
	t.Parallel()
	deps := engineDeps(t)
	list, ok := deps["accounts"]
	if !ok {
		t.Fatal("package accounts is missing from go list; the check would pass for nothing")
	}
	for _, area := range []string{"profiles", "chat"} {
		if _, ok := deps[area]; !ok {
			t.Errorf("package %s is missing from go list; the check would pass for nothing", area)
		}
	}
	bad := map[string]bool{}
	for dep := range list {
		pkg, ok := strings.CutPrefix(dep, engine)
		if i := strings.Index(pkg, "/internal/"); i >= 0 {
			pkg = pkg[:i] // a package's internal ones are its own
		}
		if ok && !in(pkg, belowAccounts) {
			bad[pkg] = true
		}
	}
	for pkg := range bad {
		t.Errorf("accounts depends on %s%s; only %v may be below it (join the areas in package membership)", engine, pkg, belowAccounts)
	}
}

// belowStaff are all staff (the console's logins, roles, guard and audit
// log) may depend on: the platform and the packages below the areas it
// needs, the tenants and the session codec.
var belowStaff = []string{"staff", "staff/", "platform/", "identity", "tenancy", "tenancy/", "geo", "geo/"}

// TestStaffBelowTheAreas keeps staff identity below the areas, so each
// area can keep its own console handlers: staff depends, directly or
// through another package, on nothing of the engine but belowStaff, and no
// package but admin (the console's route table), the server's wiring and
// the commands depends on admin.
func TestStaffBelowTheAreas(t *testing.T) {
	t.Parallel()
	deps := engineDeps(t)
	list, ok := deps["staff"]
	if !ok {
		t.Fatal("package staff is missing from go list; the check would pass for nothing")
	}
	for dep := range list {
		pkg, ok := strings.CutPrefix(dep, engine)
		if ok && !in(pkg, belowStaff) {
			t.Errorf("staff depends on %s; only %v may be below it (console handlers belong to their area)", dep, belowStaff)
		}
	}
	for pkg, list := range deps {
		if list[engine+"admin"] && !in(pkg, []string{"server", "server/", "cmd/"}) {
			t.Errorf("%s depends on rendezvous/engine/admin; areas reach the console through staff", pkg)
		}
	}
}

// TestPlatformKnowsNoArea keeps platform at the bottom: a platform package
// depends on no engine package outside platform, so anything that knows the
// product's areas (a backup that knows the media store's rules, say) lives
// with the areas.
func TestPlatformKnowsNoArea(t *testing.T) {
	t.Parallel()
	deps := engineDeps(t)
	seen := 0
	for pkg, list := range deps {
		if !strings.HasPrefix(pkg, "platform/") {
			continue
		}
		seen++
		for dep := range list {
			if rest, ok := strings.CutPrefix(dep, engine); ok && !strings.HasPrefix(rest, "platform/") {
				t.Errorf("%s depends on %s: platform stays below the areas", pkg, dep)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no platform package in go list; the check would pass for nothing")
	}
}

func allowed(pkg string) bool {
	return in(pkg, aboveAccounts)
}

// in reports whether pkg is one of list, where an entry ending in / stands
// for the packages under it.
func in(pkg string, list []string) bool {
	for _, a := range list {
		if pkg == a || (strings.HasSuffix(a, "/") && strings.HasPrefix(pkg, a)) {
			return true
		}
	}
	return false
}

// engineDeps maps each engine package (without the module prefix) to the set
// of every package it depends on, test files left out.
func engineDeps(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Deps \" \"}}", engine+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	set := func(list string) map[string]bool {
		s := map[string]bool{}
		for _, p := range strings.Fields(list) {
			s[p] = true
		}
		return s
	}
	deps := map[string]map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, list, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("go list line %q", line)
		}
		deps[strings.TrimPrefix(pkg, engine)] = set(list)
	}
	return deps
}

// TestEveryPackageHasDocGo keeps each package's doc comment where a reader
// looks for it: in the package's doc.go, the one file that starts with
// "// Package name" (generated query packages aside).
func TestEveryPackageHasDocGo(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}|{{.Name}}|{{join .GoFiles \" \"}}", engine+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		dir, name, files := parts[0], parts[1], strings.Fields(parts[2])
		if len(files) == 0 || strings.Contains(dir, "/internal/db") || strings.HasSuffix(dir, "/internal/bulkdb") {
			continue
		}
		want := "// Package " + name + " "
		if name == "main" {
			want = "// Command "
		}
		found := false
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			starts := strings.Contains(string(b), "\n"+want) || strings.HasPrefix(string(b), want)
			if f == "doc.go" {
				found = starts
			} else if starts {
				t.Errorf("%s/%s holds the package's doc comment; it belongs in doc.go", dir, f)
			}
		}
		if !found {
			t.Errorf("%s has no doc.go starting with %q", dir, want)
		}
	}
}

// TestHelpersStayWithTheirArea keeps a package's test helpers (tenancytest,
// accountstest, ...) at their package's layer: a helper depends on nothing
// that itself depends on the package it helps, so the domain tests below
// an area never reach above it through a helper.
func TestHelpersStayWithTheirArea(t *testing.T) {
	t.Parallel()
	deps := engineDeps(t)
	helpers := 0
	for pkg, list := range deps {
		dir, name := path.Split(pkg)
		area := strings.TrimSuffix(dir, "/")
		if !strings.HasSuffix(name, "test") || area == "" || !strings.HasSuffix(name, path.Base(area)+"test") {
			continue
		}
		helpers++
		for dep := range list {
			d, ok := strings.CutPrefix(dep, engine)
			if !ok || d == area || strings.HasPrefix(d, area+"/") {
				continue
			}
			if deps[d][engine+area] {
				t.Errorf("%s depends on %s, which is above %s", pkg, d, area)
			}
		}
	}
	if helpers == 0 {
		t.Fatal("no test helper package found; the check would pass for nothing")
	}
}
