package profiles_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/media"
	"rendezvous/engine/media/mediatest"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

type ownAnswer struct {
	Profile    profiles.Profile    `json:"profile"`
	Options    map[string][]string `json:"options"`
	PhotoLimit int                 `json:"photo_limit"`
}

func TestOwnProfile(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Jan", Country: "NL"})

	res := c.Do(http.MethodGet, "/api/profile.php", nil)
	wantStatus(t, res, 200, "")
	own := decode[ownAnswer](t, res)
	if own.Profile.ID != made.ID || own.Profile.Name != "Jan" || own.Profile.MainImage != nil || len(own.Profile.Photos) != 0 {
		t.Fatalf("own profile: %+v", own.Profile)
	}
	if own.PhotoLimit != 3 || len(own.Options["hair_color"]) == 0 {
		t.Fatalf("limit %d, options %v", own.PhotoLimit, own.Options)
	}
	wantStatus(t, env.Client(t, nlHost).Do(http.MethodGet, "/api/profile.php", nil), 403, "authentication_required")

	young := time.Now().AddDate(-17, 0, 0).Format(time.DateOnly)
	cases := []struct {
		name     string
		body     string
		status   int
		code     string
		check    func(p profiles.Profile) bool
		allCodes []string
	}{
		{name: "every field", status: 200, body: `{"name":"Jan V","gender":"male","seeking":"female","sexuality":"bi",
			"date_of_birth":"1985-02-03","country":"NL","region":"NL-NH","city":"Haarlem","interests":[3,1,1],
			"hair_color":"blonde","eye_color":"blue","body_type":"athletic","relationship_status":"single",
			"tattoos":"some","about_me":"Hello\nthere","invisible":false}`,
			check: func(p profiles.Profile) bool {
				return p.Name == "Jan V" && p.Sexuality == "bi" && p.DateOfBirth == "1985-02-03" && p.Region == "NL-NH" &&
					p.RegionName == "Noord-Holland" && p.City == "Haarlem" && len(p.Interests) == 2 && p.Interests[0] == 1 &&
					p.HairColor == "blonde" && p.AboutMe == "Hello\nthere" && p.Age >= 40
			}},
		{name: "partial keeps the rest", status: 200, body: `{"city":"Leiden"}`,
			check: func(p profiles.Profile) bool {
				return p.City == "Leiden" && p.HairColor == "blonde" && p.Region == "NL-NH"
			}},
		{name: "region by name", status: 200, body: `{"region":"Zuid-Holland"}`,
			check: func(p profiles.Profile) bool { return p.Region == "NL-ZH" }},
		{name: "country change clears region", status: 200, body: `{"country":"be"}`,
			check: func(p profiles.Profile) bool { return p.Country == "BE" && p.Region == "" }},
		{name: "optional field cleared", status: 200, body: `{"tattoos":""}`,
			check: func(p profiles.Profile) bool { return p.Tattoos == "" }},
		{name: "read-only fields sent back are ignored", status: 200, body: `{"id":1,"age":99,"status":"x","photos":[],"main_image":null,"city":"Gent"}`,
			check: func(p profiles.Profile) bool { return p.City == "Gent" && p.ID == made.ID }},
		{name: "invisible on", status: 200, body: `{"invisible":true}`,
			check: func(p profiles.Profile) bool { return p.Invisible }},
		{name: "gender", status: 422, code: "gender_invalid", body: `{"gender":"robot"}`},
		{name: "sexuality", status: 422, code: "sexuality_invalid", body: `{"sexuality":""}`},
		{name: "hair", status: 422, code: "hair_color_invalid", body: `{"hair_color":"purple"}`},
		{name: "eyes", status: 422, code: "eye_color_invalid", body: `{"eye_color":"red"}`},
		{name: "body", status: 422, code: "body_type_invalid", body: `{"body_type":"x"}`},
		{name: "relationship", status: 422, code: "relationship_status_invalid", body: `{"relationship_status":"x"}`},
		{name: "tattoos", status: 422, code: "tattoos_invalid", body: `{"tattoos":"lots"}`},
		{name: "too young", status: 422, code: "date_of_birth", body: `{"date_of_birth":"` + young + `"}`},
		{name: "bad date", status: 422, code: "date_of_birth_invalid", body: `{"date_of_birth":"1990-02-31"}`},
		{name: "country", status: 422, code: "country_invalid", body: `{"country":"XX"}`},
		// The signup's location step saves here: a country the site does not
		// serve (LustLokaal: NL and BE) is refused and changes nothing.
		{name: "country the site does not serve", status: 422, code: "country_invalid", body: `{"country":"DE","city":"Köln"}`},
		{name: "the refused country changed nothing", status: 200, body: `{}`,
			check: func(p profiles.Profile) bool { return p.Country == "BE" && p.City == "Gent" }},
		{name: "region of another country", status: 422, code: "region_invalid", body: `{"region":"DE-BY"}`},
		{name: "city too long", status: 422, code: "city_length", body: `{"city":"` + strings.Repeat("a", 81) + `"}`},
		{name: "city control chars", status: 422, code: "city_invalid", body: `{"city":"a\u0007b"}`},
		{name: "city NUL", status: 422, code: "text_invalid", body: `{"city":"a\u0000b"}`},
		{name: "about me too long", status: 422, code: "about_me_length", body: `{"about_me":"` + strings.Repeat("é", 2001) + `"}`},
		{name: "unknown interest", status: 422, code: "interests_invalid", body: `{"interests":[1,999]}`},
		{name: "too many interests", status: 422, code: "interests_too_many", body: `{"interests":[1,2,3,4,5,6,7,8,9,10,11]}`},
		{name: "name starts with @", status: 422, code: "name_at", body: `{"name":"@jan"}`},
		{name: "name is email", status: 422, code: "name_is_email", body: `{"name":"` + made.Email + `"}`},
		{name: "name too short", status: 422, code: "name_length", body: `{"name":"J"}`},
		{name: "several bad fields at once", status: 422, code: "gender_invalid", body: `{"gender":"x","city":"` + strings.Repeat("a", 81) + `"}`,
			allCodes: []string{"gender_invalid", "city_length"}},
		{name: "unknown field", status: 400, code: "unknown_field", body: `{"shoe_size":44}`},
		{name: "wrong type", status: 422, code: "wrong_type", body: `{"invisible":"yes"}`},
	}
	for _, tc := range cases {
		// Sequential: the cases build on one profile.
		res := c.Do(http.MethodPut, "/api/profile.php", tc.body)
		if res.Status != tc.status || (tc.code != "" && res.ErrorCode() != tc.code) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, res.Status, res.Body, tc.status, tc.code)
			continue
		}
		if tc.check != nil {
			if p := decode[ownAnswer](t, res).Profile; !tc.check(p) {
				t.Errorf("%s: profile after update: %+v", tc.name, p)
			}
		}
		for _, code := range tc.allCodes {
			if !strings.Contains(string(res.Body), `"error":"`+code+`"`) {
				t.Errorf("%s: answer lacks field error %s: %s", tc.name, code, res.Body)
			}
		}
	}
	// The user answer carries the same profile.
	var u struct {
		User struct{ Profile profiles.Profile } `json:"user"`
	}
	c.Do(http.MethodGet, "/api/user.php", nil).JSON(t, &u)
	if u.User.Profile.City != "Gent" || !u.User.Profile.Invisible {
		t.Errorf("user.php profile: %+v", u.User.Profile)
	}
}

