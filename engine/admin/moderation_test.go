package admin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/admin"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

// Hosts of the demo tenants the moderation tests use.
const (
	deHost = "de.localhost" // herzklopfen: photo_moderation, pre-moderated
	nlHost = "localhost"    // lustlokaal: post-moderated
)

// pendingPhoto gives the member a photo row in status, as an upload on a
// tenant with photo moderation leaves it (the upload itself is tested in
// engine/profiles).
func (e *env) photo(t *testing.T, memberID int64, status string) int64 {
	t.Helper()
	var id int64
	err := e.Pool.QueryRow(context.Background(), `INSERT INTO photos (profile_id, filename, thumb_filename, status, position)
		VALUES ($1, 'demo/x.jpg', 'demo/x_t.jpg', $2, 1) RETURNING id`, memberID, status).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

type profileView struct {
	Profile struct {
		MainImage *struct {
			ID int64 `json:"id"`
		} `json:"main_image"`
		Photos []struct {
			ID int64 `json:"id"`
		} `json:"photos"`
	} `json:"profile"`
}

// shown is the ids of the member's photos another member sees.
func shown(t *testing.T, viewer *servertest.Client, memberID int64) []int64 {
	t.Helper()
	var v profileView
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", memberID), nil).JSON(t, &v)
	ids := []int64{}
	for _, p := range v.Profile.Photos {
		ids = append(ids, p.ID)
	}
	return ids
}

// searchPhoto finds the member (aged 77) in viewer's search and answers the
// id of the photo their card shows (0 for none).
func searchPhoto(t *testing.T, viewer *servertest.Client, memberID int64) int64 {
	t.Helper()
	var r struct {
		Profiles []struct {
			ID        int64 `json:"id"`
			MainImage *struct {
				ID int64 `json:"id"`
			} `json:"main_image"`
		} `json:"profiles"`
	}
	res := viewer.Do("GET", "/api/members.php?gender=female&min_age=77&max_age=77", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &r)
	for _, p := range r.Profiles {
		if p.ID == memberID {
			if p.MainImage == nil {
				return 0
			}
			return p.MainImage.ID
		}
	}
	t.Fatalf("the search does not find member %d: %s", memberID, res.Body)
	return 0
}

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

// auditActions is the actions the audit log holds for tenant, oldest first.
func auditActions(t *testing.T, e *env, tenant string) []string {
	t.Helper()
	rows, err := e.Console.Service.Audit(context.Background(), admin.AuditQuery{Tenant: tenant, Limit: 500})
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for i := len(rows) - 1; i >= 0; i-- {
		if strings.Contains(rows[i].Action, ".") && !strings.HasPrefix(rows[i].Action, "staff.") {
			out = append(out, rows[i].Action)
		}
	}
	return out
}

// TestPreModeratedPhotoInvisibleUntilApproved: on a tenant with photo
// moderation a moderator approves one photo and rejects another through the
// console; others see only the approved one, from the approval on; the
// owner sees the rejection's reason; each decision is audited.
func TestPreModeratedPhotoInvisibleUntilApproved(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// Born 77 years ago: the only profile a search for that age finds.
	owner, made := e.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female",
		BirthDate: time.Now().AddDate(-77, -6, 0)})
	viewer, _ := e.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", PaidUser: true})
	good, bad := e.photo(t, made.ID, "pending"), e.photo(t, made.ID, "pending")
	if got := shown(t, viewer, made.ID); len(got) != 0 {
		t.Fatalf("others see pending photos: %v", got)
	}
	if got := searchPhoto(t, viewer, made.ID); got != 0 {
		t.Fatalf("search shows pending photo %d", got)
	}
	mod, _ := e.enrolled(t, admin.RoleModerator, "herzklopfen")
	var queue struct {
		Photos []struct {
			ID        int64 `json:"id"`
			ProfileID int64 `json:"profile_id"`
		} `json:"photos"`
		PhotoModeration bool `json:"photo_moderation"`
	}
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).JSON(t, &queue)
	if !queue.PhotoModeration || len(queue.Photos) != 2 || queue.Photos[0].ID != good || queue.Photos[0].ProfileID != made.ID {
		t.Fatalf("queue: %+v", queue)
	}
	// A moderator of another tenant reaches neither the queue nor the photo.
	other, _ := e.enrolled(t, admin.RoleModerator, "lustlokaal")
	other.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/photos/%d/approve", good), nil).
		Want(t, http.StatusForbidden, "console_forbidden")
	other.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/approve", good), nil).
		Want(t, http.StatusNotFound, "photo_not_found")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/photos/%d/reject", bad), map[string]string{"reason": " "}).
		Want(t, http.StatusUnprocessableEntity, "reject_reason_invalid")
	if got := shown(t, viewer, made.ID); len(got) != 0 {
		t.Fatalf("refused decisions showed photos: %v", got)
	}

	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/photos/%d/approve", good), nil).Want(t, http.StatusOK, "")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/photos/%d/reject", bad),
		map[string]string{"reason": "Only photos of yourself, please."}).Want(t, http.StatusOK, "")
	if got := shown(t, viewer, made.ID); len(got) != 1 || got[0] != good {
		t.Fatalf("others see %v, want only the approved %d", got, good)
	}
	if got := searchPhoto(t, viewer, made.ID); got != good {
		t.Fatalf("search shows photo %d, want the approved %d", got, good)
	}
	var own struct {
		Profile struct {
			Photos []struct {
				ID           int64  `json:"id"`
				Status       string `json:"status"`
				RejectReason string `json:"reject_reason"`
			} `json:"photos"`
		} `json:"profile"`
	}
	owner.Do("GET", "/api/profile.php", nil).JSON(t, &own)
	reasons := map[int64]string{}
	for _, p := range own.Profile.Photos {
		reasons[p.ID] = p.Status + ":" + p.RejectReason
	}
	if reasons[good] != "active:" || reasons[bad] != "rejected:Only photos of yourself, please." {
		t.Fatalf("the owner sees %v", reasons)
	}
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).JSON(t, &queue)
	if len(queue.Photos) != 0 {
		t.Fatalf("decided photos still queued: %+v", queue.Photos)
	}
	rows, err := e.Console.Service.Audit(context.Background(), admin.AuditQuery{Tenant: "herzklopfen", Action: "photo.reject", Limit: 5})
	if err != nil || len(rows) != 1 || !strings.Contains(string(rows[0].Before), `"pending"`) ||
		!strings.Contains(string(rows[0].After), "Only photos of yourself") {
		t.Fatalf("audit of the rejection: %+v %v", rows, err)
	}
	if got := auditActions(t, e, "herzklopfen"); strings.Join(got, ",") != "photo.approve,photo.reject" {
		t.Fatalf("audit actions %v", got)
	}
}

