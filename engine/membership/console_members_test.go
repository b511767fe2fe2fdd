package membership_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/membership"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

type found struct {
	Members []membership.FoundMember `json:"members"`
}

func foundIDs(f found) []int64 {
	ids := []int64{}
	for _, m := range f.Members {
		ids = append(ids, m.ID)
	}
	return ids
}

// TestMemberSearchAcrossBrands: the search finds a member by e-mail, id,
// name and the address they logged in from, on every brand the staff
// member reads members of, and never on a brand they hold no role on.
func TestMemberSearchAcrossBrands(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{Name: "Searchable"})
	var addr string
	if err := e.Pool.QueryRow(context.Background(), "SELECT host(last_login_ip) FROM members WHERE id = $1", made.ID).Scan(&addr); err != nil || addr == "" {
		t.Fatalf("login address not kept: %q %v", addr, err)
	}
	admin, _ := e.Enrolled(t, staff.RoleSupport, "*")
	for _, q := range []string{strings.ToUpper(made.Email), fmt.Sprint(made.ID), "earchabl", addr} {
		var f found
		admin.Do("GET", "/admin/api/members?q="+url.QueryEscape(q), nil).JSON(t, &f)
		if !slices.Contains(foundIDs(f), made.ID) {
			t.Fatalf("search %q does not find the member: %+v", q, f)
		}
		for _, m := range f.Members {
			if m.ID == made.ID && (m.Tenant != "lustlokaal" || m.Brand == "" || m.Brand == m.Tenant) {
				t.Fatalf("search %q names the brand %q / %q", q, m.Tenant, m.Brand)
			}
		}
	}
	// A support member of another brand only: the same searches find
	// nothing, and the member's page there is not found.
	other, _ := e.Enrolled(t, staff.RoleSupport, "sparkusa")
	for _, q := range []string{made.Email, fmt.Sprint(made.ID), addr} {
		var f found
		other.Do("GET", "/admin/api/members?q="+url.QueryEscape(q), nil).JSON(t, &f)
		if slices.Contains(foundIDs(f), made.ID) {
			t.Fatalf("a sparkusa member of staff finds a lustlokaal member by %q", q)
		}
	}
	other.Do("GET", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d", made.ID), nil).Want(t, http.StatusNotFound, "member_not_found")
	other.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).Want(t, http.StatusForbidden, "console_forbidden")
	admin.Do("GET", "/admin/api/members?q=x", nil).Want(t, http.StatusUnprocessableEntity, "lookup_query_invalid")
	// Nobody without members:read anywhere searches.
	chat, _ := e.Enrolled(t, staff.RoleChatOperator, "*")
	chat.Do("GET", "/admin/api/members?q="+url.QueryEscape(made.Email), nil).Want(t, http.StatusForbidden, "console_forbidden")
}

// TestMemberPageAndNotes: the member page carries the profile, complaints
// about the member, staff notes and the audit trail; support adds notes
// (audited), a moderator may not, an empty note changes nothing.
func TestMemberPageAndNotes(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	reporter, _ := e.LoggedIn(t, nlHost, accountstest.Member{})
	_, bad := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male", Name: "Noted", City: "Utrecht"})
	reporter.Do("POST", "/api/complaints.php", map[string]any{"category": "profile", "message": "Asks for money.", "profile_id": bad.ID}).
		Want(t, http.StatusCreated, "")
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	notes := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/notes", bad.ID)
	support.Do("POST", notes, map[string]string{"text": "  "}).Want(t, http.StatusUnprocessableEntity, "note_text_invalid")
	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	mod.Do("POST", notes, map[string]string{"text": "Mine"}).Want(t, http.StatusForbidden, "console_forbidden")
	support.Do("POST", notes, map[string]string{"text": "Called: says the account was hacked."}).Want(t, http.StatusCreated, "")
	// The note of another brand's member is refused as not found.
	foreign := accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"})
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/notes", foreign.ID), map[string]string{"text": "x"}).
		Want(t, http.StatusNotFound, "member_not_found")

	var v membership.MemberView
	mod.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", bad.ID), nil).JSON(t, &v)
	if v.Profile == nil || v.Profile.City != "Utrecht" || v.Profile.Age < 18 || v.Profile.Gender != "female" || v.Brand == "" || v.Brand == "lustlokaal" {
		t.Fatalf("profile on the member page: %+v brand %q", v.Profile, v.Brand)
	}
	if len(v.Complaints) != 1 || v.Complaints[0].Message != "Asks for money." {
		t.Fatalf("complaints on the member page: %+v", v.Complaints)
	}
	if len(v.Notes) != 1 || v.Notes[0].Text != "Called: says the account was hacked." || !strings.Contains(v.Notes[0].By, "@") {
		t.Fatalf("notes on the member page: %+v", v.Notes)
	}
	if len(v.Audit) != 1 || v.Audit[0].Action != "member.note" || !strings.Contains(string(v.Audit[0].After), "hacked") {
		t.Fatalf("audit trail on the member page: %+v", v.Audit)
	}
	if len(v.Sessions) != 1 {
		t.Fatalf("sessions on the member page: %+v", v.Sessions)
	}
}