func TestPhotoUploadLimitsAndMain(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, nlHost, accountstest.Member{})
	var ids []int64
	for i := 0; i < 3; i++ {
		res := upload(t, c, env, "photo", photoJPEG(t, 300+i, 200))
		wantStatus(t, res, 201, "")
		a := decode[photosAnswer](t, res)
		if a.Photo == nil || a.Photo.Status != "active" || len(a.Photos) != i+1 || a.PhotoLimit != 3 {
			t.Fatalf("upload %d: %s", i, res.Body)
		}
		ids = append(ids, a.Photo.ID)
	}
	res := upload(t, c, env, "photo", photoJPEG(t, 300, 200))
	wantStatus(t, res, 403, "photo_limit")
	if !strings.Contains(string(res.Body), `"limit":3`) {
		t.Errorf("limit answer: %s", res.Body)
	}

	// main_image is the first photo until another is made main.
	own := decode[ownAnswer](t, c.Do(http.MethodGet, "/api/profile.php", nil)).Profile
	if own.MainImage == nil || own.MainImage.ID != ids[0] || own.MainImage.Status != "active" ||
		own.MainImage.Match != own.MainImage.URL || !strings.HasPrefix(own.MainImage.URL, "/media/") ||
		own.MainImage.Filename == "" || own.MainImage.ThumbFilename == "" {
		t.Fatalf("main image: %+v", own.MainImage)
	}
	wantStatus(t, c.Do(http.MethodPut, "/api/photos.php?id="+strconv.FormatInt(ids[2], 10)+"&main=1", nil), 200, "")
	own = decode[ownAnswer](t, c.Do(http.MethodGet, "/api/profile.php", nil)).Profile
	if own.MainImage.ID != ids[2] || own.Photos[0].ID != ids[2] {
		t.Fatalf("after main=1: main %d, first %d", own.MainImage.ID, own.Photos[0].ID)
	}
	// Reorder all.
	res = c.Do(http.MethodPut, "/api/photos.php", map[string]any{"order": []int64{ids[1], ids[0], ids[2]}})
	wantStatus(t, res, 200, "")
	if a := decode[photosAnswer](t, res); a.Photos[0].ID != ids[1] || a.Photos[2].ID != ids[2] {
		t.Fatalf("reorder: %s", res.Body)
	}
	wantStatus(t, c.Do(http.MethodPut, "/api/photos.php", map[string]any{"order": []int64{ids[1], ids[0]}}), 422, "order_invalid")
	wantStatus(t, c.Do(http.MethodPut, "/api/photos.php?id=999999&main=1", nil), 404, "photo_not_found")

	// Another member cannot touch these photos.
	other, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	wantStatus(t, other.Do(http.MethodDelete, "/api/photos.php?id="+strconv.FormatInt(ids[0], 10), nil), 404, "photo_not_found")
	wantStatus(t, other.Do(http.MethodPut, "/api/photos.php?id="+strconv.FormatInt(ids[0], 10)+"&main=1", nil), 404, "photo_not_found")

	// Deleting removes the row and the blobs.
	first := own.Photos[1]
	wantStatus(t, get(t, c, env, first.URL), 200, "")
	res = c.Do(http.MethodDelete, "/api/photos.php?id="+strconv.FormatInt(first.ID, 10), nil)
	wantStatus(t, res, 200, "")
	if len(decode[photosAnswer](t, res).Photos) != 2 {
		t.Fatalf("after delete: %s", res.Body)
	}
	awaitBlobJobs(t, env)
	wantStatus(t, get(t, c, env, first.URL), 404, "")
	wantStatus(t, get(t, c, env, first.ThumbURL), 404, "")
	wantStatus(t, c.Do(http.MethodDelete, "/api/photos.php?id=abc", nil), 422, "id_invalid")

	// Premium members may have 25: make the member paid and fill up.
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET paid_user = true WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	small := photoJPEG(t, 120, 120)
	for i := 2; i < 25; i++ {
		wantStatus(t, upload(t, c, env, "photo", small), 201, "")
	}
	res = upload(t, c, env, "photo", small)
	wantStatus(t, res, 403, "photo_limit")
	if !strings.Contains(string(res.Body), `"limit":25`) {
		t.Errorf("premium limit answer: %s", res.Body)
	}
}

