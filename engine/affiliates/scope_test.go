package affiliates_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestStaffEditAffiliateScope: a superadmin moves an affiliate account to
// another network its brand knows (seen in its traffic), with refs and a
// revenue share, audited; the affiliate's report follows at once. A
// network only another brand knows, or none knows, is refused with its
// code and changes nothing, as are a bad share, a staff account and staff
// who may not manage accounts.
func TestStaffEditAffiliateScope(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	ctx := context.Background()
	if _, err := e.Pool.Exec(ctx, `INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3)
		SELECT id, '2026-03-28', 'v1', 'clickco', 'a1', '', '', '' FROM tenants WHERE slug = 'lustlokaal'`); err != nil {
		t.Fatal(err)
	}
	e.ChangeTenants(t, `UPDATE tenants SET settings = settings || '{"postbacks": {"farnet": {"signup": "https://farnet.example/pb?m={member_id}"}}}'::jsonb WHERE slug = 'herzklopfen'`)
	admin, adminStaff := e.Enrolled(t, staff.RoleSuperadmin, "*")
	op, _ := e.Enrolled(t, staff.RoleOperator, "*")
	aff, affStaff := e.EnrolledAffiliate(t, "lustlokaal", staff.AffiliateScope{Network: "adnet"})
	_, other := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	path := fmt.Sprintf("/admin/api/staff/%d/affiliate-scope", affStaff.ID)

	var answer struct{ Staff staff.Staff }
	res := admin.Do("PUT", path, staff.AffiliateScope{Network: " ClickCo ", Refs: []string{"a1", " a1", "b2"}, RevenueShare: 3000})
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &answer)
	out := answer.Staff
	if out.Affiliate == nil || out.Affiliate.Network != "ClickCo" || !slices.Equal(out.Affiliate.Refs, []string{"a1", "b2"}) || out.Affiliate.RevenueShare != 3000 {
		t.Fatalf("scope after the change: %+v", out.Affiliate)
	}
	var report struct{ Network string }
	aff.Do("GET", "/admin/api/affiliate/report?tenant=lustlokaal&from=2026-03-28&to=2026-03-28", nil).JSON(t, &report)
	if report.Network != "ClickCo" {
		t.Errorf("the affiliate's report is of network %q, want ClickCo", report.Network)
	}

	for _, bad := range []struct {
		by     *servertest.Client
		path   string
		scope  staff.AffiliateScope
		status int
		code   string
	}{
		{admin, path, staff.AffiliateScope{Network: "farnet"}, http.StatusUnprocessableEntity, "affiliate_network_unknown"},
		{admin, path, staff.AffiliateScope{Network: "nowhere"}, http.StatusUnprocessableEntity, "affiliate_network_unknown"},
		{admin, path, staff.AffiliateScope{Network: ""}, http.StatusUnprocessableEntity, "affiliate_scope_invalid"},
		{admin, path, staff.AffiliateScope{Network: "clickco", RevenueShare: 20000}, http.StatusUnprocessableEntity, "affiliate_scope_invalid"},
		{admin, fmt.Sprintf("/admin/api/staff/%d/affiliate-scope", other.ID), staff.AffiliateScope{Network: "clickco"}, http.StatusConflict, "staff_not_affiliate"},
		{admin, "/admin/api/staff/999999999/affiliate-scope", staff.AffiliateScope{Network: "clickco"}, http.StatusNotFound, "staff_not_found"},
		{op, path, staff.AffiliateScope{Network: "clickco"}, http.StatusForbidden, "console_forbidden"},
	} {
		bad.by.Do("PUT", bad.path, bad.scope).Want(t, bad.status, bad.code)
	}
	var list struct{ Staff []staff.Staff }
	admin.Do("GET", "/admin/api/staff", nil).JSON(t, &list)
	i := slices.IndexFunc(list.Staff, func(s staff.Staff) bool { return s.ID == affStaff.ID })
	if i < 0 || list.Staff[i].Affiliate == nil || list.Staff[i].Affiliate.Network != "ClickCo" {
		t.Errorf("after the refusals the staff list shows %+v, want the scope unchanged", list.Staff)
	}
	if n := e.AuditCount(t, adminStaff.ID, "staff.affiliate_scope"); n != 1 {
		t.Errorf("%d staff.affiliate_scope audit rows, want the one change", n)
	}
}
