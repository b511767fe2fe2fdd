package profiles_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/media"
	"rendezvous/engine/media/mediatest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// houseAudits counts audit rows of action by staffID on tenant about
// profile id (in before or after).
func houseAudits(t *testing.T, e *servertest.ConsoleEnv, action string, staffID int64, tenant, where string) int {
	t.Helper()
	var n int
	err := e.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE action = $1 AND staff_id = $2 AND tenant = $3 AND ("+where+")",
		action, staffID, tenant).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// An operator makes a house profile in the console: it is a house profile
// on the member site at once (is_house, so the fictional markers show), the
// list has it, an edit changes it, retiring hides it from members and
// restoring shows it again; every change has its audit row with before and
// after.
func TestOperatorMakesEditsAndRetiresHouseProfile(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, op := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	member, _ := e.LoggedIn(t, "localhost", accountstest.Member{Gender: "male", Seeking: "female"})

	p := servertest.NewHouse(t, c, "lustlokaal", "Fleur")
	if p.ID == 0 || p.Name != "Fleur" || p.Age != 29 || p.Seeking != "male" || p.City != "Utrecht" || p.Status != "active" || p.HairColor != "blonde" {
		t.Fatalf("created %+v", p)
	}
	where := fmt.Sprintf("(after->>'id')::bigint = %d", p.ID)
	if n := houseAudits(t, e, "house.create", op.ID, "lustlokaal", where); n != 1 {
		t.Fatalf("house.create audit rows: %d", n)
	}

	var view struct {
		IsHouse bool `json:"is_house"`
		Name    string
	}
	res := member.Do("GET", fmt.Sprintf("/api/member.php?id=%d", p.ID), nil)
	res.Want(t, http.StatusOK, "")
	if !strings.Contains(string(res.Body), `"is_house":true`) {
		t.Fatalf("the member site does not mark it a house profile: %s", res.Body)
	}
	res.JSON(t, &view)

	var list struct {
		HouseProfiles []servertest.HouseProfile `json:"house_profiles"`
		Fictional     struct{ Singular, Warning string }
	}
	res = c.Do("GET", "/admin/api/tenants/lustlokaal/house", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &list)
	if len(list.HouseProfiles) != 1 || list.HouseProfiles[0].ID != p.ID {
		t.Fatalf("list %s", res.Body)
	}

	var a servertest.HouseAnswer
	res = c.Do("PUT", fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d", p.ID), map[string]any{"city": "Zwolle", "about_me": "Nieuw"})
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &a)
	if a.HouseProfile.City != "Zwolle" || a.HouseProfile.AboutMe != "Nieuw" || a.HouseProfile.Name != "Fleur" {
		t.Fatalf("edited %+v", a.HouseProfile)
	}
	if n := houseAudits(t, e, "house.update", op.ID, "lustlokaal",
		where+" AND before->>'city' = 'Utrecht' AND after->>'city' = 'Zwolle'"); n != 1 {
		t.Fatalf("house.update audit rows: %d", n)
	}

	status := fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/status", p.ID)
	res = c.Do("POST", status, map[string]any{"status": "hidden"})
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &a)
	if a.HouseProfile.Status != "hidden" {
		t.Fatalf("retired %+v", a.HouseProfile)
	}
	member.Do("GET", fmt.Sprintf("/api/member.php?id=%d", p.ID), nil).Want(t, http.StatusNotFound, "")
	member.Do("POST", "/api/messages.php", map[string]any{"profile_id": p.ID, "text": "Hoi", "client_id": "r-1"}).Want(t, http.StatusNotFound, "")
	if n := houseAudits(t, e, "house.retire", op.ID, "lustlokaal",
		where+" AND before->>'status' = 'active' AND after->>'status' = 'hidden'"); n != 1 {
		t.Fatalf("house.retire audit rows: %d", n)
	}
	c.Do("POST", status, map[string]any{"status": "active"}).Want(t, http.StatusOK, "")
	member.Do("GET", fmt.Sprintf("/api/member.php?id=%d", p.ID), nil).Want(t, http.StatusOK, "")
	if n := houseAudits(t, e, "house.restore", op.ID, "lustlokaal", where+" AND after->>'status' = 'active'"); n != 1 {
		t.Fatalf("house.restore audit rows: %d", n)
	}
}

