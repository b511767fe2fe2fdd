package staff_test

import (
	"encoding/csv"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// seedDashboards writes lustlokaal's (Europe/Amsterdam: +01:00 until
// 2026-03-29 02:00, +02:00 after) and sparkusa's (America/New_York,
// -04:00) rows around 2026-03-28..31, each placed near a day boundary.
func seedDashboards(t *testing.T, e *servertest.ConsoleEnv) {
	s := e.Seed(t)
	// Signups: a 00:30 on the 28th (+01:00), b 23:30 on the 28th, c 00:30
	// on the 30th (+02:00); d signed up on the 27th (outside) and confirmed
	// on the 29th; a house profile is no signup.
	a := s.Member("lustlokaal", "2026-03-27T23:30:00Z", servertest.AtPtr("2026-03-28T10:00:00Z"), `{"network":"adnet","ref":"r1","sub1":"=1+2"}`, false)
	b := s.Member("lustlokaal", "2026-03-28T22:30:00Z", nil, `{"network":"adnet","ref":"r2","sub2":"+cmd"}`, false)
	c := s.Member("lustlokaal", "2026-03-29T22:30:00Z", servertest.AtPtr("2026-03-30T21:59:00Z"), `{}`, false)
	d := s.Member("lustlokaal", "2026-03-27T22:30:00Z", servertest.AtPtr("2026-03-29T12:00:00Z"), `{"network":"other"}`, false)
	house := s.Member("lustlokaal", "2026-03-28T12:00:00Z", nil, `{}`, true)
	// sparkusa: 23:30 on the 28th in New York, 03:30 on the 29th in UTC.
	us := s.Member("sparkusa", "2026-03-29T03:30:00Z", servertest.AtPtr("2026-03-29T03:40:00Z"), `{"network":"adnet"}`, false)
	usHouse := s.Member("sparkusa", "2026-03-01T00:00:00Z", nil, `{}`, true)

	// Orders: a pays on the 28th (first) and the 30th; b pays 01:30 on the
	// 30th in CHF (first; refunded on the 31st); d paid first on the 27th,
	// again on the 29th; c's order never completed.
	s.Order(a, 1000, "EUR", "2026-03-28T12:00:00Z", "completed")
	s.Order(a, 500, "EUR", "2026-03-30T08:00:00Z", "completed")
	refunded := s.Order(b, 700, "CHF", "2026-03-29T23:30:00Z", "refunded")
	s.Exec(`INSERT INTO refunds (order_id, amount, credits_taken, credits_spent, requested_by, created_at)
		VALUES ($1, 700, 100, 0, 'test', '2026-03-31T10:00:00Z')`, refunded)
	s.Order(d, 300, "EUR", "2026-03-27T12:00:00Z", "completed")
	s.Order(d, 200, "EUR", "2026-03-29T12:00:00Z", "completed")
	s.Order(c, 900, "EUR", "", "pending")
	s.Order(us, 1999, "USD", "2026-03-29T12:00:00Z", "completed")

	// Messages: a at 23:59 on the 28th and 00:30 on the 29th; the house
	// profile 00:30 on the 30th; sparkusa's do not count.
	s.Message(a, house, "2026-03-28T22:59:00Z")
	s.Message(a, house, "2026-03-28T23:30:00Z")
	s.Message(house, a, "2026-03-29T22:30:00Z")
	s.Message(us, usHouse, "2026-03-29T12:00:00Z")

	// Photos: one pending since the 28th, one pending from the 28th until
	// 01:00 on the 30th, one never pending, one pending since the 25th;
	// sparkusa's pending photo does not count.
	s.Photo(a, "2026-03-28T10:00:00Z", "pending", nil)
	s.Photo(a, "2026-03-28T11:00:00Z", "active", servertest.AtPtr("2026-03-29T23:00:00Z"))
	s.Photo(a, "2026-03-28T12:00:00Z", "active", nil)
	s.Photo(b, "2026-03-25T12:00:00Z", "pending", nil)
	s.Photo(us, "2026-03-28T12:00:00Z", "pending", nil)

	// Complaints: open since the 29th, resolved on the 30th after being
	// filed on the 28th, in progress since the 20th; one of sparkusa.
	s.Complaint("lustlokaal", "2026-03-29T10:00:00Z", "open", "2026-03-29T10:00:00Z")
	s.Complaint("lustlokaal", "2026-03-28T09:00:00Z", "resolved", "2026-03-30T10:00:00Z")
	s.Complaint("lustlokaal", "2026-03-20T10:00:00Z", "in_progress", "2026-03-21T10:00:00Z")
	s.Complaint("sparkusa", "2026-03-29T10:00:00Z", "open", "2026-03-29T10:00:00Z")
}

func wantEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", what, got, want)
	}
}

