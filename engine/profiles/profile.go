package profiles

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/geo"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// ErrNotFound means no such profile, or none the viewer may know of.
var ErrNotFound = refusal.New(refusal.NotFound, "profile_not_found", "This page could not be found")

// Photo statuses.
const (
	PhotoActive   = "active"
	PhotoPending  = "pending"
	PhotoRejected = "rejected"
)

// Image is a profile photo as main_image carries it: the stored and
// thumbnail file names, its status and the match path.
type Image struct {
	ID            int64  `json:"id"`
	Filename      string `json:"filename"`
	ThumbFilename string `json:"thumb_filename"`
	Status        string `json:"status"`
	// Match is the image path used by the match and auto-like popups.
	Match    string `json:"match"`
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	// RejectReason is why operators rejected or took down the photo; only
	// its owner sees rejected photos.
	RejectReason string `json:"reject_reason,omitempty"`
}

// Profile is a member's profile with every field, as its owner sees it.
type Profile struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Age         int    `json:"age"`
	Gender      string `json:"gender"`
	Seeking     string `json:"seeking"`
	Sexuality   string `json:"sexuality"`
	DateOfBirth string `json:"date_of_birth"`
	Country     string `json:"country"`
	// Region is the ISO 3166-2 code (NL-NH); RegionName its name.
	Region             string    `json:"region"`
	RegionName         string    `json:"region_name"`
	City               string    `json:"city"`
	Interests          []int16   `json:"interests"`
	HairColor          string    `json:"hair_color"`
	EyeColor           string    `json:"eye_color"`
	BodyType           string    `json:"body_type"`
	RelationshipStatus string    `json:"relationship_status"`
	Tattoos            string    `json:"tattoos"`
	AboutMe            string    `json:"about_me"`
	Status             string    `json:"status"`
	Invisible          bool      `json:"invisible"`
	MainImage          *Image    `json:"main_image"`
	Photos             []Image   `json:"photos"`
	LastActiveAt       time.Time `json:"last_active_at"`
}

// Own loads a member's own profile, every field included, with all their
// photos (pending and rejected ones too, so they see their status), its
// region named in the request's site language as the profile form's region
// list names it.
func Own(ctx context.Context, conn db.DBTX, id int64, now time.Time) (Profile, error) {
	q := db.New(conn)
	row, err := q.ProfileByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, fmt.Errorf("load profile %d: %w", id, err)
	}
	photos, err := q.PhotoListByProfile(ctx, id)
	if err != nil {
		return Profile{}, fmt.Errorf("load photos of %d: %w", id, err)
	}
	p := fromRow(row, now)
	p.RegionName = regionName(p.Country, p.Region, tenancy.LanguageFrom(ctx))
	prefix := cdnPrefix(ctx)
	p.Photos = images(photos, prefix)
	p.MainImage = mainImage(photos, prefix)
	return p, nil
}

func fromRow(r db.Profile, now time.Time) Profile {
	return Profile{
		ID: r.ID, Name: r.Name, Age: tenancy.Age(r.DateOfBirth.Time, now), Gender: r.Gender, Seeking: r.Seeking,
		Sexuality: r.Sexuality, DateOfBirth: r.DateOfBirth.Time.Format(time.DateOnly), Country: r.Country,
		Region: r.Region, RegionName: regionName(r.Country, r.Region, ""), City: r.City, Interests: r.Interests,
		HairColor: r.HairColor, EyeColor: r.EyeColor, BodyType: r.BodyType, RelationshipStatus: r.RelationshipStatus,
		Tattoos: r.Tattoos, AboutMe: r.AboutMe, Status: r.Status, Invisible: r.Invisible, Photos: []Image{},
		LastActiveAt: r.LastActiveAt,
	}
}

// cdnPrefix is the request's tenant's cdn_prefix ("" serves photos from the
// engine's own host).
func cdnPrefix(ctx context.Context) string {
	if t := tenancy.FromContext(ctx); t != nil {
		return t.Settings.CDNPrefix
	}
	return ""
}

func imageOf(p db.Photo, prefix string) Image {
	url := media.URL(prefix, p.Filename)
	return Image{
		ID: p.ID, Filename: p.Filename, ThumbFilename: p.ThumbFilename, Status: p.Status,
		Match: url, URL: url, ThumbURL: media.URL(prefix, p.ThumbFilename), Width: int(p.Width), Height: int(p.Height),
		RejectReason: p.RejectReason,
	}
}

func images(photos []db.Photo, prefix string) []Image {
	out := make([]Image, len(photos))
	for i, p := range photos {
		out[i] = imageOf(p, prefix)
	}
	return out
}

// mainImage is the first active photo in the member's order, or nil: a
// pending photo never becomes what others see first.
func mainImage(photos []db.Photo, prefix string) *Image {
	for _, p := range photos {
		if p.Status == PhotoActive {
			img := imageOf(p, prefix)
			return &img
		}
	}
	return nil
}

// regionName is the region's name in the site language lang (geo.PlaceName),
// or as the data has it when lang is "".
func regionName(country, code, lang string) string {
	if code == "" {
		return ""
	}
	list, err := geo.Regions(country)
	if err != nil {
		return ""
	}
	for _, r := range list.Items {
		if r.Code == code {
			if lang != "" {
				return geo.PlaceName(country, r.Name, lang)
			}
			return r.Name
		}
	}
	return ""
}
