package profiles_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

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

// TestPreModeratedPhotoInvisibleUntilApproved: on a tenant with photo
// moderation a moderator approves one photo and rejects another through the
// console; others see only the approved one, from the approval on; the
// owner sees the rejection's reason; each decision is audited.
func TestPreModeratedPhotoInvisibleUntilApproved(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	// Born 77 years ago: the only profile a search for that age finds.
	owner, made := e.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female",
		BirthDate: time.Now().AddDate(-77, -6, 0)})
	viewer, _ := e.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", PaidUser: true})
	good, bad := e.PhotoRow(t, made.ID, "pending"), e.PhotoRow(t, made.ID, "pending")
	if got := shown(t, viewer, made.ID); len(got) != 0 {
		t.Fatalf("others see pending photos: %v", got)
	}
	if got := searchPhoto(t, viewer, made.ID); got != 0 {
		t.Fatalf("search shows pending photo %d", got)
	}
	mod, _ := e.Enrolled(t, staff.RoleModerator, "herzklopfen")
	var queue struct {
		Photos []struct {
			ID          int64  `json:"id"`
			ProfileID   int64  `json:"profile_id"`
			Age         *int   `json:"age"`
			Brand       string `json:"brand"`
			OtherPhotos []struct {
				ID int64 `json:"id"`
			} `json:"other_photos"`
		} `json:"photos"`
		PhotoModeration bool `json:"photo_moderation"`
	}
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/photos", nil).JSON(t, &queue)
	if !queue.PhotoModeration || len(queue.Photos) != 2 || queue.Photos[0].ID != good || queue.Photos[0].ProfileID != made.ID {
		t.Fatalf("queue: %+v", queue)
	}
	// The card names the owner's age and brand and shows their other photo
	// beside, not the photo itself.
	if c := queue.Photos[0]; c.Age == nil || *c.Age != 77 || c.Brand != "Herzklopfen" || len(c.OtherPhotos) != 1 || c.OtherPhotos[0].ID != bad {
		t.Fatalf("queue card: %+v", c)
	}
	// A moderator of another tenant reaches neither the queue nor the photo.
	other, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
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
	rows, err := e.Console.Staff.Audit(context.Background(), staff.AuditQuery{Tenant: "herzklopfen", Action: "photo.reject", Limit: 5})
	if err != nil || len(rows) != 1 || !strings.Contains(string(rows[0].Before), `"pending"`) ||
		!strings.Contains(string(rows[0].After), "Only photos of yourself") {
		t.Fatalf("audit of the rejection: %+v %v", rows, err)
	}
	if got := e.AuditActions(t, "herzklopfen"); strings.Join(got, ",") != "photo.approve,photo.reject" {
		t.Fatalf("audit actions %v", got)
	}
}

// TestPostModerationTakeDown: on a tenant without photo moderation photos
// show at once and a moderator takes one down.
func TestPostModerationTakeDown(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, made := e.LoggedIn(t, nlHost, accountstest.Member{Gender: "female"})
	viewer, _ := e.LoggedIn(t, nlHost, accountstest.Member{PaidUser: true})
	id := e.PhotoRow(t, made.ID, "active")
	if got := shown(t, viewer, made.ID); len(got) != 1 {
		t.Fatalf("post-moderation hides the photo: %v", got)
	}
	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
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
	e := servertest.NewConsole(t)
	_, made := e.LoggedIn(t, "localhost", accountstest.Member{Gender: "female"})
	id := e.PhotoRow(t, made.ID, "active")
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
	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/approve", id), nil).Want(t, http.StatusOK, "")
	if !reviewed() {
		t.Fatal("the approved photo is not reviewed")
	}
}
