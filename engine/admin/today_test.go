package admin_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/admin"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// todayOf answers /today for c, by brand slug.
func todayOf(t *testing.T, c *servertest.Client) map[string]admin.BrandToday {
	t.Helper()
	var got struct{ Brands []admin.BrandToday }
	res := c.Do("GET", "/admin/api/today", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &got)
	out := map[string]admin.BrandToday{}
	for _, b := range got.Brands {
		out[b.Tenant] = b
	}
	return out
}

// TestTodayCountsTheQueuesPerBrand: the photos waiting and complaints
// open are counted per brand, each on its own brand, and the counts no
// queue exists for yet are left out.
func TestTodayCountsTheQueuesPerBrand(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	before := todayOf(t, c)
	for range 3 {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"})
		e.PhotoRow(t, m.ID, "pending")
	}
	e.PhotoRow(t, accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"}).ID, "active")
	reporter, _ := e.LoggedIn(t, "localhost", accountstest.Member{})
	reporter.Do("POST", "/api/complaints.php", map[string]any{"category": "other", "message": "Something."}).Want(t, http.StatusCreated, "")

	after := todayOf(t, c)
	spark, lust := after["sparkusa"], after["lustlokaal"]
	if spark.PhotosWaiting == nil || *spark.PhotosWaiting != *before["sparkusa"].PhotosWaiting+3 {
		t.Errorf("sparkusa photos waiting %v, want 3 more than %v", spark.PhotosWaiting, *before["sparkusa"].PhotosWaiting)
	}
	if *lust.PhotosWaiting != *before["lustlokaal"].PhotosWaiting {
		t.Errorf("lustlokaal photos waiting moved from %d to %d with uploads on another brand", *before["lustlokaal"].PhotosWaiting, *lust.PhotosWaiting)
	}
	if *lust.ComplaintsOpen != *before["lustlokaal"].ComplaintsOpen+1 || *spark.ComplaintsOpen != *before["sparkusa"].ComplaintsOpen {
		t.Errorf("complaints open: lustlokaal %d (was %d), sparkusa %d (was %d)",
			*lust.ComplaintsOpen, *before["lustlokaal"].ComplaintsOpen, *spark.ComplaintsOpen, *before["sparkusa"].ComplaintsOpen)
	}
	if !strings.HasPrefix(lust.Site, "http://localhost") || len(lust.Landers) == 0 || !strings.HasPrefix(lust.Landers[0], lust.Site+"landers/") {
		t.Errorf("lustlokaal: site %q, landers %v", lust.Site, lust.Landers)
	}
	if lust.Name == "" {
		t.Errorf("lustlokaal: %+v, want its name", lust)
	}
}

// TestBrandFigures: a new member counts as a member and today's signup on
// their brand only; a paid order adds to this month's revenue.
func TestBrandFigures(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleOperator, "*")
	before := todayOf(t, c)
	accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"})
	e.PaidOrder(t)
	after := todayOf(t, c)
	was, now := before["sparkusa"].Figures, after["sparkusa"].Figures
	if now.Members != was.Members+1 || now.SignupsToday != was.SignupsToday+1 {
		t.Errorf("sparkusa figures %+v, was %+v: want one member and one signup today more", *now, *was)
	}
	sum := func(f *admin.BrandFigures) (n int64) {
		for _, a := range f.RevenueMonth {
			n += a.Amount
		}
		return n
	}
	if sum(after["lustlokaal"].Figures) <= sum(before["lustlokaal"].Figures) {
		t.Errorf("lustlokaal revenue this month %v, was %v: want more after a paid order", after["lustlokaal"].Figures.RevenueMonth, before["lustlokaal"].Figures.RevenueMonth)
	}
	if sum(after["sparkusa"].Figures) != sum(before["sparkusa"].Figures) {
		t.Errorf("sparkusa revenue moved with an order on lustlokaal")
	}
}