// TestPhotoLimitUnderConcurrency: uploads racing for the last free slot
// must not overshoot; the member row lock serialises them.
func TestPhotoLimitUnderConcurrency(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	// All six race into the handler: the bound on uploads in flight
	// (TestUploadsInFlightPerMember) would refuse four before the race.
	env.Uploads.Max = 6
	c, made := env.LoggedIn(t, nlHost, accountstest.Member{})
	img := photoJPEG(t, 200, 200)
	wantStatus(t, upload(t, c, env, "photo", img), 201, "")
	wantStatus(t, upload(t, c, env, "photo", img), 201, "")
	var wg sync.WaitGroup
	statuses := make([]int, 6)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = upload(t, c, env, "photo", img).Status
		}()
	}
	wg.Wait()
	created := 0
	for _, s := range statuses {
		switch s {
		case 201:
			created++
		case 403:
		default:
			t.Errorf("unexpected status %d", s)
		}
	}
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM photos WHERE profile_id = $1", made.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if created != 1 || n != 3 {
		t.Fatalf("%d uploads succeeded, %d photos stored; want 1 and 3", created, n)
	}
}

func TestPhotoRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	cases := []struct {
		name   string
		field  string
		data   []byte
		status int
		code   string
	}{
		{"text file", "photo", []byte("hello, I am not a photo"), 415, "photo_not_image"},
		{"heic", "photo", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 100)...), 415, "photo_format_unsupported"},
		{"decompression bomb", "photo", pngBomb(100_000, 100_000), 422, "photo_dimensions"},
		{"tiny", "photo", photoJPEG(t, 40, 40), 422, "photo_too_small"},
		{"truncated", "photo", photoJPEG(t, 600, 400)[:2500], 422, "photo_broken"},
		{"too big", "photo", append(photoJPEG(t, 200, 200), make([]byte, media.DefaultLimits.MaxBytes)...), 413, "photo_too_big"},
		{"wrong field", "file", photoJPEG(t, 200, 200), 400, "photo_missing"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantStatus(t, upload(t, c, env, tc.field, tc.data), tc.status, tc.code)
		})
	}
	wantStatus(t, c.Do(http.MethodPost, "/api/photos.php", `{"photo":"x"}`), 400, "photo_missing")
	wantStatus(t, env.Client(t, nlHost).Do(http.MethodPost, "/api/photos.php", nil), 403, "authentication_required")
	// Nothing was stored by any refusal.
	if a := decode[photosAnswer](t, c.Do(http.MethodGet, "/api/photos.php", nil)); len(a.Photos) != 0 {
		t.Fatalf("refused uploads left photos: %+v", a.Photos)
	}
}

