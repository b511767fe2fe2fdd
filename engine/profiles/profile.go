// Package profiles owns members' public profiles: their fields, photos,
// search visibility, blocking and complaints.
package profiles

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/profiles/internal/db"
)

// ErrNotFound means no such profile.
var ErrNotFound = errors.New("profiles: not found")

// Image is a profile photo as SPEC.md section 3 describes main_image.
type Image struct {
	ID            int64  `json:"id"`
	Filename      string `json:"filename"`
	ThumbFilename string `json:"thumb_filename"`
	Status        string `json:"status"`
	// Match is the image path used by the match and auto-like popups.
	Match    string `json:"match"`
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
}

// Profile is a member's profile with every field of SPEC.md section 3.
type Profile struct {
	ID                 int64     `json:"id"`
	Name               string    `json:"name"`
	Age                int       `json:"age"`
	Gender             string    `json:"gender"`
	Seeking            string    `json:"seeking"`
	Sexuality          string    `json:"sexuality"`
	DateOfBirth        string    `json:"date_of_birth"`
	Country            string    `json:"country"`
	Region             string    `json:"region"`
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

// Own loads a member's own profile, every field included.
func Own(ctx context.Context, conn db.DBTX, id int64, now time.Time) (Profile, error) {
	row, err := db.New(conn).ProfileByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, fmt.Errorf("load profile %d: %w", id, err)
	}
	return fromRow(row, now), nil
}

func fromRow(r db.Profile, now time.Time) Profile {
	return Profile{
		ID: r.ID, Name: r.Name, Age: Age(r.DateOfBirth.Time, now), Gender: r.Gender, Seeking: r.Seeking,
		Sexuality: r.Sexuality, DateOfBirth: r.DateOfBirth.Time.Format(time.DateOnly), Country: r.Country,
		Region: r.Region, City: r.City, Interests: r.Interests, HairColor: r.HairColor, EyeColor: r.EyeColor,
		BodyType: r.BodyType, RelationshipStatus: r.RelationshipStatus, Tattoos: r.Tattoos, AboutMe: r.AboutMe,
		Status: r.Status, Invisible: r.Invisible, Photos: []Image{}, LastActiveAt: r.LastActiveAt,
	}
}

// Age is the age in whole years on now of someone born on dob.
func Age(dob, now time.Time) int {
	years := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		years--
	}
	return years
}