// TestAuditActionsAreTheLoggedOnes: the action filter's list is the
// actions the audit log holds, each once, in order; only who reads the
// audit log gets it.
func TestAuditActionsAreTheLoggedOnes(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	c.Do("PUT", "/admin/api/me/language", map[string]string{"language": "de"}).Want(t, http.StatusOK, "")
	var got struct{ Actions []string }
	c.Do("GET", "/admin/api/audit/actions", nil).JSON(t, &got)
	if !slices.Contains(got.Actions, "staff.language") || !slices.Contains(got.Actions, "login") || !slices.IsSorted(got.Actions) || len(slices.Compact(slices.Clone(got.Actions))) != len(got.Actions) {
		t.Errorf("audit actions %v: want staff.language and login, sorted, each once", got.Actions)
	}
	mod, _ := e.Enrolled(t, staff.RoleModerator, "*")
	mod.Do("GET", "/admin/api/audit/actions", nil).Want(t, http.StatusForbidden, "console_forbidden")
}

// TestTodayIsScopedByPermission: a moderator of one brand sees that brand
// only; staff without a moderation permission see no brand; a session
// still setting up its second factor is refused.
func TestTodayIsScopedByPermission(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	mod, _ := e.Enrolled(t, staff.RoleModerator, "sparkusa")
	if got := todayOf(t, mod); len(got) != 1 || got["sparkusa"].PhotosWaiting == nil {
		t.Errorf("moderator of sparkusa: today %+v, want sparkusa only", got)
	}
	if got := todayOf(t, mod)["sparkusa"]; got.Figures != nil {
		t.Errorf("moderator of sparkusa: figures %+v, want none (no dashboards:read)", got.Figures)
	}
	chat, _ := e.Enrolled(t, staff.RoleChatOperator, "*")
	for slug, b := range todayOf(t, chat) {
		if b.PhotosWaiting != nil || b.ComplaintsOpen != nil || b.Figures != nil {
			t.Errorf("chat operator on %s: %+v, want the brand without counts or figures", slug, b)
		}
	}
	finance, _ := e.Enrolled(t, staff.RoleFinance, "lustlokaal")
	if got := todayOf(t, finance); len(got) != 1 || got["lustlokaal"].Figures == nil || got["lustlokaal"].PhotosWaiting != nil {
		t.Errorf("finance on lustlokaal: today %+v, want lustlokaal's figures and no queue", got)
	}
	s := e.NewStaff(t, staff.RoleModerator, "*")
	pending := e.ConsoleClient(t)
	pending.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(t, http.StatusOK, "")
	pending.Do("GET", "/admin/api/today", nil).Want(t, http.StatusForbidden, "totp_enrolment_required")
	e.ConsoleClient(t).Do("GET", "/admin/api/today", nil).Want(t, http.StatusUnauthorized, "console_login_required")
}

// TestStaffLanguageIsKept: a staff member's chosen console language is on
// their account (/me answers it after a new login), a language the
// console has no catalogue for is refused and changes nothing.
func TestStaffLanguageIsKept(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, s := e.Enrolled(t, staff.RoleSupport, "*")
	var me struct{ Staff staff.Staff }
	c.Do("GET", "/admin/api/me", nil).JSON(t, &me)
	if me.Staff.Language != "en" {
		t.Fatalf("a new account's language %q, want en", me.Staff.Language)
	}
	for _, bad := range []any{map[string]string{"language": "fr"}, map[string]string{"language": ""}, map[string]int{"language": 3}, "nl"} {
		res := c.Do("PUT", "/admin/api/me/language", bad)
		if res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
			t.Errorf("language %v: %d %s, want 400 or 422", bad, res.Status, res.Body)
		}
	}
	c.Do("GET", "/admin/api/me", nil).JSON(t, &me)
	if me.Staff.Language != "en" {
		t.Errorf("after refused languages: language %q, want en", me.Staff.Language)
	}
	c.Do("PUT", "/admin/api/me/language", map[string]string{"language": "nl"}).Want(t, http.StatusOK, "")
	c.Do("GET", "/admin/api/me", nil).JSON(t, &me)
	if me.Staff.Language != "nl" {
		t.Errorf("after choosing Dutch: language %q", me.Staff.Language)
	}
	if n := e.AuditCount(t, s.ID, "staff.language"); n != 1 {
		t.Errorf("%d staff.language audit rows, want 1 (refusals leave none)", n)
	}
	var list struct{ Staff []staff.Staff }
	admin, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	admin.Do("GET", "/admin/api/staff", nil).JSON(t, &list)
	for _, st := range list.Staff {
		if st.ID == s.ID && st.Language != "nl" {
			t.Errorf("the staff list answers language %q for %s", st.Language, st.Email)
		}
	}
}