// TestPostModerationTakeDown: on a tenant without photo moderation photos
// show at once and a moderator takes one down.
func TestPostModerationTakeDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female"})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{PaidUser: true})
	id := e.photo(t, made.ID, "active")
	if got := shown(t, viewer, made.ID); len(got) != 1 {
		t.Fatalf("post-moderation hides the photo: %v", got)
	}
	mod, _ := e.enrolled(t, admin.RoleModerator, "lustlokaal")
	var queue struct {
		Photos []struct{ ID int64 } `json:"photos"`
	}
	mod.Do("GET", "/admin/api/tenants/lustlokaal/moderation/photos?status=active", nil).JSON(t, &queue)
	found := false
	for _, p := range queue.Photos {
		found = found || p.ID == id
	}
	if !found {
		t.Fatalf("active photo %d not in %+v", id, queue.Photos)
	}
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/reject", id), map[string]string{"reason": "Nudity"}).
		Want(t, http.StatusOK, "")
	if got := shown(t, viewer, made.ID); len(got) != 0 {
		t.Fatalf("taken-down photo shown: %v", got)
	}
	mod.Do("GET", "/admin/api/tenants/lustlokaal/moderation/photos?status=nope", nil).Want(t, http.StatusUnprocessableEntity, "photo_status_invalid")
	mod.Do("GET", "/admin/api/tenants/lustlokaal/moderation/photos?after_id=x", nil).Want(t, http.StatusUnprocessableEntity, "query_invalid")
}

