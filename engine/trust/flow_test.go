package trust_test

import (
	"fmt"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// flagOf is how many open flags member has.
const openFlags = "SELECT count(*) FROM trust_flags WHERE member_id = $1 AND status = 'open'"

type evidence struct {
	Flag struct {
		ID       int64    `json:"id"`
		MemberID int64    `json:"member_id"`
		Signals  []string `json:"signals"`
	} `json:"flag"`
	Signals []struct {
		Kind     string  `json:"kind"`
		Messages []int64 `json:"message_ids"`
		Photo    *photo  `json:"photo"`
		Match    *photo  `json:"match"`
		Distance *int    `json:"distance"`
	} `json:"signals"`
	Messages []struct {
		ID          int64  `json:"id"`
		Body        string `json:"body"`
		RecipientID int64  `json:"recipient_id"`
	} `json:"messages"`
}

type photo struct {
	MemberID int64  `json:"member_id"`
	Tenant   string `json:"tenant"`
	URL      string `json:"url"`
	Banned   bool   `json:"banned"`
}

type queue struct {
	Flags []struct {
		ID       int64    `json:"id"`
		MemberID int64    `json:"member_id"`
		Signals  []string `json:"signals"`
	} `json:"flags"`
}

// TestPhotoOfAnotherBrandsMemberFlags: a photo close to another member's
// on another brand flags the new account, with both photos as evidence;
// a different photo flags nobody. The queue is the brand's own: another
// brand's moderator neither lists nor opens the flag, and every view of
// the evidence writes an audit row.
func TestPhotoOfAnotherBrandsMemberFlags(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	first, firstMade := e.LoggedIn(t, "localhost", accountstest.Member{})
	second, secondMade := e.LoggedIn(t, "sparkusa.localhost", accountstest.Member{TenantSlug: "sparkusa"})
	other, otherMade := e.LoggedIn(t, "localhost", accountstest.Member{})

	orig := portrait(21, 900, 1200)
	first.UploadPhoto("/api/photos.php", encodeJPEG(t, orig, 90)).Want(t, http.StatusCreated, "")
	e.AwaitCount(t, 1, "SELECT count(*) FROM photo_hashes WHERE member_id = $1", firstMade.ID)
	other.UploadPhoto("/api/photos.php", encodeJPEG(t, portrait(22, 900, 1200), 90)).Want(t, http.StatusCreated, "")
	second.UploadPhoto("/api/photos.php", encodeJPEG(t, resized(orig, 600, 800), 70)).Want(t, http.StatusCreated, "")
	e.AwaitCount(t, 1, openFlags, secondMade.ID)
	e.AwaitCount(t, 1, "SELECT count(*) FROM photo_hashes WHERE member_id = $1", otherMade.ID)
	for _, m := range []int64{firstMade.ID, otherMade.ID} {
		e.AwaitCount(t, 0, openFlags, m)
	}

	mod, modStaff := e.Enrolled(t, staff.RoleModerator, "sparkusa")
	var q queue
	res := mod.Do("GET", "/admin/api/tenants/sparkusa/flags", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &q)
	if len(q.Flags) != 1 || q.Flags[0].MemberID != secondMade.ID || len(q.Flags[0].Signals) != 1 || q.Flags[0].Signals[0] != "photo_match" {
		t.Fatalf("sparkusa's queue %s", res.Body)
	}
	flag := q.Flags[0].ID
	var count struct{ Open int }
	mod.Do("GET", "/admin/api/tenants/sparkusa/flags/count", nil).JSON(t, &count)
	if count.Open != 1 {
		t.Fatalf("sparkusa's count %d", count.Open)
	}

	// Banned since: the evidence says so.
	e.Exec(t, "UPDATE members SET banned_at = now() WHERE id = $1", firstMade.ID)
	path := fmt.Sprintf("/admin/api/tenants/sparkusa/flags/%d", flag)
	for i := 1; i <= 2; i++ {
		var ev evidence
		res := mod.Do("GET", path, nil)
		res.Want(t, http.StatusOK, "")
		res.JSON(t, &ev)
		if len(ev.Signals) != 1 {
			t.Fatalf("evidence %s", res.Body)
		}
		s := ev.Signals[0]
		if s.Kind != "photo_match" || s.Photo == nil || s.Match == nil || s.Photo.MemberID != secondMade.ID || s.Photo.Tenant != "sparkusa" ||
			s.Match.MemberID != firstMade.ID || s.Match.Tenant != "lustlokaal" || !s.Match.Banned || s.Photo.URL == "" ||
			s.Match.URL == "" || s.Photo.URL == s.Match.URL || s.Distance == nil || *s.Distance > 7 || len(ev.Messages) != 0 {
			t.Fatalf("evidence %s", res.Body)
		}
		if n := e.AuditCount(t, modStaff.ID, "flag.view"); n != i {
			t.Fatalf("after view %d: %d audit rows", i, n)
		}
	}
	// Both photos are served to the console.
	var ev evidence
	mod.Do("GET", path, nil).JSON(t, &ev)
	for _, p := range []*photo{ev.Signals[0].Photo, ev.Signals[0].Match} {
		mod.Do("GET", p.URL, nil).Want(t, http.StatusOK, "")
	}

	// Another brand's moderator: its own queue is empty, this flag is not
	// theirs to open, and the refusals leave no audit row.
	lust, lustStaff := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	res = lust.Do("GET", "/admin/api/tenants/lustlokaal/flags", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &q)
	if len(q.Flags) != 0 {
		t.Fatalf("lustlokaal's queue %s", res.Body)
	}
	lust.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/flags/%d", flag), nil).Want(t, http.StatusNotFound, "flag_not_found")
	lust.Do("GET", path, nil).Want(t, http.StatusForbidden, "console_forbidden")
	lust.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/flags/%d/decision", flag), map[string]string{"decision": "dismissed"}).
		Want(t, http.StatusNotFound, "flag_not_found")
	if n := e.AuditCount(t, lustStaff.ID, "flag.view"); n != 0 {
		t.Fatalf("refused views left %d audit rows", n)
	}

	// The decision closes the flag, once.
	decide := fmt.Sprintf("/admin/api/tenants/sparkusa/flags/%d/decision", flag)
	mod.Do("POST", decide, map[string]string{"decision": "maybe"}).Want(t, http.StatusUnprocessableEntity, "decision_invalid")
	mod.Do("POST", decide, map[string]string{"decision": "dismissed"}).Want(t, http.StatusOK, "")
	mod.Do("POST", decide, map[string]string{"decision": "banned"}).Want(t, http.StatusConflict, "flag_decided")
	mod.Do("GET", "/admin/api/tenants/sparkusa/flags/count", nil).JSON(t, &count)
	if count.Open != 0 || e.AuditCount(t, modStaff.ID, "flag.decide") != 1 {
		t.Fatalf("after the decision: %d open, %d decisions audited", count.Open, e.AuditCount(t, modStaff.ID, "flag.decide"))
	}
}