// Bad input gets a 4xx with a stable code naming the field, and changes
// nothing.
func TestHouseProfileBadInput(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleOperator, "*")
	p := servertest.NewHouse(t, c, "lustlokaal", "Anouk")
	member := accountstest.NewMember(t, e.Pool, accountstest.Member{})
	valid := map[string]any{"name": "Lotte", "gender": "female", "date_of_birth": servertest.DateOfBirth(30), "country": "NL"}
	with := func(k string, v any) map[string]any {
		out := map[string]any{}
		for kk, vv := range valid {
			out[kk] = vv
		}
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}
	one := fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d", p.ID)
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		code, field        string
	}{
		{"no name", "POST", "/admin/api/tenants/lustlokaal/house", with("name", nil), 422, "field_required", "name"},
		{"no gender", "POST", "/admin/api/tenants/lustlokaal/house", with("gender", nil), 422, "field_required", "gender"},
		{"no date of birth", "POST", "/admin/api/tenants/lustlokaal/house", with("date_of_birth", nil), 422, "field_required", "date_of_birth"},
		{"no country", "POST", "/admin/api/tenants/lustlokaal/house", with("country", nil), 422, "field_required", "country"},
		{"short name", "POST", "/admin/api/tenants/lustlokaal/house", with("name", "L"), 422, "name_length", "name"},
		{"bad gender", "POST", "/admin/api/tenants/lustlokaal/house", with("gender", "robot"), 422, "gender_invalid", "gender"},
		{"too young", "POST", "/admin/api/tenants/lustlokaal/house", with("date_of_birth", servertest.DateOfBirth(16)), 422, "date_of_birth", "date_of_birth"},
		{"bad date", "POST", "/admin/api/tenants/lustlokaal/house", with("date_of_birth", "yesterday"), 422, "date_of_birth_invalid", "date_of_birth"},
		{"bad country", "POST", "/admin/api/tenants/lustlokaal/house", with("country", "XX"), 422, "country_invalid", "country"},
		{"bad region", "POST", "/admin/api/tenants/lustlokaal/house", with("region", "Bavaria"), 422, "region_invalid", "region"},
		{"about too long", "POST", "/admin/api/tenants/lustlokaal/house", with("about_me", strings.Repeat("x", 2001)), 422, "about_me_length", "about_me"},
		{"bad hair", "POST", "/admin/api/tenants/lustlokaal/house", with("hair_color", "plaid"), 422, "hair_color_invalid", "hair_color"},
		{"unknown field", "POST", "/admin/api/tenants/lustlokaal/house", with("shoe_size", 44), 400, "unknown_field", ""},
		{"wrong type", "POST", "/admin/api/tenants/lustlokaal/house", with("name", 7), 422, "wrong_type", "name"},
		{"unknown tenant", "POST", "/admin/api/tenants/nosuch/house", valid, 404, "not_found", ""},
		{"edit bad gender", "PUT", one, map[string]any{"gender": "x"}, 422, "gender_invalid", "gender"},
		{"edit empty name", "PUT", one, map[string]any{"name": ""}, 422, "name_length", "name"},
		{"edit bad id", "PUT", "/admin/api/tenants/lustlokaal/house/abc", map[string]any{"city": "X"}, 422, "house_profile_invalid", ""},
		{"edit unknown id", "PUT", "/admin/api/tenants/lustlokaal/house/999999999", map[string]any{"city": "X"}, 404, "profile_not_found", ""},
		{"edit a member", "PUT", fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d", member.ID), map[string]any{"city": "X"}, 404, "profile_not_found", ""},
		{"bad status", "POST", one + "/status", map[string]any{"status": "deleted"}, 422, "house_status_invalid", ""},
		{"photo without a file", "POST", one + "/photos", map[string]any{}, 400, "photo_missing", ""},
		{"delete bad photo id", "DELETE", one + "/photos/x", nil, 422, "photo_invalid", ""},
		{"delete unknown photo", "DELETE", one + "/photos/999999999", nil, 404, "photo_not_found", ""},
	} {
		res := c.Do(tc.method, tc.path, tc.body)
		if res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
			continue
		}
		if tc.field != "" {
			var body struct{ Field string }
			res.JSON(t, &body)
			if body.Field != tc.field {
				t.Errorf("%s: field %q, want %q", tc.name, body.Field, tc.field)
			}
		}
	}
	var a servertest.HouseAnswer
	c.Do("GET", one, nil).JSON(t, &a)
	if a.HouseProfile.Name != "Anouk" || a.HouseProfile.Gender != "female" || a.HouseProfile.Status != "active" {
		t.Fatalf("a refused edit changed %+v", a.HouseProfile)
	}
	var houses, audits int
	if err := e.Pool.QueryRow(context.Background(),
		"SELECT (SELECT count(*) FROM members WHERE is_house), (SELECT count(*) FROM audit_log WHERE action LIKE 'house.%')").Scan(&houses, &audits); err != nil {
		t.Fatal(err)
	}
	if houses != 1 || audits != 1 {
		t.Fatalf("refused calls left %d house members, %d audit rows", houses, audits)
	}
}