// TestLiftEndsSuspensionEarly: an operator ends a suspension early with a
// reason; the member gets it by mail in their language, can log in and is
// shown again. Lifting twice is refused; support may not lift.
func TestLiftEndsSuspensionEarly(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
	op, _ := e.Enrolled(t, staff.RoleOperator, "*")
	op.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/suspend", made.ID),
		map[string]any{"until": e.Clock.Now().Add(72 * time.Hour), "reason": "Rude"}).Want(t, http.StatusOK, "")
	login := map[string]string{"email": made.Email, "password": made.Password}
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusForbidden, "account_suspended")

	lift := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/lift", made.ID)
	support, _ := e.Enrolled(t, staff.RoleSupport, "*")
	support.Do("POST", lift, map[string]string{"reason": "Apologised."}).Want(t, http.StatusForbidden, "console_forbidden")
	op.Do("POST", lift, map[string]string{"reason": ""}).Want(t, http.StatusUnprocessableEntity, "moderation_reason_invalid")
	op.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/lift", made.ID), map[string]string{"reason": "x"}).
		Want(t, http.StatusNotFound, "member_not_found")
	op.Do("POST", lift, map[string]string{"reason": "Apologised by phone."}).Want(t, http.StatusOK, "")
	mail := deliverytest.Await(t, e.Pool, made.Email, "moderation_lifted", 0)
	if !strings.Contains(mail.Text, "Apologised by phone.") || !strings.Contains(mail.Subject, "weer open") {
		t.Fatalf("lift mail: %s / %s", mail.Subject, mail.Text)
	}
	e.Client(t, nlHost).Do("POST", "/api/user.php", login).Want(t, http.StatusOK, "")
	var v membership.MemberView
	op.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).JSON(t, &v)
	if v.Member.Suspended != nil || v.Member.Reason != "" {
		t.Fatalf("after the lift: %+v", v.Member)
	}
	viewer.Do("GET", fmt.Sprintf("/api/member.php?id=%d", made.ID), nil).Want(t, http.StatusOK, "")
	op.Do("POST", lift, map[string]string{"reason": "Again."}).Want(t, http.StatusConflict, "member_not_restricted")
	if got := e.AuditActions(t, "lustlokaal"); strings.Join(got, ",") != "member.suspend,member.lift" {
		t.Fatalf("audit actions %v", got)
	}
}

