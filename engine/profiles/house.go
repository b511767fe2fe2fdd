package profiles

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// House profiles are profiles the site's staff run (members flagged
// is_house: the tenant's fictional markers label them on the member
// site). Operators make and edit them in the console; every function here
// takes the tenant, so a console call for one tenant never finds another
// tenant's house profile (ErrNotFound, as for unknown ids).

// ErrFieldRequired refuses a new house profile without one of the fields
// every profile has.
var ErrFieldRequired = refusal.New(refusal.Invalid, "field_required", "{field} is required.")

// ErrHouseStatus refuses a house profile status other than active (shown)
// and hidden (retired).
var ErrHouseStatus = refusal.New(refusal.Invalid, "house_status_invalid", "The status must be active or hidden.")

// HouseProfiles lists the tenant's house profiles, every status, by name,
// each with its main photo.
func HouseProfiles(ctx context.Context, conn db.DBTX, tenantID int64, now time.Time) ([]Profile, error) {
	rows, err := db.New(conn).HouseProfileList(ctx, tenantID)
	if err != nil {
		return nil, fmt.Errorf("house profiles of tenant %d: %w", tenantID, err)
	}
	prefix := cdnPrefix(ctx)
	out := make([]Profile, len(rows))
	for i, r := range rows {
		out[i] = fromRow(db.Profile{
			ID: r.ID, Pool: r.Pool, Name: r.Name, Gender: r.Gender, Seeking: r.Seeking, Sexuality: r.Sexuality,
			DateOfBirth: r.DateOfBirth, Country: r.Country, Region: r.Region, City: r.City, Interests: r.Interests,
			HairColor: r.HairColor, EyeColor: r.EyeColor, BodyType: r.BodyType, RelationshipStatus: r.RelationshipStatus,
			Tattoos: r.Tattoos, AboutMe: r.AboutMe, Status: r.Status, Invisible: r.Invisible, LastActiveAt: r.LastActiveAt,
		}, now)
		if r.PhotoID != 0 {
			img := imageOf(db.Photo{ID: r.PhotoID, ProfileID: r.ID, Filename: r.PhotoFilename, ThumbFilename: r.PhotoThumb,
				Status: PhotoActive, Width: r.PhotoWidth, Height: r.PhotoHeight}, prefix)
			out[i].MainImage = &img
		}
	}
	return out, nil
}