// A staff member of one brand cannot touch another brand's house profile:
// refused on the other brand's paths, not found through their own; chat
// operators see house profiles but do not make or edit them.
func TestHouseProfileTenantIsolation(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	nl, _ := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	p := servertest.NewHouse(t, nl, "lustlokaal", "Sanne")
	de, _ := e.Enrolled(t, staff.RoleOperator, "herzklopfen")
	own := fmt.Sprintf("/admin/api/tenants/herzklopfen/house/%d", p.ID)
	other := fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d", p.ID)
	for _, tc := range []struct {
		method, path string
		body         any
		status       int
		code         string
	}{
		{"GET", "/admin/api/tenants/lustlokaal/house", nil, 403, "console_forbidden"},
		{"GET", other, nil, 403, "console_forbidden"},
		{"PUT", other, map[string]any{"city": "Berlin"}, 403, "console_forbidden"},
		{"POST", other + "/status", map[string]any{"status": "hidden"}, 403, "console_forbidden"},
		{"GET", own, nil, 404, "profile_not_found"},
		{"PUT", own, map[string]any{"city": "Berlin"}, 404, "profile_not_found"},
		{"POST", own + "/status", map[string]any{"status": "hidden"}, 404, "profile_not_found"},
		{"DELETE", own + "/photos/1", nil, 404, "profile_not_found"},
	} {
		de.Do(tc.method, tc.path, tc.body).Want(t, tc.status, tc.code)
	}
	var list struct {
		HouseProfiles []servertest.HouseProfile `json:"house_profiles"`
	}
	de.Do("GET", "/admin/api/tenants/herzklopfen/house", nil).JSON(t, &list)
	if len(list.HouseProfiles) != 0 {
		t.Fatalf("herzklopfen lists lustlokaal's house profile: %+v", list)
	}

	chat, _ := e.Enrolled(t, staff.RoleChatOperator, "lustlokaal")
	chat.Do("GET", "/admin/api/tenants/lustlokaal/house", nil).Want(t, http.StatusOK, "")
	chat.Do("POST", "/admin/api/tenants/lustlokaal/house", map[string]any{"name": "X"}).Want(t, http.StatusForbidden, "console_forbidden")
	chat.Do("PUT", other, map[string]any{"city": "Berlin"}).Want(t, http.StatusForbidden, "console_forbidden")

	var a servertest.HouseAnswer
	nl.Do("GET", other, nil).JSON(t, &a)
	if a.HouseProfile.City != "Utrecht" || a.HouseProfile.Status != "active" {
		t.Fatalf("changed from another brand: %+v", a.HouseProfile)
	}
}