// TestStoredPhotoHasNoMetadata fetches what the engine serves for an upload
// that carried EXIF with a GPS position and checks none of it survived.
func TestStoredPhotoHasNoMetadata(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	upl := photoJPEG(t, 640, 480)
	if !bytes.Contains(upl, []byte("GPS 52.3676N")) {
		t.Fatal("test upload lacks its GPS marker")
	}
	a := decode[photosAnswer](t, upload(t, c, env, "photo", upl))
	for _, u := range []string{a.Photos[0].URL, a.Photos[0].ThumbURL} {
		res := get(t, c, env, u)
		wantStatus(t, res, 200, "")
		for _, bad := range []string{"Exif", "GPS", "SERIAL", "52.3676"} {
			if bytes.Contains(res.Body, []byte(bad)) {
				t.Errorf("%s still contains %q", u, bad)
			}
		}
		if res.Header.Get("Cache-Control") != media.CacheControl || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("%s headers: %v", u, res.Header)
		}
	}
}

func TestPhotoModeration(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	owner, made := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female"})
	viewer, _ := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", PaidUser: true})
	a := decode[photosAnswer](t, upload(t, owner, env, "photo", photoJPEG(t, 300, 300)))
	if a.Photo.Status != "pending" {
		t.Fatalf("herzklopfen moderates photos; got %q", a.Photo.Status)
	}
	own := decode[ownAnswer](t, owner.Do(http.MethodGet, "/api/profile.php", nil)).Profile
	if own.MainImage != nil || len(own.Photos) != 1 || own.Photos[0].Status != "pending" {
		t.Fatalf("pending photo: main %+v photos %+v", own.MainImage, own.Photos)
	}
	view := decode[memberAnswer](t, viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(made.ID, 10), nil)).Profile
	if view.MainImage != nil || len(view.Photos) != 0 || view.PhotosHidden != 0 {
		t.Fatalf("others see a pending photo: %+v", view)
	}
	ctx := context.Background()
	pending, err := profiles.PhotoQueue(ctx, env.Pool, &tenancy.Tenant{ID: made.TenantID}, profiles.PhotoPending, 0, 10, time.Now())
	if err != nil || len(pending) != 1 || pending[0].ProfileID != made.ID {
		t.Fatalf("pending list: %v %v", pending, err)
	}
	// Another tenant's operators cannot reach the photo by its id.
	if _, _, err := profiles.ModeratePhoto(ctx, env.Pool, made.TenantID+1000, pending[0].ID, profiles.PhotoActive, ""); !errors.Is(err, profiles.ErrPhotoNotFound) {
		t.Fatalf("other tenant approved: %v", err)
	}
	if _, _, err := profiles.ModeratePhoto(ctx, env.Pool, made.TenantID, pending[0].ID, profiles.PhotoRejected, "  "); !errors.Is(err, profiles.ErrRejectReason) {
		t.Fatalf("reject without a reason: %v", err)
	}
	view = decode[memberAnswer](t, viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(made.ID, 10), nil)).Profile
	if view.MainImage != nil || len(view.Photos) != 0 {
		t.Fatalf("refused decisions showed the photo: %+v", view)
	}
	reviewedAt := func() *time.Time {
		t.Helper()
		var at *time.Time
		if err := env.Pool.QueryRow(ctx, "SELECT reviewed_at FROM photos WHERE id = $1", pending[0].ID).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	if at := reviewedAt(); at != nil {
		t.Fatalf("a pending photo reviewed at %v", at)
	}
	if _, _, err := profiles.ModeratePhoto(ctx, env.Pool, made.TenantID, pending[0].ID, profiles.PhotoActive, ""); err != nil {
		t.Fatal(err)
	}
	// Leaving the queue is recorded (the dashboards' backlog).
	approved := reviewedAt()
	if approved == nil || time.Since(*approved) > time.Minute {
		t.Fatalf("approved photo reviewed at %v", approved)
	}
	view = decode[memberAnswer](t, viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(made.ID, 10), nil)).Profile
	if view.MainImage == nil || view.MainImage.ID != pending[0].ID || len(view.Photos) != 1 {
		t.Fatalf("approved photo not shown: %+v", view)
	}
	// Taken down (post-moderation): gone for others, the reason for its owner.
	if _, _, err := profiles.ModeratePhoto(ctx, env.Pool, made.TenantID, pending[0].ID, profiles.PhotoRejected, "Not you"); err != nil {
		t.Fatal(err)
	}
	view = decode[memberAnswer](t, viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(made.ID, 10), nil)).Profile
	if view.MainImage != nil || len(view.Photos) != 0 {
		t.Fatalf("taken-down photo still shown: %+v", view)
	}
	// A take-down is no decision on a waiting photo: reviewed_at stays.
	if at := reviewedAt(); at == nil || !at.Equal(*approved) {
		t.Fatalf("taken down: reviewed at %v, was %v", at, approved)
	}
	own = decode[ownAnswer](t, owner.Do(http.MethodGet, "/api/profile.php", nil)).Profile
	if len(own.Photos) != 1 || own.Photos[0].Status != "rejected" || own.Photos[0].RejectReason != "Not you" {
		t.Fatalf("owner's rejected photo: %+v", own.Photos)
	}
}

