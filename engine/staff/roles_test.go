package staff_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestStaffRolesAndDisable: a superadmin changes a staff member's roles
// (audited, live at their next call) and disables them (their sessions end
// at once, the login is refused); nobody takes their own superadmin role or
// disables themselves; others than superadmins are refused.
func TestStaffRolesAndDisable(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	root, rootStaff := e.Enrolled(t, staff.RoleSuperadmin, "*")
	mod, modStaff := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).Want(t, http.StatusForbidden, "console_forbidden")
	rolesPath := fmt.Sprintf("/admin/api/staff/%d/roles", modStaff.ID)

	ops, _ := e.Enrolled(t, staff.RoleOperator, "*")
	ops.Do("PUT", rolesPath, map[string]any{"roles": []staff.Grant{{Role: "superadmin", Tenant: "*"}}}).Want(t, http.StatusForbidden, "console_forbidden")
	ops.Do("POST", fmt.Sprintf("/admin/api/staff/%d/disable", modStaff.ID), nil).Want(t, http.StatusForbidden, "console_forbidden")

	for _, tc := range []struct {
		name   string
		path   string
		roles  []staff.Grant
		status int
		code   string
	}{
		{"no roles", rolesPath, []staff.Grant{}, 422, "roles_empty"},
		{"no such role", rolesPath, []staff.Grant{{Role: "king", Tenant: "*"}}, 422, "role_invalid"},
		{"no such tenant", rolesPath, []staff.Grant{{Role: "moderator", Tenant: "nosuch"}}, 422, "tenant_unknown"},
		{"twice", rolesPath, []staff.Grant{{Role: "moderator", Tenant: "*"}, {Role: "moderator", Tenant: ""}}, 422, "role_duplicated"},
		{"no such staff", "/admin/api/staff/999999999/roles", []staff.Grant{{Role: "moderator", Tenant: "*"}}, 404, "staff_not_found"},
		{"own superadmin", fmt.Sprintf("/admin/api/staff/%d/roles", rootStaff.ID), []staff.Grant{{Role: "operator", Tenant: "*"}}, 409, "own_superadmin_role"},
		{"own superadmin on one tenant", fmt.Sprintf("/admin/api/staff/%d/roles", rootStaff.ID), []staff.Grant{{Role: "superadmin", Tenant: "lustlokaal"}}, 409, "own_superadmin_role"},
	} {
		if r := root.Do("PUT", tc.path, map[string]any{"roles": tc.roles}); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
		}
	}
	if n := e.AuditCount(t, rootStaff.ID, "staff.roles"); n != 0 {
		t.Fatalf("refused changes audited: %d", n)
	}
	// Keeping one's own superadmin role and adding another is fine.
	root.Do("PUT", fmt.Sprintf("/admin/api/staff/%d/roles", rootStaff.ID),
		map[string]any{"roles": []staff.Grant{{Role: "superadmin", Tenant: "*"}, {Role: "finance", Tenant: "sparkusa"}}}).Want(t, http.StatusOK, "")

	want := []staff.Grant{{Role: "moderator", Tenant: "herzklopfen"}, {Role: "support", Tenant: "lustlokaal"}}
	res := root.Do("PUT", rolesPath, map[string]any{"roles": want})
	res.Want(t, http.StatusOK, "")
	var answer struct{ Staff staff.Staff }
	res.JSON(t, &answer)
	if !slices.Equal(answer.Staff.Roles, want) {
		t.Fatalf("roles %+v", answer.Staff.Roles)
	}
	// The moderator's next calls follow the new roles.
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).Want(t, http.StatusOK, "")
	mod.Do("POST", "/admin/api/tenants/lustlokaal/moderation/photos/1/approve", nil).Want(t, http.StatusForbidden, "console_forbidden")
	before, after := e.AuditOf(t, "staff.roles")
	if fmt.Sprint(before["roles"]) != "[map[role:moderator tenant:lustlokaal]]" ||
		fmt.Sprint(after["roles"]) != "[map[role:moderator tenant:herzklopfen] map[role:support tenant:lustlokaal]]" {
		t.Fatalf("audit before %v after %v", before, after)
	}

	// Disabling.
	disable := fmt.Sprintf("/admin/api/staff/%d/disable", modStaff.ID)
	root.Do("POST", fmt.Sprintf("/admin/api/staff/%d/disable", rootStaff.ID), nil).Want(t, http.StatusConflict, "staff_disable_self")
	root.Do("POST", "/admin/api/staff/999999999/disable", nil).Want(t, http.StatusNotFound, "staff_not_found")
	res = root.Do("POST", disable, nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &answer)
	if answer.Staff.DisabledAt == nil {
		t.Fatalf("disabled %s", res.Body)
	}
	root.Do("POST", disable, nil).Want(t, http.StatusConflict, "staff_disabled")
	mod.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	e.ConsoleClient(t).Do("POST", "/admin/api/login", map[string]string{"email": modStaff.Email, "password": modStaff.Password,
		"totp": e.StaffCode(t, modStaff.Secret)}).Want(t, http.StatusUnauthorized, "login_failed")
	if n := e.AuditCount(t, rootStaff.ID, "staff.disable"); n != 1 {
		t.Fatalf("staff.disable rows %d", n)
	}
	var list struct{ Staff []staff.Staff }
	root.Do("GET", "/admin/api/staff", nil).JSON(t, &list)
	for _, s := range list.Staff {
		if (s.ID == modStaff.ID) != (s.DisabledAt != nil) {
			t.Errorf("listed %+v", s)
		}
	}

	// Enabling: the account logs in again with its password, second
	// factor and roles; the old session stays ended.
	enable := fmt.Sprintf("/admin/api/staff/%d/enable", modStaff.ID)
	root.Do("POST", "/admin/api/staff/999999999/enable", nil).Want(t, http.StatusNotFound, "staff_not_found")
	root.Do("POST", fmt.Sprintf("/admin/api/staff/%d/enable", rootStaff.ID), nil).Want(t, http.StatusConflict, "staff_not_disabled")
	mod.Do("POST", enable, nil).Want(t, http.StatusUnauthorized, "console_login_required")
	res = root.Do("POST", enable, nil)
	res.Want(t, http.StatusOK, "")
	answer.Staff = staff.Staff{}
	res.JSON(t, &answer)
	if answer.Staff.DisabledAt != nil || !slices.Equal(answer.Staff.Roles, want) {
		t.Fatalf("enabled %s", res.Body)
	}
	root.Do("POST", enable, nil).Want(t, http.StatusConflict, "staff_not_disabled")
	mod.Do("GET", "/admin/api/me", nil).Want(t, http.StatusUnauthorized, "console_login_required")
	e.Clock.Add(30 * time.Second) // a later second-factor step than the last login's
	again := e.ConsoleClient(t)
	again.Do("POST", "/admin/api/login", map[string]string{"email": modStaff.Email, "password": modStaff.Password,
		"totp": e.StaffCode(t, modStaff.Secret)}).Want(t, http.StatusOK, "")
	again.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).Want(t, http.StatusOK, "")
	if n := e.AuditCount(t, rootStaff.ID, "staff.enable"); n != 1 {
		t.Fatalf("staff.enable rows %d", n)
	}
}