// houseRow locks the tenant's house profile id in conn's transaction.
func houseRow(ctx context.Context, conn db.DBTX, tenantID, id int64) (db.Profile, error) {
	row, err := db.New(conn).HouseProfileOfTenant(ctx, db.HouseProfileOfTenantParams{TenantID: tenantID, ID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Profile{}, ErrNotFound
	}
	if err != nil {
		return db.Profile{}, fmt.Errorf("house profile %d: %w", id, err)
	}
	return row, nil
}

// HouseProfile is the tenant's house profile id with all its photos.
func HouseProfile(ctx context.Context, conn db.DBTX, tenantID, id int64, now time.Time) (Profile, error) {
	if _, err := houseRow(ctx, conn, tenantID, id); err != nil {
		return Profile{}, err
	}
	return Own(ctx, conn, id, now)
}

// houseUpdate is what the console may change of a house profile: every
// field of a member's profile but invisible mode (a house profile is there
// to be written to).
func houseUpdate(u Update) Update {
	u.Invisible = nil
	return u
}

// CreateHouse inserts the profile of the house member id (made by the
// accounts area in tx) in t's pool, shown at once. Name, gender, date of
// birth and country are required; seeking defaults to the other gender.
func CreateHouse(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, u Update, now time.Time) (Profile, error) {
	u = houseUpdate(u)
	v := &validator{now: now}
	for _, f := range []struct {
		name    string
		missing bool
	}{
		{"name", u.Name == nil || *u.Name == ""}, {"gender", u.Gender == nil || *u.Gender == ""},
		{"date_of_birth", u.DateOfBirth == nil || *u.DateOfBirth == ""}, {"country", u.Country == nil || *u.Country == ""},
	} {
		if f.missing {
			v.fail(f.name, "field_required", f.name+" is required.", nil)
		}
	}
	row := db.Profile{ID: id, Sexuality: "hetero", Interests: []int16{}}
	if u.Gender != nil && u.Seeking == nil {
		row.Seeking = map[string]string{"male": "female", "female": "male"}[*u.Gender]
	}
	q := db.New(tx)
	p, err := apply(ctx, q, t, row, "", u, v)
	if err != nil {
		return Profile{}, err
	}
	err = q.HouseProfileInsert(ctx, db.HouseProfileInsertParams{
		ID: id, Pool: t.ProfilePool, Name: p.Name, Gender: p.Gender, Seeking: p.Seeking, Sexuality: p.Sexuality,
		DateOfBirth: p.DateOfBirth, Country: p.Country, Region: p.Region, City: p.City, Interests: p.Interests,
		HairColor: p.HairColor, EyeColor: p.EyeColor, BodyType: p.BodyType, RelationshipStatus: p.RelationshipStatus,
		Tattoos: p.Tattoos, AboutMe: p.AboutMe, Now: now, Latitude: p.Latitude, Longitude: p.Longitude,
	})
	if err != nil {
		return Profile{}, fmt.Errorf("insert house profile %d: %w", id, err)
	}
	return Own(ctx, tx, id, now)
}

// UpdateHouse applies u to the tenant's house profile id in tx after
// checking every field like a member's own update, and answers the profile
// before and after.
func UpdateHouse(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, u Update, now time.Time) (Profile, Profile, error) {
	row, err := houseRow(ctx, tx, t.ID, id)
	if err != nil {
		return Profile{}, Profile{}, err
	}
	before, err := Own(ctx, tx, id, now)
	if err != nil {
		return Profile{}, Profile{}, err
	}
	q := db.New(tx)
	p, err := apply(ctx, q, t, row, "", houseUpdate(u), &validator{now: now})
	if err != nil {
		return Profile{}, Profile{}, err
	}
	if err := q.ProfileUpdate(ctx, p); err != nil {
		return Profile{}, Profile{}, fmt.Errorf("update house profile %d: %w", id, err)
	}
	after, err := Own(ctx, tx, id, now)
	return before, after, err
}

// SetHouseStatus shows (active) or retires (hidden) the tenant's house
// profile id: a hidden one leaves search and its page and cannot be written
// to, its conversations stay. It answers the status before and after.
func SetHouseStatus(ctx context.Context, tx pgx.Tx, tenantID, id int64, status string, now time.Time) (string, string, error) {
	if !slices.Contains([]string{StatusActive, StatusHidden}, status) {
		return "", "", ErrHouseStatus
	}
	row, err := houseRow(ctx, tx, tenantID, id)
	if err != nil {
		return "", "", err
	}
	if err := SetStatus(ctx, tx, id, status, []string{row.Status}, now); err != nil {
		return "", "", err
	}
	return row.Status, status, nil
}

// AddHousePhoto adds a photo to the tenant's house profile id through the
// same pipeline as members' uploads (re-encoded, stored in the media
// store); staff photos need no moderation.
func (s *Service) AddHousePhoto(ctx context.Context, tenantID, id int64, upload []byte) (Image, error) {
	if _, err := houseRow(ctx, s.Pool, tenantID, id); err != nil {
		return Image{}, err
	}
	return s.AddPhoto(ctx, id, upload, false)
}

// DeleteHousePhoto removes a photo of the tenant's house profile id.
func (s *Service) DeleteHousePhoto(ctx context.Context, tenantID, id, photoID int64) error {
	if _, err := houseRow(ctx, s.Pool, tenantID, id); err != nil {
		return err
	}
	return s.DeletePhoto(ctx, id, photoID)
}

// ReadUpload reads the "photo" part of a multipart upload, no larger than
// the image pipeline takes.
func (s *Service) ReadUpload(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	maxBytes := s.Images.Limits.MaxBytes
	r.Body = http.MaxBytesReader(w, r.Body, int64(maxBytes)+multipartSlack)
	return readPhotoPart(r, maxBytes)
}