// TestTodayCountsFlagsAndChargebacksPerBrand: an open flag counts on its
// member's brand only, as the Flagged page's count does; a chargeback
// whose member is still blocked from direct debit counts as a money
// decision waiting on its brand, and lifting the block takes it off.
// Moderators see the flags but no money count.
func TestTodayCountsFlagsAndChargebacksPerBrand(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	before := todayOf(t, c)
	flagged := accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"})
	if _, err := e.Pool.Exec(t.Context(), `INSERT INTO trust_flags (tenant_id, member_id, score) SELECT tenant_id, id, 80 FROM members WHERE id = $1`, flagged.ID); err != nil {
		t.Fatal(err)
	}
	order, payer := e.PaidOrder(t)
	if _, err := e.Pool.Exec(t.Context(), `
		WITH cb AS (INSERT INTO chargebacks (order_id, payment_id, amount, currency, credits_taken, credits_open)
		            SELECT o.id, p.id, o.amount, o.currency, 0, o.credits FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = $1 LIMIT 1)
		INSERT INTO direct_debit_blocks (member_id, tenant_id, reason) SELECT member_id, tenant_id, 'chargeback' FROM orders WHERE id = $1`, order); err != nil {
		t.Fatal(err)
	}
	after := todayOf(t, c)
	var flags struct{ Open int64 }
	c.Do("GET", "/admin/api/tenants/sparkusa/flags/count", nil).JSON(t, &flags)
	if got := after["sparkusa"].FlaggedMembers; got == nil || *got != *before["sparkusa"].FlaggedMembers+1 || *got != flags.Open {
		t.Errorf("sparkusa flagged members %v (was %v), flags/count %d: want one more, equal to the Flagged page's", got, before["sparkusa"].FlaggedMembers, flags.Open)
	}
	if *after["lustlokaal"].FlaggedMembers != *before["lustlokaal"].FlaggedMembers {
		t.Errorf("lustlokaal flagged members moved with a flag on sparkusa")
	}
	if got := after["lustlokaal"].RefundsAsked; got == nil || *got != *before["lustlokaal"].RefundsAsked+1 {
		t.Errorf("lustlokaal refunds asked %v (was %v): want one more after a chargeback", got, before["lustlokaal"].RefundsAsked)
	}
	if *after["sparkusa"].RefundsAsked != *before["sparkusa"].RefundsAsked {
		t.Errorf("sparkusa refunds asked moved with a chargeback on lustlokaal")
	}
	c.Do("POST", "/admin/api/tenants/lustlokaal/members/"+strconv.FormatInt(payer.ID, 10)+"/direct-debit", map[string]any{"blocked": false}).Want(t, http.StatusOK, "")
	if got := todayOf(t, c)["lustlokaal"].RefundsAsked; *got != *before["lustlokaal"].RefundsAsked {
		t.Errorf("lustlokaal refunds asked %d after the block was lifted, want %d", *got, *before["lustlokaal"].RefundsAsked)
	}
	mod, _ := e.Enrolled(t, staff.RoleModerator, "sparkusa")
	if got := todayOf(t, mod)["sparkusa"]; got.FlaggedMembers == nil || got.RefundsAsked != nil {
		t.Errorf("moderator of sparkusa: flagged %v, refunds asked %v: want the flags and no money count", got.FlaggedMembers, got.RefundsAsked)
	}
}
