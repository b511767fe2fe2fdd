package identity_test

import (
	"os/exec"
	"strings"
	"testing"
)

const engine = "rendezvous/engine/"

// aboveAccounts are the packages that may depend on accounts: accounts
// itself, the user object assembled above it, the demo data generator
// (which writes through every area), the server that wires everything, the
// commands and test helpers. Every other package, and the areas in
// particular, learns who is logged in from identity.
var aboveAccounts = []string{"accounts", "user", "demo", "server", "cmd/", "accounts/", "server/"}

// TestAreasDoNotImportAccounts keeps identity below the areas: no area
// package (profiles, likes, chat, credits, live, and billing or admin when
// they come) depends on accounts, directly or through another package.
// (accounts itself may use profiles and chat: a signup creates the profile
// and queues the signup message; the user object that joins an account
// with its profile is assembled in package user.)
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

func allowed(pkg string) bool {
	for _, a := range aboveAccounts {
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