// TestStaffCreateWithRoles: a staff account made with several roles holds
// each of them.
func TestStaffCreateWithRoles(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	root, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	roles := []staff.Grant{{Role: "finance", Tenant: "*"}, {Role: "moderator", Tenant: "herzklopfen"}}
	res := root.Do("POST", "/admin/api/staff", map[string]any{"email": "two-roles@staff.example", "roles": roles})
	res.Want(t, http.StatusCreated, "")
	var made struct {
		Staff    staff.Staff
		Password string
	}
	res.JSON(t, &made)
	if made.Password == "" || len(made.Staff.Roles) != 2 {
		t.Fatalf("made %s", res.Body)
	}
	root.Do("POST", "/admin/api/staff", map[string]any{"email": "none@staff.example", "roles": []staff.Grant{{Role: "x", Tenant: "*"}}}).
		Want(t, http.StatusUnprocessableEntity, "role_invalid")
}

// TestAuditSearch: the audit log filters by staff member (id or e-mail),
// tenant, action and time, newest first, in pages.
func TestAuditSearch(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	root, rootStaff := e.Enrolled(t, staff.RoleSuperadmin, "*")
	for i := range 5 {
		root.Do("POST", "/admin/api/staff", map[string]any{"email": fmt.Sprintf("a%d@staff.example", i),
			"roles": []staff.Grant{{Role: "moderator", Tenant: "lustlokaal"}}}).Want(t, http.StatusCreated, "")
	}
	type entry struct {
		ID     int64
		Email  string
		Tenant string
		Action string
		At     time.Time
	}
	search := func(q string) []entry {
		t.Helper()
		var out struct{ Entries []entry }
		res := root.Do("GET", "/admin/api/audit?"+q, nil)
		res.Want(t, http.StatusOK, "")
		res.JSON(t, &out)
		return out.Entries
	}
	email := strings.ToUpper(rootStaff.Email)
	all := search("email=" + email + "&action=staff.create&tenant=lustlokaal")
	if len(all) != 5 {
		t.Fatalf("found %d", len(all))
	}
	for i, en := range all {
		if en.Email != rootStaff.Email || en.Action != "staff.create" || en.Tenant != "lustlokaal" || i > 0 && en.ID >= all[i-1].ID {
			t.Fatalf("entries %+v", all)
		}
	}
	page1 := search("email=" + email + "&action=staff.create&limit=2")
	page2 := search(fmt.Sprintf("email=%s&action=staff.create&limit=2&before_id=%d", email, page1[1].ID))
	if len(page1) != 2 || len(page2) != 2 || page2[0].ID != all[2].ID {
		t.Fatalf("pages %+v %+v", page1, page2)
	}
	if got := search("email=nobody@staff.example"); len(got) != 0 {
		t.Fatalf("nobody's rows %+v", got)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	if got := search("action=staff.create&email=" + email + "&from=" + today + "&to=" + today); len(got) != 5 {
		t.Fatalf("today: %d", len(got))
	}
	if got := search("action=staff.create&email=" + email + "&from=" + tomorrow); len(got) != 0 {
		t.Fatalf("from tomorrow: %d", len(got))
	}
	if got := search("action=staff.create&email=" + email + "&to=" + all[0].At.Add(-time.Hour).Format(time.RFC3339)); len(got) != 0 {
		t.Fatalf("before the first: %d", len(got))
	}
	for _, q := range []string{"from=yesterday", "to=2026-13-01", "from=2026-01-01T00:00"} {
		root.Do("GET", "/admin/api/audit?"+q, nil).Want(t, http.StatusUnprocessableEntity, "query_invalid")
	}
}

// TestAffiliateAccounts: a superadmin makes an affiliate's account with
// its network, refs and revenue share; it logs in with a second factor like
// staff and its me shows its scope. The affiliate role goes alone and with
// a scope, staff roles without one, and neither turns into the other.
func TestAffiliateAccounts(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	root, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	scope := map[string]any{"network": " adnet ", "refs": []string{"aff1", "aff1", "aff2"}, "revenue_share": 2500}
	res := root.Do("POST", "/admin/api/staff", map[string]any{"email": "aff@partner.example", "role": "affiliate", "tenant": "lustlokaal",
		"affiliate": scope, "password": servertest.StaffPassword})
	res.Want(t, http.StatusCreated, "")
	var made struct{ Staff staff.Staff }
	res.JSON(t, &made)
	if a := made.Staff.Affiliate; a == nil || a.Network != "adnet" || !slices.Equal(a.Refs, []string{"aff1", "aff2"}) || a.RevenueShare != 2500 {
		t.Fatalf("made %s", res.Body)
	}
	// The second factor first, as for staff.
	c := e.ConsoleClient(t)
	c.Do("POST", "/admin/api/login", map[string]string{"email": "aff@partner.example", "password": servertest.StaffPassword}).Want(t, http.StatusOK, "")
	c.Do("GET", "/admin/api/affiliate", nil).Want(t, http.StatusForbidden, "totp_enrolment_required")

	for _, bad := range []struct {
		body map[string]any
		code string
	}{
		{map[string]any{"role": "affiliate", "tenant": "lustlokaal"}, "affiliate_scope_invalid"},
		{map[string]any{"role": "affiliate", "tenant": "lustlokaal", "affiliate": map[string]any{"network": " "}}, "affiliate_scope_invalid"},
		{map[string]any{"role": "affiliate", "tenant": "lustlokaal", "affiliate": map[string]any{"network": "adnet", "revenue_share": 10001}}, "affiliate_scope_invalid"},
		{map[string]any{"role": "affiliate", "tenant": "lustlokaal", "affiliate": map[string]any{"network": "<b>"}}, "affiliate_scope_invalid"},
		{map[string]any{"role": "support", "tenant": "lustlokaal", "affiliate": map[string]any{"network": "adnet"}}, "affiliate_scope_invalid"},
		{map[string]any{"roles": []staff.Grant{{Role: "affiliate", Tenant: "lustlokaal"}, {Role: "support", Tenant: "lustlokaal"}},
			"affiliate": map[string]any{"network": "adnet"}}, "affiliate_role_alone"},
	} {
		bad.body["email"] = "bad@partner.example"
		root.Do("POST", "/admin/api/staff", bad.body).Want(t, http.StatusUnprocessableEntity, bad.code)
	}
	// Roles change within the kind of account only.
	path := fmt.Sprintf("/admin/api/staff/%d/roles", made.Staff.ID)
	root.Do("PUT", path, map[string]any{"roles": []staff.Grant{{Role: "support", Tenant: "*"}}}).Want(t, http.StatusUnprocessableEntity, "affiliate_role_alone")
	root.Do("PUT", path, map[string]any{"roles": []staff.Grant{{Role: "affiliate", Tenant: "herzklopfen"}}}).Want(t, http.StatusOK, "")
	support := e.NewStaff(t, staff.RoleSupport, "*")
	root.Do("PUT", fmt.Sprintf("/admin/api/staff/%d/roles", support.ID), map[string]any{"roles": []staff.Grant{{Role: "affiliate", Tenant: "*"}}}).
		Want(t, http.StatusUnprocessableEntity, "affiliate_role_alone")
}