// TestApprovingAShownPhotoReviewsIt: on a tenant without photo moderation a
// photo shows in the app at once but counts as reviewed (which the brand's
// marketing asks for) only once a moderator approves it.
func TestApprovingAShownPhotoReviewsIt(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female"})
	id := e.photo(t, made.ID, "active")
	reviewed := func() bool {
		var ok bool
		if err := e.Pool.QueryRow(context.Background(), "SELECT reviewed_at IS NOT NULL FROM photos WHERE id = $1", id).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if reviewed() {
		t.Fatal("an upload counts as reviewed")
	}
	mod, _ := e.enrolled(t, admin.RoleModerator, "lustlokaal")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/approve", id), nil).Want(t, http.StatusOK, "")
	if !reviewed() {
		t.Fatal("the approved photo is not reviewed")
	}
}

// TestBanEndsSessions: a ban ends every session of the member at once,
// hides the profile and refuses the next login with account_banned.
func TestBanEndsSessions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	member, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	second := e.Client(t, nlHost)
	second.Login(made.Email, made.Password)
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusOK, "")
	for _, c := range []*servertest.Client{member, second} {
		wantLoggedIn(t, c, true)
		c.Do("GET", "/api/chats.php", nil).Want(t, http.StatusOK, "")
	}
	support, _ := e.enrolled(t, admin.RoleSupport, "*")
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", made.ID), map[string]string{"reason": "x"}).
		Want(t, http.StatusForbidden, "console_forbidden")
	mod, _ := e.enrolled(t, admin.RoleModerator, "lustlokaal")
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
	rows, err := e.Console.Service.Audit(context.Background(), admin.AuditQuery{Tenant: "lustlokaal", Action: "member.ban", Limit: 5})
	if err != nil || len(rows) != 1 || !strings.Contains(string(rows[0].After), `"banned_at"`) || strings.Contains(string(rows[0].Before), `"banned_at":"`) {
		t.Fatalf("audit of the ban: %+v %v", rows, err)
	}
}

// TestSuspendUntilADate: a suspended member cannot log in and is hidden
// until the date; after it, the next login works and shows them again.
func TestSuspendUntilADate(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// The member side runs on the test's clock too, so the suspension's
	// end comes when the test moves it.
	e.Accounts.Now = e.clock.Now
	member, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	mod, _ := e.enrolled(t, admin.RoleOperator, "*")
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/suspend", made.ID)
	for _, until := range []time.Time{e.clock.Now().Add(-time.Hour), e.clock.Now().Add(400 * 24 * time.Hour)} {
		mod.Do("POST", path, map[string]any{"until": until, "reason": "Rude"}).
			Want(t, http.StatusUnprocessableEntity, "suspend_until_invalid")
	}
	mod.Do("POST", path, map[string]any{"until": e.clock.Now().Add(24 * time.Hour), "reason": "Rude"}).Want(t, http.StatusOK, "")
	wantLoggedIn(t, member, false)
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusNotFound, "")
	login := map[string]string{"email": made.Email, "password": made.Password}
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusForbidden, "account_suspended")
	e.clock.Add(23 * time.Hour)
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusForbidden, "account_suspended")
	e.clock.Add(time.Hour)
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusOK, "")
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusOK, "")
}

// TestComplaintsAndWarning: complaints move open -> in progress ->
// resolved; a warning is mailed in the member's language; member lookup
// finds members by id, e-mail and name on the staff member's tenant only;
// support reads but does not act.
func TestComplaintsAndWarning(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reporter, _ := e.LoggedIn(t, nlHost, accountstest.Member{})
	_, bad := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male", Name: "Rudeperson"})
	reporter.Do("POST", "/api/complaints.php", map[string]any{"category": "profile", "message": "This profile insults people.",
		"profile_id": bad.ID}).Want(t, http.StatusCreated, "")
	support, _ := e.enrolled(t, admin.RoleSupport, "lustlokaal")
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
	var detail admin.ComplaintDetail
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
	ops, _ := e.enrolled(t, admin.RoleModerator, "*")
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
	if got := auditActions(t, e, "lustlokaal"); strings.Join(got, ",") != "complaint.status,complaint.status,member.warn" {
		t.Fatalf("audit actions %v", got)
	}
	rows, err := e.Console.Service.Audit(context.Background(), admin.AuditQuery{Tenant: "lustlokaal", Action: "complaint.status", Limit: 1})
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
	e := newEnv(t)
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
	support, _ := e.enrolled(t, admin.RoleSupport, "*")
	support.Do("POST", path, map[string]string{"kind": "test"}).Want(t, http.StatusForbidden, "console_forbidden")
	mod, _ := e.enrolled(t, admin.RoleModerator, "lustlokaal")
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
	rows, err := e.Console.Service.Audit(context.Background(), admin.AuditQuery{Tenant: "lustlokaal", Action: "member.kind", Limit: 5})
	if err != nil || len(rows) != 2 {
		t.Fatalf("audit of the marks: %+v %v", rows, err)
	}
}
