package affiliates_test

import (
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// seedTraffic writes lustlokaal's (Europe/Amsterdam, +01:00 in March until
// the 29th) traffic around 2026-03-28..29: visits, members and orders of
// two sources and of members who came without one, some outside the span.
func seedTraffic(t *testing.T, e *servertest.ConsoleEnv) {
	s := e.Seed(t)
	visit := func(day, visitor, network, sub1 string) {
		s.Exec(`INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3)
			SELECT id, $2::date, $3::bytea, $4, 'aff1', $5, '', '' FROM tenants WHERE slug = $1`, "lustlokaal", day, []byte(visitor), network, sub1)
	}
	visit("2026-03-28", "v1", "adnet", "c1")
	visit("2026-03-28", "v2", "adnet", "c1")
	visit("2026-03-29", "v1", "adnet", "c1")
	visit("2026-03-27", "v3", "adnet", "c1") // before the span
	visit("2026-03-28", "v1", "other", "")
	src := `{"network":"adnet","ref":"aff1","sub1":"c1"}`
	// a signed up (00:30 on the 28th in Amsterdam), confirmed and bought
	// twice; b signed up the day before (outside) and confirmed and bought
	// in the span; c came without a source and bought an order later
	// refunded.
	a := s.Member("lustlokaal", "2026-03-27T23:30:00Z", servertest.AtPtr("2026-03-28T10:00:00Z"), src, false)
	b := s.Member("lustlokaal", "2026-03-26T12:00:00Z", servertest.AtPtr("2026-03-28T12:00:00Z"), src, false)
	c := s.Member("lustlokaal", "2026-03-28T12:00:00Z", nil, `{}`, false)
	s.Member("lustlokaal", "2026-03-28T12:00:00Z", nil, src, true) // a house profile is no signup
	s.Member("herzklopfen", "2026-03-28T12:00:00Z", nil, src, false)
	for _, o := range []struct {
		member int64
		amount int64
		at     string
		status string
	}{{a, 1995, "2026-03-28T11:00:00Z", "completed"}, {a, 4995, "2026-03-29T11:00:00Z", "completed"},
		{b, 1995, "2026-03-29T08:00:00Z", "completed"}, {c, 999, "2026-03-28T13:00:00Z", "refunded"}, {a, 100, "", "pending"}} {
		id := s.Order(o.member, o.amount, "EUR", o.at, o.status)
		s.Exec(`UPDATE orders SET tracking = m.tracking FROM members m WHERE orders.id = $1 AND m.id = orders.member_id`, id)
	}
}

type trafficRow struct {
	Network, Ref, Sub1, Sub2, Sub3 string
	Visits, Signups, Activations   int64
	FirstPurchases                 int64 `json:"first_purchases"`
	Revenue                        []struct {
		Currency string
		Amount   int64
	}
}

// TestTrafficReport: the report per source over the console API, to
// finance and the brand's affiliate manager, refused to support, to other
// brands' managers and for bad days.
func TestTrafficReport(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedTraffic(t, e)
	finance, _ := e.Enrolled(t, staff.RoleFinance, "*")
	var out struct {
		Tenant, From, To string
		TimeZone         string `json:"time_zone"`
		Rows             []trafficRow
	}
	res := finance.Do("GET", "/admin/api/reports/traffic?tenant=lustlokaal&from=2026-03-28&to=2026-03-29", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	if out.Tenant != "lustlokaal" || out.From != "2026-03-28" || out.To != "2026-03-29" || out.TimeZone != "Europe/Amsterdam" || len(out.Rows) != 3 {
		t.Fatalf("report %+v", out)
	}
	adnet, direct, other := out.Rows[0], out.Rows[1], out.Rows[2]
	if adnet.Network != "adnet" || adnet.Ref != "aff1" || adnet.Sub1 != "c1" || adnet.Visits != 3 || adnet.Signups != 1 ||
		adnet.Activations != 2 || adnet.FirstPurchases != 2 || len(adnet.Revenue) != 1 ||
		adnet.Revenue[0].Currency != "EUR" || adnet.Revenue[0].Amount != 1995+4995+1995 {
		t.Errorf("adnet %+v", adnet)
	}
	// The refunded order was a first purchase but brought no revenue.
	if direct.Network != "" || direct.Signups != 1 || direct.Visits != 0 || direct.FirstPurchases != 1 || len(direct.Revenue) != 0 {
		t.Errorf("without a source %+v", direct)
	}
	if other.Network != "other" || other.Visits != 1 || other.Signups != 0 {
		t.Errorf("other %+v", other)
	}

	manager, _ := e.Enrolled(t, staff.RoleAffiliateManager, "lustlokaal")
	manager.Do("GET", "/admin/api/reports/traffic?tenant=lustlokaal&from=2026-03-28&to=2026-03-28", nil).Want(t, http.StatusOK, "")
	manager.Do("GET", "/admin/api/reports/traffic?tenant=herzklopfen", nil).Want(t, http.StatusForbidden, "console_forbidden")
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	support.Do("GET", "/admin/api/reports/traffic?tenant=lustlokaal", nil).Want(t, http.StatusForbidden, "console_forbidden")
	for _, q := range []struct{ query, code string }{
		{"", "query_invalid"},
		{"?tenant=lustlokaal&from=28-03-2026", "span_invalid"},
		{"?tenant=lustlokaal&from=2026-03-29&to=2026-03-28", "span_invalid"},
		{"?tenant=lustlokaal&from=2024-01-01&to=2026-03-28", "span_invalid"},
	} {
		finance.Do("GET", "/admin/api/reports/traffic"+q.query, nil).Want(t, http.StatusUnprocessableEntity, q.code)
	}
	finance.Do("GET", "/admin/api/reports/traffic?tenant=nosuch", nil).Want(t, http.StatusNotFound, "")
}

// TestPostbackReport: the postbacks of a brand's days over the console API,
// newest first, each with its calls counted and the last one's answer, to
// whoever reads the brand's traffic and to nobody else.
func TestPostbackReport(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	s := e.Seed(t)
	src := `{"network":"adnet","ref":"aff1"}`
	a := s.Member("lustlokaal", "2026-03-27T23:30:00Z", nil, src, false)
	b := s.Member("lustlokaal", "2026-03-28T12:00:00Z", nil, src, false)
	other := s.Member("herzklopfen", "2026-03-28T12:00:00Z", nil, src, false)
	postback := func(member int64, event, created, status string) int64 {
		return s.ID(`INSERT INTO postbacks (tenant_id, member_id, event, network, url, status, created_at, sent_at)
			SELECT tenant_id, id, $2, 'adnet', 'https://adnet.example/pb?e=' || $2, $3, $4::timestamptz,
			       CASE WHEN $3 = 'sent' THEN $4::timestamptz END FROM members WHERE id = $1 RETURNING id`,
			member, event, status, created)
	}
	call := func(postback int64, attempt, status int, errText, at string) {
		s.Exec(`INSERT INTO postback_calls (postback_id, attempt, status_code, error, called_at, duration_ms)
			VALUES ($1, $2, $3, $4, $5, 12)`, postback, attempt, status, errText, at)
	}
	signup := postback(a, "signup", "2026-03-27T23:30:01Z", "sent") // the 28th in Amsterdam
	call(signup, 1, 500, "the network answered 500", "2026-03-27T23:30:02Z")
	call(signup, 2, 200, "", "2026-03-27T23:31:00Z")
	pending := postback(b, "signup", "2026-03-28T12:00:01Z", "pending")
	postback(a, "activation", "2026-03-26T12:00:00Z", "sent") // before the span
	postback(other, "signup", "2026-03-28T12:00:01Z", "sent") // another brand's

	var out struct {
		Tenant, From, To string
		Truncated        bool
		Postbacks        []struct {
			ID, Attempts  int64
			MemberID      int64 `json:"member_id"`
			Event, Status string
			Network, URL  string
			SentAt        *string `json:"sent_at"`
			LastCall      *struct {
				StatusCode int    `json:"status_code"`
				Error      string `json:"error"`
			} `json:"last_call"`
		}
	}
	manager, _ := e.Enrolled(t, staff.RoleAffiliateManager, "lustlokaal")
	res := manager.Do("GET", "/admin/api/reports/postbacks?tenant=lustlokaal&from=2026-03-28&to=2026-03-29", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	if out.Tenant != "lustlokaal" || out.From != "2026-03-28" || out.To != "2026-03-29" || out.Truncated || len(out.Postbacks) != 2 {
		t.Fatalf("postbacks %+v", out)
	}
	newest, oldest := out.Postbacks[0], out.Postbacks[1]
	if newest.ID != pending || newest.MemberID != b || newest.Status != "pending" || newest.Attempts != 0 || newest.LastCall != nil || newest.SentAt != nil {
		t.Errorf("pending postback %+v", newest)
	}
	if oldest.ID != signup || oldest.Event != "signup" || oldest.Network != "adnet" || oldest.URL != "https://adnet.example/pb?e=signup" ||
		oldest.Status != "sent" || oldest.Attempts != 2 || oldest.SentAt == nil ||
		oldest.LastCall == nil || oldest.LastCall.StatusCode != 200 || oldest.LastCall.Error != "" {
		t.Errorf("sent postback %+v (last call %+v)", oldest, oldest.LastCall)
	}
	// The report shows what the network answered by its status code only,
	// never the body of its answer.
	if strings.Contains(string(res.Body), `"body"`) {
		t.Errorf("the report shows an answer's body: %s", res.Body)
	}

	manager.Do("GET", "/admin/api/reports/postbacks?tenant=herzklopfen", nil).Want(t, http.StatusForbidden, "console_forbidden")
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	support.Do("GET", "/admin/api/reports/postbacks?tenant=lustlokaal", nil).Want(t, http.StatusForbidden, "console_forbidden")
	for _, q := range []struct{ query, code string }{
		{"", "query_invalid"},
		{"?tenant=lustlokaal&to=yesterday", "span_invalid"},
		{"?tenant=lustlokaal&from=2026-03-29&to=2026-03-28", "span_invalid"},
	} {
		manager.Do("GET", "/admin/api/reports/postbacks"+q.query, nil).Want(t, http.StatusUnprocessableEntity, q.code)
	}
	finance, _ := e.Enrolled(t, staff.RoleFinance, "*")
	finance.Do("GET", "/admin/api/reports/postbacks?tenant=nosuch", nil).Want(t, http.StatusNotFound, "")
}

// seedAffiliates writes lustlokaal's traffic of 2026-03-28 for two
// affiliates of the network adnet (refs aff1 and aff2) and one of the
// network other: visits of landers with and without bounces, members and
// their orders, and a postback each, whose address holds a token of the
// brand.
func seedAffiliates(t *testing.T, e *servertest.ConsoleEnv) {
	s := e.Seed(t)
	visit := func(visitor, network, ref, sub1, lander string, measured, bounced bool) {
		s.Exec(`INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3, lander, bounce_measured, bounced_at)
			SELECT id, '2026-03-28', $2::bytea, $3, $4, $5, '', '', $6, $7, CASE WHEN $8 THEN now() END FROM tenants WHERE slug = $1`,
			"lustlokaal", []byte(visitor), network, ref, sub1, lander, measured, bounced)
	}
	visit("v1", "adnet", "aff1", "c1", "video", true, true)
	visit("v2", "adnet", "aff1", "c1", "video", true, false)
	visit("v3", "adnet", "aff1", "c1", "video", true, true)
	visit("v4", "adnet", "aff1", "c1", "video", false, false)
	visit("v5", "AdNet", "aff1", "c2", "gallery", false, false)
	visit("v6", "adnet", "aff2", "x9", "video", true, true)
	visit("v7", "other", "aff1", "c1", "video", true, true)
	member := func(network, ref, sub1, lander string) int64 {
		src := `{"network":"` + network + `","ref":"` + ref + `","sub1":"` + sub1 + `","lander":"` + lander + `"}`
		id := s.Member("lustlokaal", "2026-03-28T10:00:00Z", servertest.AtPtr("2026-03-28T11:00:00Z"), src, false)
		o := s.Order(id, 2000, "EUR", "2026-03-28T12:00:00Z", "completed")
		s.Exec(`UPDATE orders SET tracking = m.tracking FROM members m WHERE orders.id = $1 AND m.id = orders.member_id`, o)
		s.Exec(`INSERT INTO postbacks (tenant_id, member_id, event, network, url, status, created_at, sent_at)
			SELECT tenant_id, id, 'signup', $2, 'https://user:pw@track.example/pb?click=' || $3 || '&token=BRANDSECRET&event=signup', 'sent',
			       '2026-03-28T10:00:01Z', '2026-03-28T10:00:02Z' FROM members WHERE id = $1`, id, network, sub1)
		return id
	}
	member("adnet", "aff1", "c1", "video")
	member("adnet", "aff2", "x9", "video")
	member("other", "aff1", "c1", "video")
}

type affiliateRow struct {
	Lander, Ref, Sub1            string
	Visits, Signups, Activations int64
	FirstPurchases               int64 `json:"first_purchases"`
	Measured, Bounced            int64
	BounceRate                   *float64 `json:"bounce_rate"`
	Revenue, Share               []struct {
		Currency string
		Amount   int64
	}
}

// TestAffiliateSeesOnlyItsOwnTraffic: an affiliate account reads the
// report, postbacks and brands of its network and refs only, on the brands
// it holds the role on; what it asks in the query cannot widen that, and
// another brand is refused.
func TestAffiliateSeesOnlyItsOwnTraffic(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedAffiliates(t, e)
	aff1, _ := e.EnrolledAffiliate(t, "lustlokaal", staff.AffiliateScope{Network: "ADNET", Refs: []string{"aff1"}, RevenueShare: 2500})

	var report struct {
		Tenant  string
		Network string
		Rows    []affiliateRow
	}
	// network= and ref= in the query are not the affiliate's scope: they
	// change nothing.
	res := aff1.Do("GET", "/admin/api/affiliate/report?tenant=lustlokaal&from=2026-03-28&to=2026-03-28&network=other&ref=aff2", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &report)
	if len(report.Rows) != 2 {
		t.Fatalf("aff1 sees %d rows, want 2: %s", len(report.Rows), res.Body)
	}
	video, gallery := report.Rows[0], report.Rows[1]
	if video.Lander != "video" || video.Ref != "aff1" || video.Sub1 != "c1" || video.Visits != 4 || video.Measured != 3 || video.Bounced != 2 ||
		video.BounceRate == nil || *video.BounceRate < 0.66 || *video.BounceRate > 0.67 || video.Signups != 1 || video.Activations != 1 ||
		video.FirstPurchases != 1 || len(video.Revenue) != 1 || video.Revenue[0].Amount != 2000 || video.Share[0].Amount != 500 {
		t.Errorf("video row %+v", video)
	}
	if gallery.Lander != "gallery" || gallery.Sub1 != "c2" || gallery.Visits != 1 || gallery.BounceRate != nil || gallery.Signups != 0 {
		t.Errorf("gallery row %+v", gallery)
	}
	for _, leak := range []string{"x9", "aff2", `"other"`} {
		if strings.Contains(string(res.Body), leak) {
			t.Errorf("aff1's report shows %s: %s", leak, res.Body)
		}
	}

	var postbacks struct {
		Postbacks []struct {
			Event, Status, URL string
			LastCall           *struct {
				StatusCode int `json:"status_code"`
			} `json:"last_call"`
		}
	}
	res = aff1.Do("GET", "/admin/api/affiliate/postbacks?tenant=lustlokaal&from=2026-03-28&to=2026-03-28", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &postbacks)
	if len(postbacks.Postbacks) != 1 || postbacks.Postbacks[0].Status != "sent" ||
		postbacks.Postbacks[0].URL != "https://track.example/pb?click=c1&event=signup&token=***" {
		t.Fatalf("aff1's postbacks %s", res.Body)
	}
	if strings.Contains(string(res.Body), "BRANDSECRET") || strings.Contains(string(res.Body), "pw@") || strings.Contains(string(res.Body), "x9") {
		t.Errorf("aff1's postbacks show a secret or another's click: %s", res.Body)
	}

	var home struct {
		Affiliate staff.AffiliateScope
		Brands    []struct{ Slug, BaseURL string }
		Landers   []string
		Niches    []struct{ Number int }
	}
	res = aff1.Do("GET", "/admin/api/affiliate", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &home)
	if home.Affiliate.Network != "ADNET" || len(home.Brands) != 1 || home.Brands[0].Slug != "lustlokaal" || len(home.Landers) != 9 || len(home.Niches) != 7 {
		t.Errorf("home %s", res.Body)
	}

	// Another brand, and the staff's reports, are refused.
	for _, path := range []string{"/admin/api/affiliate/report?tenant=herzklopfen", "/admin/api/affiliate/postbacks?tenant=herzklopfen",
		"/admin/api/reports/traffic?tenant=lustlokaal", "/admin/api/reports/postbacks?tenant=lustlokaal", "/admin/api/staff"} {
		aff1.Do("GET", path, nil).Want(t, http.StatusForbidden, "console_forbidden")
	}

	// The whole network (no refs) sees aff2's row too, never other's.
	network, _ := e.EnrolledAffiliate(t, "*", staff.AffiliateScope{Network: "adnet"})
	res = network.Do("GET", "/admin/api/affiliate/report?tenant=lustlokaal&from=2026-03-28&to=2026-03-28", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &report)
	if len(report.Rows) != 3 || strings.Contains(string(res.Body), `"other"`) {
		t.Errorf("the network's report %s", res.Body)
	}
	// A superadmin holds every staff permission but no affiliate's.
	admin, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	admin.Do("GET", "/admin/api/affiliate/report?tenant=lustlokaal", nil).Want(t, http.StatusForbidden, "console_forbidden")
}

// TestTrafficReportBounces: the staff's report shows each source's bounce
// rate, in all and per lander.
func TestTrafficReportBounces(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	seedAffiliates(t, e)
	manager, _ := e.Enrolled(t, staff.RoleAffiliateManager, "lustlokaal")
	var out struct {
		Rows []struct {
			Network, Ref, Sub1 string
			Measured, Bounced  int64
			BounceRate         *float64 `json:"bounce_rate"`
			Landers            []struct {
				Lander            string
				Visits            int64
				Measured, Bounced int64
				BounceRate        *float64 `json:"bounce_rate"`
			}
		}
	}
	res := manager.Do("GET", "/admin/api/reports/traffic?tenant=lustlokaal&from=2026-03-28&to=2026-03-28", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	found := false
	for _, r := range out.Rows {
		if r.Network == "adnet" && r.Ref == "aff1" && r.Sub1 == "c1" {
			found = true
			if r.Measured != 3 || r.Bounced != 2 || r.BounceRate == nil || len(r.Landers) != 1 || r.Landers[0].Lander != "video" ||
				r.Landers[0].Visits != 4 || r.Landers[0].Bounced != 2 || r.Landers[0].BounceRate == nil {
				t.Errorf("adnet aff1 c1 %+v", r)
			}
		}
	}
	if !found {
		t.Fatalf("no row of adnet aff1 c1: %s", res.Body)
	}
}