var dashDays = []string{"2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"}

// TestDashboardSeries: every per-day series counts exactly the brand's
// rows on the brand's days (across a daylight saving change), shows days
// without data as 0 and leaves the other brand's rows out.
func TestDashboardSeries(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedDashboards(t, e)
	c, _ := e.Enrolled(t, staff.RoleFinance, "*")
	get := func(tenant, series string, v any) {
		t.Helper()
		res := c.Do("GET", "/admin/api/tenants/"+tenant+"/dashboards/"+series+"?from=2026-03-28&to=2026-03-31", nil)
		res.Want(t, http.StatusOK, "")
		res.JSON(t, v)
	}
	type head struct {
		Tenant, From, To string
		TimeZone         string `json:"time_zone"`
		Days             []string
	}

	var signups struct {
		head
		Signups, Activations []int64
	}
	get("lustlokaal", "signups", &signups)
	wantEqual(t, "header", signups.head, head{"lustlokaal", "2026-03-28", "2026-03-31", "Europe/Amsterdam", dashDays})
	wantEqual(t, "signups", signups.Signups, []int64{2, 0, 1, 0})
	wantEqual(t, "activations", signups.Activations, []int64{1, 1, 1, 0})

	var purchases struct {
		head
		PaidOrders     []int64 `json:"paid_orders"`
		FirstPurchases []int64 `json:"first_purchases"`
		Revenue        []struct {
			Currency          string
			Revenue, Refunded []int64
		}
	}
	get("lustlokaal", "purchases", &purchases)
	wantEqual(t, "paid orders", purchases.PaidOrders, []int64{1, 1, 2, 0})
	wantEqual(t, "first purchases", purchases.FirstPurchases, []int64{1, 0, 1, 0})
	if len(purchases.Revenue) != 2 {
		t.Fatalf("revenue %+v, want CHF and EUR", purchases.Revenue)
	}
	wantEqual(t, "currencies", []string{purchases.Revenue[0].Currency, purchases.Revenue[1].Currency}, []string{"CHF", "EUR"})
	wantEqual(t, "CHF revenue", purchases.Revenue[0].Revenue, []int64{0, 0, 700, 0})
	wantEqual(t, "CHF refunded", purchases.Revenue[0].Refunded, []int64{0, 0, 0, 700})
	wantEqual(t, "EUR revenue", purchases.Revenue[1].Revenue, []int64{1000, 200, 500, 0})
	wantEqual(t, "EUR refunded", purchases.Revenue[1].Refunded, []int64{0, 0, 0, 0})

	var messages struct {
		head
		ByMembers []int64 `json:"by_members"`
		ByHouse   []int64 `json:"by_house"`
	}
	get("lustlokaal", "messages", &messages)
	wantEqual(t, "messages by members", messages.ByMembers, []int64{1, 1, 0, 0})
	wantEqual(t, "messages by house profiles", messages.ByHouse, []int64{0, 0, 1, 0})

	var moderation struct {
		head
		PhotosPending   []int64 `json:"photos_pending"`
		PhotosSubmitted []int64 `json:"photos_submitted"`
		ComplaintsOpen  []int64 `json:"complaints_open"`
		ComplaintsFiled []int64 `json:"complaints_filed"`
		Now             map[string]int64
	}
	get("lustlokaal", "moderation", &moderation)
	wantEqual(t, "photos pending", moderation.PhotosPending, []int64{3, 3, 2, 2})
	wantEqual(t, "photos submitted", moderation.PhotosSubmitted, []int64{2, 0, 0, 0})
	wantEqual(t, "complaints open", moderation.ComplaintsOpen, []int64{2, 3, 2, 2})
	wantEqual(t, "complaints filed", moderation.ComplaintsFiled, []int64{1, 1, 0, 0})
	wantEqual(t, "backlog now", moderation.Now, map[string]int64{"photos_pending": 2, "complaints_open": 1, "complaints_in_progress": 1})

	// sparkusa sees only its own rows, on New York's days.
	get("sparkusa", "signups", &signups)
	wantEqual(t, "sparkusa zone", signups.TimeZone, "America/New_York")
	wantEqual(t, "sparkusa signups", signups.Signups, []int64{1, 0, 0, 0})
	wantEqual(t, "sparkusa activations", signups.Activations, []int64{1, 0, 0, 0})
	get("sparkusa", "purchases", &purchases)
	wantEqual(t, "sparkusa paid orders", purchases.PaidOrders, []int64{0, 1, 0, 0})
	if len(purchases.Revenue) != 1 || purchases.Revenue[0].Currency != "USD" || !reflect.DeepEqual(purchases.Revenue[0].Revenue, []int64{0, 1999, 0, 0}) {
		t.Errorf("sparkusa revenue %+v", purchases.Revenue)
	}
	get("sparkusa", "messages", &messages)
	wantEqual(t, "sparkusa messages", messages.ByMembers, []int64{0, 1, 0, 0})
	get("sparkusa", "moderation", &moderation)
	wantEqual(t, "sparkusa photos pending", moderation.PhotosPending, []int64{1, 1, 1, 1})
	wantEqual(t, "sparkusa complaints open", moderation.ComplaintsOpen, []int64{0, 1, 1, 1})

	// herzklopfen has nothing: every day is 0, no currency.
	get("herzklopfen", "purchases", &purchases)
	wantEqual(t, "empty paid orders", purchases.PaidOrders, []int64{0, 0, 0, 0})
	wantEqual(t, "empty revenue", len(purchases.Revenue), 0)
}