type memberAnswer struct {
	Profile struct {
		ID           int64            `json:"id"`
		Name         string           `json:"name"`
		MainImage    *profiles.Image  `json:"main_image"`
		Photos       []profiles.Image `json:"photos"`
		PhotosHidden int              `json:"photos_hidden"`
		IsHouse      bool             `json:"is_house"`
		Blocked      bool             `json:"blocked"`
		Age          *int             `json:"age"`
		Tattoos      *string          `json:"tattoos"`
		Sexuality    *string          `json:"sexuality"`
		DateOfBirth  *string          `json:"date_of_birth"`
		AboutMe      *string          `json:"about_me"`
	} `json:"profile"`
}

func TestMemberView(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	owner, ownerMade := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Sanne", Gender: "female", PaidUser: true})
	// A house profile (staff-run, never logs in); made one after login so
	// the test can upload its photos through the API.
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET is_house = true WHERE id = $1", ownerMade.ID); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		wantStatus(t, upload(t, owner, env, "photo", photoJPEG(t, 200+i, 200)), 201, "")
	}
	free, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	premium, _ := env.LoggedIn(t, nlHost, accountstest.Member{PaidUser: true})
	dach, _ := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen"})
	path := "/api/member.php?id=" + strconv.FormatInt(ownerMade.ID, 10)

	cases := []struct {
		name       string
		client     *servertest.Client
		path       string
		status     int
		code       string
		wantPhotos int
		wantHidden int
	}{
		{"free sees the main photo", free, path, 200, "", 1, 3},
		{"premium sees all", premium, path, 200, "", 4, 0},
		{"logged out where logged_out_search is on", env.Client(t, nlHost), path, 200, "", 1, 3},
		{"owner sees all", owner, path, 200, "", 4, 0},
		{"another pool: not found", dach, path, 404, "profile_not_found", 0, 0},
		{"no such member", free, "/api/member.php?id=99999999", 404, "profile_not_found", 0, 0},
		{"bad id", free, "/api/member.php?id=x", 422, "id_invalid", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.client.Do(http.MethodGet, tc.path, nil)
			wantStatus(t, res, tc.status, tc.code)
			if tc.status != 200 {
				return
			}
			p := decode[memberAnswer](t, res).Profile
			if len(p.Photos) != tc.wantPhotos || p.PhotosHidden != tc.wantHidden || p.MainImage == nil || !p.IsHouse {
				t.Fatalf("photos %d hidden %d main %v house %v; want %d, %d", len(p.Photos), p.PhotosHidden, p.MainImage, p.IsHouse, tc.wantPhotos, tc.wantHidden)
			}
			if p.Age == nil || p.Tattoos == nil || p.DateOfBirth != nil {
				t.Fatalf("lustlokaal shows age and tattoos, never the date of birth: %s", res.Body)
			}
		})
	}

	// herzklopfen: logged out only with a traffic source, and its visible
	// fields leave out tattoos and sexuality.
	deOwner, deMade := env.LoggedIn(t, deHost, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female"})
	_ = deOwner
	dePath := "/api/member.php?id=" + strconv.FormatInt(deMade.ID, 10)
	wantStatus(t, env.Client(t, deHost).Do(http.MethodGet, dePath, nil), 403, "authentication_required")
	wantStatus(t, env.Client(t, deHost).Do(http.MethodGet, dePath+"&network=aff1", nil), 200, "")
	tracked := env.Client(t, deHost)
	req, _ := http.NewRequest(http.MethodGet, env.URL+dePath, nil)
	req.Host = deHost
	req.AddCookie(&http.Cookie{Name: landerpages.Cookie, Value: "network=aff1"})
	res := tracked.Send(req)
	wantStatus(t, res, 200, "")
	if p := decode[memberAnswer](t, res).Profile; p.Tattoos != nil || p.Sexuality != nil || p.Age == nil || p.AboutMe == nil {
		t.Fatalf("herzklopfen visible fields: %s", res.Body)
	}

	// A disabled profile (not confirmed) is not shown to others.
	_, unconfirmed := env.LoggedIn(t, nlHost, accountstest.Member{})
	if _, err := env.Pool.Exec(context.Background(), "UPDATE profiles SET status = 'disabled' WHERE id = $1", unconfirmed.ID); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, free.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(unconfirmed.ID, 10), nil), 404, "profile_not_found")
}