// TestCustomerServiceActions: support reactivates an account whose
// deletion is pending, mails the activation link again and ends a
// member's sessions; each is refused where it makes no sense, for a
// moderator, and on another brand.
func TestCustomerServiceActions(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	mod, _ := e.Enrolled(t, staff.RoleModerator, "*")
	path := func(id int64, action string) string {
		return fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/%s", id, action)
	}

	pending := accountstest.NewMember(t, e.Pool, accountstest.Member{})
	member := e.Client(t, nlHost)
	member.Login(pending.Email, pending.Password)
	member.Do("DELETE", "/api/account.php", nil).Want(t, http.StatusAccepted, "")
	e.Client(t, nlHost).Do("POST", "/api/user.php", map[string]string{"email": pending.Email, "password": pending.Password}).
		Want(t, http.StatusForbidden, "")
	mod.Do("POST", path(pending.ID, "reactivate"), nil).Want(t, http.StatusForbidden, "console_forbidden")
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/reactivate", pending.ID), nil).Want(t, http.StatusForbidden, "console_forbidden")
	support.Do("POST", path(pending.ID, "reactivate"), nil).Want(t, http.StatusOK, "")
	e.Client(t, nlHost).Do("POST", "/api/user.php", map[string]string{"email": pending.Email, "password": pending.Password}).Want(t, http.StatusOK, "")
	support.Do("POST", path(pending.ID, "reactivate"), nil).Want(t, http.StatusConflict, "member_not_deletion_pending")

	unconfirmed := accountstest.NewMember(t, e.Pool, accountstest.Member{Status: "not_confirmed"})
	support.Do("POST", path(unconfirmed.ID, "activation"), nil).Want(t, http.StatusOK, "")
	mail := deliverytest.Await(t, e.Pool, unconfirmed.Email, "activation", 0)
	if mail.Token(t) == "" {
		t.Fatalf("activation mail without a link: %s", mail.Text)
	}
	support.Do("POST", path(pending.ID, "activation"), nil).Want(t, http.StatusConflict, "member_already_confirmed")

	loggedIn, made := e.LoggedIn(t, nlHost, accountstest.Member{})
	wantLoggedIn(t, loggedIn, true)
	mod.Do("POST", path(made.ID, "sessions/end"), nil).Want(t, http.StatusForbidden, "console_forbidden")
	support.Do("POST", path(made.ID, "sessions/end"), nil).Want(t, http.StatusOK, "")
	wantLoggedIn(t, loggedIn, false)
	var v membership.MemberView
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).JSON(t, &v)
	if len(v.Sessions) != 0 || len(v.Audit) != 1 || v.Audit[0].Action != "member.end_sessions" {
		t.Fatalf("after ending the sessions: %+v %+v", v.Sessions, v.Audit)
	}
}

// TestSessionsShowTheirDevice: a login records the browser's device and
// the address it came from; the member page lists each session with its
// device, address, when it was made and last seen; ending the sessions
// empties the list.
func TestSessionsShowTheirDevice(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	support, _ := e.Enrolled(t, staff.RoleSupport, "lustlokaal")
	made := accountstest.NewMember(t, e.Pool, accountstest.Member{})
	phone := e.Client(t, nlHost)
	req, _ := http.NewRequest("POST", e.URL+"/api/user.php", strings.NewReader(fmt.Sprintf(`{"email":%q,"password":%q}`, made.Email, made.Password)))
	req.Host = nlHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Type", "client")
	req.Header.Set("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")
	phone.Send(req).Want(t, http.StatusOK, "")
	wantLoggedIn(t, phone, true)

	var v membership.MemberView
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).JSON(t, &v)
	if len(v.Sessions) != 1 {
		t.Fatalf("sessions %+v, want the one login", v.Sessions)
	}
	s := v.Sessions[0]
	if s.Device != "Chrome on Android" || s.Address != "127.0.0.1" || s.CreatedAt == nil || s.LastSeenAt == nil ||
		time.Since(*s.CreatedAt) > time.Minute || s.ExpiresAt.Before(time.Now()) {
		t.Errorf("session %+v: want Chrome on Android from 127.0.0.1, made and seen just now", s)
	}
	// Seen again later: the member's visit marks the session it came
	// through (an hour on, the instance no longer keeps the session in
	// memory).
	if _, err := e.Pool.Exec(context.Background(), `WITH s AS (UPDATE sessions SET last_seen_at = '2026-01-01T00:00:00Z' WHERE member_id = $1)
		UPDATE members SET last_seen_at = now() - interval '1 hour' WHERE id = $1`, made.ID); err != nil {
		t.Fatal(err)
	}
	e.Accounts.Now = func() time.Time { return time.Now().Add(time.Hour) }
	wantLoggedIn(t, phone, true)
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).JSON(t, &v)
	if len(v.Sessions) != 1 || v.Sessions[0].LastSeenAt == nil || time.Since(*v.Sessions[0].LastSeenAt) > time.Minute {
		t.Errorf("sessions after a visit: %+v, want it seen just now", v.Sessions)
	}
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/sessions/end", made.ID), nil).Want(t, http.StatusOK, "")
	wantLoggedIn(t, phone, false)
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d", made.ID), nil).JSON(t, &v)
	if len(v.Sessions) != 0 {
		t.Errorf("sessions after ending them: %+v", v.Sessions)
	}
}