// TestDashboardConversion: the range's signups by traffic source, with
// activations and first purchases, grouped by one field or all five.
func TestDashboardConversion(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedDashboards(t, e)
	c, _ := e.Enrolled(t, staff.RoleAffiliateManager, "lustlokaal")
	type source struct {
		Network, Ref, Sub1, Sub2, Sub3 string
		Signups, Activations           int64
		FirstPurchases                 int64 `json:"first_purchases"`
	}
	var out struct {
		By        string
		Truncated bool
		Sources   []source
	}
	res := c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/conversion?from=2026-03-28&to=2026-03-31", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	wantEqual(t, "by network", out.Sources, []source{
		{Network: "adnet", Signups: 2, Activations: 1, FirstPurchases: 2},
		{Signups: 1, Activations: 1},
	})
	wantEqual(t, "by", out.By, "network")

	res = c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/conversion?from=2026-03-28&to=2026-03-31&by=all", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	wantEqual(t, "by all", out.Sources, []source{
		{Signups: 1, Activations: 1},
		{Network: "adnet", Ref: "r1", Sub1: "=1+2", Signups: 1, Activations: 1, FirstPurchases: 1},
		{Network: "adnet", Ref: "r2", Sub2: "+cmd", Signups: 1, FirstPurchases: 1},
	})

	res = c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/conversion?from=2026-03-28&to=2026-03-31&by=ref", nil)
	res.JSON(t, &out)
	wantEqual(t, "by ref", out.Sources, []source{
		{Signups: 1, Activations: 1},
		{Ref: "r1", Signups: 1, Activations: 1, FirstPurchases: 1},
		{Ref: "r2", Signups: 1, FirstPurchases: 1},
	})

	// The CSV: a header line, and text cells a spreadsheet would take for
	// a formula start with an apostrophe.
	res = c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/conversion?from=2026-03-28&to=2026-03-31&by=all&format=csv", nil)
	res.Want(t, http.StatusOK, "")
	wantEqual(t, "content type", res.Header.Get("Content-Type"), "text/csv; charset=utf-8")
	wantEqual(t, "disposition", res.Header.Get("Content-Disposition"), `attachment; filename="lustlokaal-conversion-2026-03-28-2026-03-31.csv"`)
	wantEqual(t, "csv", string(res.Body), "network,ref,sub1,sub2,sub3,signups,activations,first_purchases\n"+
		",,,,,1,1,0\n"+
		"adnet,r1,'=1+2,,,1,1,1\n"+
		"adnet,r2,,'+cmd,,1,0,1\n")
}

