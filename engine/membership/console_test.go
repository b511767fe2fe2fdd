package membership_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/membership"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// Hosts of the demo tenants the moderation tests use.
const (
	deHost = "de.localhost" // herzklopfen: photo_moderation, pre-moderated
	nlHost = "localhost"    // lustlokaal: post-moderated
)

// wantLoggedIn checks whether the member app's client is logged in.
func wantLoggedIn(t *testing.T, c *servertest.Client, want bool) {
	t.Helper()
	var u struct {
		User *struct {
			ID int64 `json:"id"`
		} `json:"user"`
	}
	c.Do("GET", "/api/user.php", nil).JSON(t, &u)
	if (u.User != nil) != want {
		t.Fatalf("logged in %v, want %v", u.User != nil, want)
	}
}

// TestBanEndsSessions: a ban ends every session of the member at once,
// hides the profile and refuses the next login with account_banned.
func TestBanEndsSessions(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	member, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	second := e.Client(t, nlHost)
	second.Login(made.Email, made.Password)
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusOK, "")
	for _, c := range []*servertest.Client{member, second} {
		wantLoggedIn(t, c, true)
		c.Do("GET", "/api/chats.php", nil).Want(t, http.StatusOK, "")
	}
	support, _ := e.Enrolled(t, staff.RoleSupport, "*")
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", made.ID), map[string]string{"reason": "x"}).
		Want(t, http.StatusForbidden, "console_forbidden")
	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", made.ID), map[string]string{"reason": ""}).
		Want(t, http.StatusUnprocessableEntity, "moderation_reason_invalid")
	mod.Do("POST", "/admin/api/tenants/lustlokaal/moderation/members/999999999/ban", map[string]string{"reason": "Spam"}).
		Want(t, http.StatusNotFound, "member_not_found")
	for _, c := range []*servertest.Client{member, second} {
		wantLoggedIn(t, c, true)
	}
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", made.ID), map[string]string{"reason": "Spam"}).
		Want(t, http.StatusOK, "")
	for _, c := range []*servertest.Client{member, second} {
		wantLoggedIn(t, c, false)
		// The next member call of either session is refused.
		c.Do("GET", "/api/chats.php", nil).Want(t, http.StatusForbidden, "authentication_required")
	}
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusNotFound, "")
	e.Client(t, nlHost).Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}).
		Want(t, http.StatusForbidden, "account_banned")
	rows, err := e.Console.Staff.Audit(context.Background(), staff.AuditQuery{Tenant: "lustlokaal", Action: "member.ban", Limit: 5})
	if err != nil || len(rows) != 1 || !strings.Contains(string(rows[0].After), `"banned_at"`) || strings.Contains(string(rows[0].Before), `"banned_at":"`) {
		t.Fatalf("audit of the ban: %+v %v", rows, err)
	}
}

// TestSuspendUntilADate: a suspended member cannot log in and is hidden
// until the date; after it, the next login works and shows them again.
func TestSuspendUntilADate(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	// The member side runs on the test's clock too, so the suspension's
	// end comes when the test moves it.
	e.Accounts.Now = e.Clock.Now
	member, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	mod, _ := e.Enrolled(t, staff.RoleOperator, "*")
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/suspend", made.ID)
	for _, until := range []time.Time{e.Clock.Now().Add(-time.Hour), e.Clock.Now().Add(400 * 24 * time.Hour)} {
		mod.Do("POST", path, map[string]any{"until": until, "reason": "Rude"}).
			Want(t, http.StatusUnprocessableEntity, "suspend_until_invalid")
	}
	mod.Do("POST", path, map[string]any{"until": e.Clock.Now().Add(24 * time.Hour), "reason": "Rude"}).Want(t, http.StatusOK, "")
	wantLoggedIn(t, member, false)
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusNotFound, "")
	login := map[string]string{"email": made.Email, "password": made.Password}
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusForbidden, "account_suspended")
	e.Clock.Add(23 * time.Hour)
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusForbidden, "account_suspended")
	e.Clock.Add(time.Hour)
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusOK, "")
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusOK, "")
}