// House profile photos go through the members' upload pipeline into a real
// S3 server: shown at once (on a pre-moderated brand too), served on the
// brand's host and in the console, audited, and removed again; another
// brand's operator cannot add one.
func TestHouseProfilePhotosOnS3(t *testing.T) {
	t.Parallel()
	store, err := media.NewS3(context.Background(), mediatest.S3(t))
	if err != nil {
		t.Fatal(err)
	}
	e := servertest.OnClock(servertest.NewWithMedia(t, store), servertest.NewClock())
	// herzklopfen pre-moderates members' photos; staff photos need none.
	c, op := e.Enrolled(t, staff.RoleOperator, "herzklopfen")
	var a servertest.HouseAnswer
	res := c.Do("POST", "/admin/api/tenants/herzklopfen/house", map[string]any{
		"name": "Lena", "gender": "female", "date_of_birth": servertest.DateOfBirth(31), "country": "DE",
	})
	res.Want(t, http.StatusCreated, "")
	res.JSON(t, &a)
	p := a.HouseProfile
	photos := fmt.Sprintf("/admin/api/tenants/herzklopfen/house/%d/photos", p.ID)

	other, _ := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	other.UploadPhoto(fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/photos", p.ID), servertest.TestJPEG(t, 400, 400)).
		Want(t, http.StatusNotFound, "profile_not_found")

	res = c.UploadPhoto(photos, servertest.TestJPEG(t, 500, 400))
	res.Want(t, http.StatusCreated, "")
	var added struct {
		Photo struct {
			ID            int64
			URL           string
			Status        string
			ThumbFilename string `json:"thumb_filename"`
		}
	}
	res.JSON(t, &added)
	if added.Photo.Status != "active" {
		t.Fatalf("photo %+v", added.Photo)
	}
	// Operators uploaded it themselves: the brand's marketing may show it.
	var reviewed bool
	if err := e.Pool.QueryRow(context.Background(), "SELECT reviewed_at IS NOT NULL FROM photos WHERE id = $1", added.Photo.ID).Scan(&reviewed); err != nil || !reviewed {
		t.Fatalf("a house profile's photo is not reviewed: %v %v", reviewed, err)
	}
	if _, _, err := store.Open(context.Background(), added.Photo.ThumbFilename); err != nil {
		t.Fatalf("thumbnail not in the bucket: %v", err)
	}
	for _, host := range []string{"de.localhost", servertest.ConsoleHost} {
		e.Client(t, host).Do("GET", added.Photo.URL, nil).Want(t, http.StatusOK, "")
	}
	c.Do("GET", fmt.Sprintf("/admin/api/tenants/herzklopfen/house/%d", p.ID), nil).JSON(t, &a)
	if a.HouseProfile.MainImage == nil || a.HouseProfile.MainImage.URL != added.Photo.URL || len(a.HouseProfile.Photos) != 1 {
		t.Fatalf("house profile after the upload %+v", a.HouseProfile)
	}
	if n := houseAudits(t, e, "house.photo_add", op.ID, "herzklopfen",
		fmt.Sprintf("(after->>'profile_id')::bigint = %d AND (after->'photo'->>'id')::bigint = %d", p.ID, added.Photo.ID)); n != 1 {
		t.Fatalf("house.photo_add audit rows: %d", n)
	}

	c.Do("DELETE", fmt.Sprintf("%s/%d", photos, added.Photo.ID), nil).Want(t, http.StatusNoContent, "")
	c.Do("GET", fmt.Sprintf("/admin/api/tenants/herzklopfen/house/%d", p.ID), nil).JSON(t, &a)
	if len(a.HouseProfile.Photos) != 0 || a.HouseProfile.MainImage != nil {
		t.Fatalf("house profile after the deletion %+v", a.HouseProfile)
	}
	if n := houseAudits(t, e, "house.photo_delete", op.ID, "herzklopfen",
		fmt.Sprintf("(before->'photo'->>'id')::bigint = %d", added.Photo.ID)); n != 1 {
		t.Fatalf("house.photo_delete audit rows: %d", n)
	}
}
