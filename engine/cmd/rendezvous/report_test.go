package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestReportTrafficCommand: the traffic report on the command line, as
// lines under a header and as the console's JSON, for the tenant and days
// asked; bad days and a missing tenant are errors.
func TestReportTrafficCommand(t *testing.T) {
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3, variant)
		 SELECT id, d::date, convert_to(v::text, 'UTF8'), 'adnet', 'aff1', 'c1', '', '', variant FROM tenants,
		        unnest(ARRAY['2026-03-28', '2026-03-28', '2026-03-29', '2026-04-02'], ARRAY['milf-b', '', 'milf-a', 'milf-b'])
		            WITH ORDINALITY AS x(d, variant, v)
		 WHERE slug = 'lustlokaal'`,
		`INSERT INTO members (tenant_id, email, language, status, signup_date, activated_at, tracking)
		 SELECT id, 'a@example.com', 'nl', 'active', '2026-03-28T10:00:00Z', '2026-03-28T11:00:00Z', '{"network":"adnet","ref":"aff1","sub1":"c1"}'
		 FROM tenants WHERE slug = 'lustlokaal'`,
		`INSERT INTO members (tenant_id, email, language, status, signup_date, tracking)
		 SELECT id, 'b@example.com', 'nl', 'not_confirmed', '2026-03-29T10:00:00Z', '{}' FROM tenants WHERE slug = 'lustlokaal'`,
		`INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, status, completed_at, tracking)
		 SELECT tenant_id, id, 'popular', 250, 3995, 'EUR', 'NL', 'completed', '2026-03-29T12:00:00Z', tracking FROM members WHERE email = 'a@example.com'`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"report", "traffic"}, args...), &out, &errs)
		return out.String(), err
	}
	out, err := cmd("--tenant", "lustlokaal", "--from", "2026-03-28", "--to", "2026-03-31")
	want := "# lustlokaal 2026-03-28..2026-03-31 (Europe/Amsterdam)\n" +
		"network\tref\tsub1\tsub2\tsub3\tvisits\tsignups\tactivations\tfirst_purchases\trevenue\tvariants\n" +
		"adnet\taff1\tc1\t\t\t3\t1\t1\t1\tEUR 39.95\tmilf-a 1, milf-b 1\n" +
		"\t\t\t\t\t0\t1\t0\t0\t\t\n"
	if err != nil || out != want {
		t.Fatalf("report traffic:\n%s%v\nwant\n%s", out, err, want)
	}
	out, err = cmd("--tenant", "lustlokaal", "--from", "2026-03-29", "--to", "2026-03-29", "--json")
	var report struct {
		Tenant string
		Rows   []struct {
			Network        string
			Visits         int64
			Signups        int64
			FirstPurchases int64 `json:"first_purchases"`
		}
	}
	if err != nil || json.Unmarshal([]byte(out), &report) != nil || report.Tenant != "lustlokaal" || len(report.Rows) != 2 ||
		report.Rows[0].Network != "" || report.Rows[0].Signups != 1 || report.Rows[1].Network != "adnet" ||
		report.Rows[1].Visits != 1 || report.Rows[1].Signups != 0 || report.Rows[1].FirstPurchases != 1 {
		t.Fatalf("report traffic --json: %s %v", out, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "needs --tenant"},
		{[]string{"--tenant", "nosuch"}, "nosuch"},
		{[]string{"--tenant", "lustlokaal", "--from", "yesterday"}, "from and to must be dates"},
		{[]string{"--tenant", "lustlokaal", "--from", "2026-03-29", "--to", "2026-03-28"}, "from and to must be dates"},
	} {
		if _, err := cmd(c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error with %q", c.args, err, c.want)
		}
	}
}