// TestComplaintsAndWarning: complaints move open -> in progress ->
// resolved; a warning is mailed in the member's language; member lookup
// finds members by id, e-mail and name on the staff member's tenant only;
// support reads but does not act.
func TestComplaintsAndWarning(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	reporter, _ := e.LoggedIn(t, nlHost, accountstest.Member{})
	_, bad := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male", Name: "Rudeperson"})
	reporter.Do("POST", "/api/complaints.php", map[string]any{"category": "profile", "message": "This profile insults people.",
		"profile_id": bad.ID}).Want(t, http.StatusCreated, "")
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	var list struct {
		Complaints []struct {
			ID        int64  `json:"id"`
			Status    string `json:"status"`
			ProfileID *int64 `json:"profile_id"`
		} `json:"complaints"`
	}
	support.Do("GET", "/admin/api/tenants/lustlokaal/moderation/complaints", nil).JSON(t, &list)
	if len(list.Complaints) != 1 || list.Complaints[0].ProfileID == nil || *list.Complaints[0].ProfileID != bad.ID {
		t.Fatalf("open complaints: %+v", list)
	}
	cid := list.Complaints[0].ID
	statusPath := fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/complaints/%d/status", cid)
	support.Do("POST", statusPath, map[string]string{"status": "resolved"}).Want(t, http.StatusForbidden, "console_forbidden")
	var detail membership.ComplaintDetail
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/complaints/%d", cid), nil).JSON(t, &detail)
	if detail.Member == nil || detail.Member.ID != bad.ID || detail.Member.Email != bad.Email {
		t.Fatalf("complaint detail: %+v", detail)
	}
	var found struct {
		Members []struct {
			ID int64 `json:"id"`
		} `json:"members"`
	}
	for _, q := range []string{fmt.Sprint(bad.ID), strings.ToUpper(bad.Email), "udeperso"} {
		support.Do("GET", "/admin/api/tenants/lustlokaal/moderation/members?q="+q, nil).JSON(t, &found)
		if len(found.Members) != 1 || found.Members[0].ID != bad.ID {
			t.Fatalf("lookup %q: %+v", q, found)
		}
	}
	support.Do("GET", "/admin/api/tenants/lustlokaal/moderation/members?q=x", nil).Want(t, http.StatusUnprocessableEntity, "lookup_query_invalid")
	// Another tenant's lookup does not find the member.
	ops, _ := e.Enrolled(t, staff.RoleModerator, "*")
	ops.Do("GET", fmt.Sprintf("/admin/api/tenants/sparkusa/moderation/members?q=%d", bad.ID), nil).JSON(t, &found)
	if len(found.Members) != 0 {
		t.Fatalf("sparkusa finds a lustlokaal member: %+v", found)
	}
	ops.Do("GET", fmt.Sprintf("/admin/api/tenants/sparkusa/moderation/complaints/%d", cid), nil).Want(t, http.StatusNotFound, "complaint_not_found")

	for _, st := range []string{"in_progress", "resolved"} {
		ops.Do("POST", statusPath, map[string]string{"status": st}).Want(t, http.StatusOK, "")
	}
	ops.Do("POST", statusPath, map[string]string{"status": "closed"}).Want(t, http.StatusUnprocessableEntity, "complaint_status_invalid")
	ops.Do("GET", "/admin/api/tenants/lustlokaal/moderation/complaints?status=resolved", nil).JSON(t, &list)
	if len(list.Complaints) != 1 || list.Complaints[0].Status != "resolved" {
		t.Fatalf("resolved complaints: %+v", list)
	}
	warnPath := fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/warn", bad.ID)
	ops.Do("POST", warnPath, map[string]string{"text": "Please be polite to other members."}).Want(t, http.StatusOK, "")
	mail := deliverytest.Await(t, e.Pool, bad.Email, "moderation_warning", 0)
	if !strings.Contains(mail.Text, "Please be polite to other members.") || !strings.Contains(mail.Subject, "waarschuwing") {
		t.Fatalf("warning mail: %s / %s", mail.Subject, mail.Text)
	}
	if got := e.AuditActions(t, "lustlokaal"); strings.Join(got, ",") != "complaint.status,complaint.status,member.warn" {
		t.Fatalf("audit actions %v", got)
	}
	rows, err := e.Console.Staff.Audit(context.Background(), staff.AuditQuery{Tenant: "lustlokaal", Action: "complaint.status", Limit: 1})
	var before, after struct{ Status string }
	if err != nil || len(rows) != 1 || json.Unmarshal(rows[0].Before, &before) != nil || json.Unmarshal(rows[0].After, &after) != nil ||
		before.Status != "in_progress" || after.Status != "resolved" {
		t.Fatalf("audit of the last status: %+v %v", rows, err)
	}
}

// TestMarkAccountKind: operators mark a member a test account, which search
// then leaves out, and back; an unknown kind or member changes nothing.
func TestMarkAccountKind(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{Name: "KindTester"})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	inSearch := func() bool {
		res := viewer.Do("GET", "/api/members.php?gender=male&per_page=50", nil)
		res.Want(t, http.StatusOK, "")
		return strings.Contains(string(res.Body), "KindTester")
	}
	if !inSearch() {
		t.Fatal("the member is not in search before the mark")
	}
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/kind", made.ID)
	support, _ := e.Enrolled(t, staff.RoleSupport, "*")
	support.Do("POST", path, map[string]string{"kind": "test"}).Want(t, http.StatusForbidden, "console_forbidden")
	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	mod.Do("POST", path, map[string]string{"kind": "tester"}).Want(t, http.StatusUnprocessableEntity, "account_kind_invalid")
	mod.Do("POST", "/admin/api/tenants/lustlokaal/moderation/members/999999999/kind", map[string]string{"kind": "test"}).
		Want(t, http.StatusNotFound, "member_not_found")
	if !inSearch() {
		t.Fatal("a refused mark changed the member")
	}
	res := mod.Do("POST", path, map[string]string{"kind": "test"})
	res.Want(t, http.StatusOK, "")
	if !strings.Contains(string(res.Body), `"account_kind":"test"`) {
		t.Fatalf("answer: %s", res.Body)
	}
	if inSearch() {
		t.Fatal("a test account is in search")
	}
	mod.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d", made.ID), nil).Want(t, http.StatusOK, "")
	mod.Do("POST", path, map[string]string{"kind": "member"}).Want(t, http.StatusOK, "")
	if !inSearch() {
		t.Fatal("the member is not back in search")
	}
	rows, err := e.Console.Staff.Audit(context.Background(), staff.AuditQuery{Tenant: "lustlokaal", Action: "member.kind", Limit: 5})
	if err != nil || len(rows) != 2 {
		t.Fatalf("audit of the marks: %+v %v", rows, err)
	}
}
