package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// staff create makes console accounts: with a password from standard input
// or a printed one-time password; bad input creates nothing.
func TestStaffCreate(t *testing.T) {
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(stdin string, args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := runWith(ctx, args, strings.NewReader(stdin), &out, &errs)
		return out.String(), err
	}
	out, err := cmd("a long enough password\n", "staff", "create", "--email", "boss@staff.example", "--role", "superadmin", "--password-stdin")
	if err != nil || !strings.Contains(out, "(boss@staff.example) is superadmin on *") || strings.Contains(out, "password (shown once)") {
		t.Fatalf("staff create --password-stdin: %q %v", out, err)
	}
	out, err = cmd("", "staff", "create", "--email", "mod@staff.example", "--role", "moderator", "--tenant", "herzklopfen")
	if err != nil || !strings.Contains(out, "is moderator on herzklopfen") || !strings.Contains(out, "password (shown once): ") {
		t.Fatalf("staff create: %q %v", out, err)
	}
	out, err = cmd("", "staff", "create", "--email", "aff@partner.example", "--role", "affiliate", "--tenant", "lustlokaal",
		"--network", "adnet", "--refs", "aff1, aff2", "--revenue-share", "12.5")
	if err != nil || !strings.Contains(out, "is affiliate on lustlokaal") || !strings.Contains(out, "sees the network adnet, refs aff1,aff2, revenue share 12.50 %") {
		t.Fatalf("staff create an affiliate: %q %v", out, err)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"--email", "x@staff.example", "--role", "janitor"}},
		{"", []string{"--email", "x@staff.example", "--role", "moderator", "--tenant", "nosuch"}},
		{"", []string{"--email", "BOSS@staff.example", "--role", "finance"}},
		{"short\n", []string{"--email", "x@staff.example", "--role", "finance", "--password-stdin"}},
		{"", []string{"--email", "x@staff.example", "--role", "finance", "--password-stdin"}},
		{"", []string{"--email", "x@staff.example"}},
		{"", []string{"--role", "finance"}},
		{"", []string{"--email", "y@partner.example", "--role", "affiliate"}},
		{"", []string{"--email", "y@partner.example", "--role", "finance", "--network", "adnet"}},
	} {
		if _, err := cmd(tc.stdin, append([]string{"staff", "create"}, tc.args...)...); err == nil {
			t.Errorf("%v: no error", tc.args)
		}
	}
	var accounts, grants, audit int
	err = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM staff_accounts), (SELECT count(*) FROM casbin_rules WHERE ptype = 'g'),
		(SELECT count(*) FROM audit_log WHERE action = 'staff.create')`).Scan(&accounts, &grants, &audit)
	if err != nil || accounts != 3 || grants != 3 || audit != 3 {
		t.Fatalf("accounts %d, grants %d, audit rows %d (%v)", accounts, grants, audit, err)
	}
}