// TestDashboardCSV: every series downloads as CSV with its header line and
// one line per day.
func TestDashboardCSV(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedDashboards(t, e)
	c, _ := e.Enrolled(t, staff.RoleOperator, "*")
	for _, tc := range []struct {
		series string
		want   [][]string
	}{
		{"signups", [][]string{{"day", "signups", "activations"},
			{"2026-03-28", "2", "1"}, {"2026-03-29", "0", "1"}, {"2026-03-30", "1", "1"}, {"2026-03-31", "0", "0"}}},
		{"purchases", [][]string{{"day", "paid_orders", "first_purchases", "revenue_CHF", "refunded_CHF", "revenue_EUR", "refunded_EUR"},
			{"2026-03-28", "1", "1", "0", "0", "1000", "0"}, {"2026-03-29", "1", "0", "0", "0", "200", "0"},
			{"2026-03-30", "2", "1", "700", "0", "500", "0"}, {"2026-03-31", "0", "0", "0", "700", "0", "0"}}},
		{"messages", [][]string{{"day", "by_members", "by_house"},
			{"2026-03-28", "1", "0"}, {"2026-03-29", "1", "0"}, {"2026-03-30", "0", "1"}, {"2026-03-31", "0", "0"}}},
		{"moderation", [][]string{{"day", "photos_pending", "photos_submitted", "complaints_open", "complaints_filed"},
			{"2026-03-28", "3", "2", "2", "1"}, {"2026-03-29", "3", "0", "3", "1"}, {"2026-03-30", "2", "0", "2", "0"}, {"2026-03-31", "2", "0", "2", "0"}}},
	} {
		t.Run(tc.series, func(t *testing.T) {
			res := c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/"+tc.series+"?from=2026-03-28&to=2026-03-31&format=csv", nil)
			res.Want(t, http.StatusOK, "")
			if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
				t.Fatalf("content type %q", ct)
			}
			if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="lustlokaal-`+tc.series+`-2026-03-28-2026-03-31.csv"` {
				t.Fatalf("disposition %q", cd)
			}
			lines, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			wantEqual(t, tc.series, lines, tc.want)
		})
	}
}

// TestDashboardRanges: the range defaults to the brand's last 30 days;
// bad ranges and parameters are refused with a stable code.
func TestDashboardRanges(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	// 23:30 UTC is already tomorrow in Amsterdam.
	e.Clock.Add(time.Date(2026, 6, 10, 23, 30, 0, 0, time.UTC).Sub(e.Clock.Now()))
	var out struct {
		From, To string
		Days     []string
	}
	c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/signups", nil).JSON(t, &out)
	if out.From != "2026-05-13" || out.To != "2026-06-11" || len(out.Days) != 30 || out.Days[29] != "2026-06-11" {
		t.Errorf("default range %s..%s, %d days", out.From, out.To, len(out.Days))
	}
	c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/messages?from=2026-01-01", nil).JSON(t, &out)
	if out.From != "2026-01-01" || out.To != "2026-01-30" {
		t.Errorf("from only: %s..%s", out.From, out.To)
	}
	c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/messages?from=2025-01-01&to=2025-12-31", nil).JSON(t, &out)
	if len(out.Days) != 365 {
		t.Errorf("a year has %d days", len(out.Days))
	}
	for _, tc := range []struct {
		query, code, field string
	}{
		{"from=2026-13-01", "query_invalid", "from"},
		{"to=yesterday", "query_invalid", "to"},
		{"from=2026-03-28T00:00:00Z", "query_invalid", "from"},
		{"from=2026-03-31&to=2026-03-28", "range_invalid", ""},
		{"from=2025-01-01&to=2026-01-02", "range_invalid", ""},
		{"from=1999-12-31&to=2000-01-02", "range_invalid", ""},
		{"from=2100-12-30&to=2101-01-01", "range_invalid", ""},
		{"format=xml", "query_invalid", "format"},
	} {
		for _, series := range []string{"signups", "conversion"} {
			res := c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/"+series+"?"+tc.query, nil)
			res.Want(t, http.StatusUnprocessableEntity, tc.code)
			var body struct{ Field string }
			res.JSON(t, &body)
			if body.Field != tc.field {
				t.Errorf("%s: field %q, want %q", tc.query, body.Field, tc.field)
			}
		}
	}
	res := c.Do("GET", "/admin/api/tenants/lustlokaal/dashboards/conversion?by=colour", nil)
	res.Want(t, http.StatusUnprocessableEntity, "query_invalid")
	c.Do("GET", "/admin/api/tenants/nobrand/dashboards/signups", nil).Want(t, http.StatusNotFound, "not_found")
}

// TestDashboardRoles: the roles without dashboards:read are refused, and a
// role given one brand sees only that brand's dashboards.
func TestDashboardRoles(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	for _, tc := range []struct {
		role, tenant string
		status       map[string]int
	}{
		{staff.RoleSupport, "*", map[string]int{"lustlokaal": 403, "sparkusa": 403}},
		{staff.RoleModerator, "*", map[string]int{"lustlokaal": 403, "sparkusa": 403}},
		{staff.RoleChatOperator, "*", map[string]int{"lustlokaal": 403, "sparkusa": 403}},
		{staff.RoleFinance, "lustlokaal", map[string]int{"lustlokaal": 200, "sparkusa": 403}},
		{staff.RoleAffiliateManager, "*", map[string]int{"lustlokaal": 200, "sparkusa": 200}},
	} {
		c, _ := e.Enrolled(t, tc.role, tc.tenant)
		for tenant, status := range tc.status {
			for _, series := range []string{"signups", "purchases", "messages", "moderation", "conversion"} {
				res := c.Do("GET", "/admin/api/tenants/"+tenant+"/dashboards/"+series+"?format=csv", nil)
				if res.Status != status {
					t.Errorf("%s on %s: %s of %s answered %d, want %d", tc.role, tc.tenant, series, tenant, res.Status, status)
				}
				if status == 403 && res.ErrorCode() != "console_forbidden" {
					t.Errorf("%s: %s", tc.role, res.Body)
				}
			}
		}
	}
}