// TestSharedPool: a tenant sharing lustlokaal's pool sees its members; the
// others do not.
func TestSharedPool(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	var sister tenancy.File
	for _, f := range files {
		if f.Slug == "lustlokaal" {
			sister = f
		}
	}
	sister.Slug, sister.Name, sister.Hosts, sister.Position = "lokaaldates", "Lokaal Dates", []string{"lokaaldates.localhost"}, 9
	if _, err := tenancy.Import(context.Background(), env.Pool, []tenancy.File{sister}, false); err != nil {
		t.Fatal(err)
	}
	// No request has loaded the engine's tenant directory yet, so it will
	// know the new tenant.
	_, nlMember := env.LoggedIn(t, nlHost, accountstest.Member{})
	sisterViewer, _ := env.LoggedIn(t, "lokaaldates.localhost", accountstest.Member{TenantSlug: "lokaaldates"})
	usViewer, _ := env.LoggedIn(t, usHost, accountstest.Member{TenantSlug: "sparkusa"})
	wantStatus(t, sisterViewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(nlMember.ID, 10), nil), 200, "")
	wantStatus(t, usViewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(nlMember.ID, 10), nil), 404, "profile_not_found")
}

func TestBlocking(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	alice, aliceMade := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Alice", Gender: "female"})
	bob, bobMade := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Bob"})
	_, usMade := env.LoggedIn(t, usHost, accountstest.Member{TenantSlug: "sparkusa"})

	wantStatus(t, alice.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": bobMade.ID}), 204, "")
	wantStatus(t, alice.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": bobMade.ID}), 204, "") // twice is fine
	res := bob.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(aliceMade.ID, 10), nil)
	wantStatus(t, res, 403, "blocked")
	if !strings.Contains(string(res.Body), `"message":"You're blocked by Alice. You do not have access to this page."`) ||
		!strings.Contains(string(res.Body), `"name":"Alice"`) {
		t.Fatalf("blocked answer: %s", res.Body)
	}
	// The blocker still sees the profile, marked blocked, to undo it.
	if p := decode[memberAnswer](t, alice.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(bobMade.ID, 10), nil)).Profile; !p.Blocked {
		t.Fatal("blocker's view lacks blocked: true")
	}
	list := alice.Do(http.MethodGet, "/api/block.php", nil)
	if !strings.Contains(string(list.Body), `"name":"Bob"`) {
		t.Fatalf("block list: %s", list.Body)
	}

	cases := []struct {
		name     string
		from, to int64
		replying bool
		want     error
	}{
		{"blocked member cannot contact the blocker", bobMade.ID, aliceMade.ID, false, profiles.ErrBlocked},
		{"blocker must unblock first", aliceMade.ID, bobMade.ID, false, profiles.ErrYouBlocked},
		{"other pool", bobMade.ID, usMade.ID, false, profiles.ErrNotFound},
		{"self", bobMade.ID, bobMade.ID, false, profiles.ErrSelf},
	}
	for _, tc := range cases {
		if err := profiles.CheckContact(ctx, env.Pool, tc.from, tc.to, tc.replying); !errorsIs(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	wantStatus(t, alice.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": aliceMade.ID}), 422, "own_profile")
	wantStatus(t, alice.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": usMade.ID}), 404, "profile_not_found")
	wantStatus(t, alice.Do(http.MethodPost, "/api/block.php", map[string]any{}), 422, "profile_id_invalid")

	wantStatus(t, alice.Do(http.MethodDelete, "/api/block.php", map[string]any{"profile_id": bobMade.ID}), 204, "")
	wantStatus(t, bob.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(aliceMade.ID, 10), nil), 200, "")
	if err := profiles.CheckContact(ctx, env.Pool, bobMade.ID, aliceMade.ID, false); err != nil {
		t.Fatalf("after unblock: %v", err)
	}
	wantStatus(t, alice.Do(http.MethodDelete, "/api/block.php?profile_id="+strconv.FormatInt(bobMade.ID, 10), nil), 204, "")
}

func TestInvisibleMode(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	shy, shyMade := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female"})
	_, other := env.LoggedIn(t, nlHost, accountstest.Member{})
	wantStatus(t, shy.Do(http.MethodPut, "/api/profile.php", `{"invisible":true}`), 200, "")
	if err := profiles.CheckContact(ctx, env.Pool, other.ID, shyMade.ID, false); !errorsIs(err, profiles.ErrInvisible) {
		t.Fatalf("contacting an invisible member: %v", err)
	}
	if err := profiles.CheckContact(ctx, env.Pool, other.ID, shyMade.ID, true); err != nil {
		t.Fatalf("replying to an invisible member who wrote first: %v", err)
	}
	if err := profiles.CheckContact(ctx, env.Pool, shyMade.ID, other.ID, false); err != nil {
		t.Fatalf("the invisible member reaching out: %v", err)
	}
	if _, err := env.Pool.Exec(ctx, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", shyMade.ID, other.ID); err != nil {
		t.Fatal(err)
	}
	if err := profiles.CheckContact(ctx, env.Pool, other.ID, shyMade.ID, false); err != nil {
		t.Fatalf("after the invisible member liked first: %v", err)
	}
	for _, tc := range []struct {
		err  error
		code string
	}{{profiles.ErrInvisible, "invisible"}, {profiles.Blocked("X"), "blocked"}, {profiles.ErrYouBlocked, "you_blocked"}} {
		if e := refusal.As(tc.err); e == nil || e.Code != tc.code {
			t.Errorf("contact refusal %v, want code %s", tc.err, tc.code)
		}
	}
}

func TestOpeningAProfileClearsItsNewLike(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	_, liker := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female"})
	viewer, viewerMade := env.LoggedIn(t, nlHost, accountstest.Member{})
	if _, err := env.Pool.Exec(ctx, "INSERT INTO likes (liker_id, liked_id, source) VALUES ($1, $2, '')", liker.ID, viewerMade.ID); err != nil {
		t.Fatal(err)
	}
	isNew := func() bool {
		var b bool
		if err := env.Pool.QueryRow(ctx, "SELECT like_new FROM likes WHERE liker_id = $1 AND liked_id = $2", liker.ID, viewerMade.ID).Scan(&b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	if !isNew() {
		t.Fatal("a fresh like must be new")
	}
	wantStatus(t, viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(liker.ID, 10), nil), 200, "")
	if isNew() {
		t.Fatal("opening the liker's profile did not clear like_new")
	}
}

func TestComplaints(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, nlHost, accountstest.Member{})
	_, usMade := env.LoggedIn(t, usHost, accountstest.Member{TenantSlug: "sparkusa"})
	visitor := env.Client(t, nlHost)
	long := "This profile asks for money outside the site."
	cases := []struct {
		name   string
		client *servertest.Client
		body   map[string]any
		status int
		code   string
	}{
		{"visitor with email", visitor, map[string]any{"email": "v@example.com", "name": "V", "message": long, "category": "payment"}, 201, ""},
		{"visitor without email", visitor, map[string]any{"message": long}, 422, "email_invalid"},
		{"member, account email", member, map[string]any{"message": long, "profile_id": made.ID, "category": "profile"}, 201, ""},
		{"too short", member, map[string]any{"message": "bad"}, 422, "message_too_short"},
		{"unknown category", member, map[string]any{"message": long, "category": "x"}, 422, "category_invalid"},
		{"profile of another pool", member, map[string]any{"message": long, "profile_id": usMade.ID}, 422, "profile_invalid"},
	}
	for _, tc := range cases {
		wantStatus(t, tc.client.Do(http.MethodPost, "/api/complaints.php", tc.body), tc.status, tc.code)
	}
	res := member.Do(http.MethodGet, "/api/complaints.php", nil)
	wantStatus(t, res, 200, "")
	if !strings.Contains(string(res.Body), `"category":"profile"`) || strings.Contains(string(res.Body), "payment") {
		t.Fatalf("own complaints: %s", res.Body)
	}
	var stored int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM complaints WHERE email = $1", made.Email).Scan(&stored); err != nil || stored != 1 {
		t.Fatalf("member complaint stored with the account email: %d %v", stored, err)
	}
	wantStatus(t, visitor.Do(http.MethodGet, "/api/complaints.php", nil), 403, "authentication_required")
}

// TestPhotosOnS3 runs upload, serving and deletion through the whole engine
// with photos in a real S3 server (MinIO).
func TestPhotosOnS3(t *testing.T) {
	t.Parallel()
	store, err := media.NewS3(context.Background(), mediatest.S3(t))
	if err != nil {
		t.Fatal(err)
	}
	env := servertest.NewWithMedia(t, store)
	c, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	a := decode[photosAnswer](t, upload(t, c, env, "photo", photoJPEG(t, 500, 400)))
	p := a.Photos[0]
	res := get(t, c, env, p.URL)
	wantStatus(t, res, 200, "")
	if bytes.Contains(res.Body, []byte("GPS")) || res.Header.Get("Cache-Control") != media.CacheControl {
		t.Fatalf("served from S3: headers %v", res.Header)
	}
	if _, _, err := store.Open(context.Background(), p.ThumbFilename); err != nil {
		t.Fatalf("thumbnail not in the bucket: %v", err)
	}
	wantStatus(t, c.Do(http.MethodDelete, "/api/photos.php?id="+strconv.FormatInt(p.ID, 10), nil), 200, "")
	// The blobs go by a job once the deletion commits.
	awaitBlobJobs(t, env)
	wantStatus(t, get(t, c, env, p.URL), 404, "")
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// The own profile names its region in the page's language, as the profile
// form's region list (regions.php) does: a Dutch page says Oost-Vlaanderen.
func TestOwnProfileRegionInPageLanguage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Griet", Country: "BE"})
	wantStatus(t, c.Do(http.MethodPut, "/api/profile.php", map[string]string{"region": "BE-VOV", "city": "Gent"}), 200, "")
	for lang, want := range map[string]string{"nl": "Oost-Vlaanderen", "en": "East Flanders"} {
		req, _ := http.NewRequest(http.MethodGet, env.URL+"/api/profile.php", nil)
		req.Host = nlHost
		req.AddCookie(&http.Cookie{Name: "locale", Value: lang})
		res := c.Send(req)
		wantStatus(t, res, 200, "")
		if got := decode[ownAnswer](t, res).Profile.RegionName; got != want {
			t.Errorf("%s: region_name %q, want %q", lang, got, want)
		}
	}
}
