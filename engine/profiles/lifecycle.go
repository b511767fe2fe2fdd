package profiles

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/media"
	"rendezvous/engine/profiles/internal/bulkdb"
	"rendezvous/engine/profiles/internal/db"
)

// The profile follows its account through its life: the accounts area
// creates it at signup and moves its status with the account's (shown when
// the address is confirmed, hidden while a deletion is pending), through
// these functions, in its own transactions.

// NewProfile is the profile a signup creates.
type NewProfile struct {
	ID          int64 // the member's id
	Pool        string
	Name        string
	Gender      string
	Seeking     string
	DateOfBirth time.Time
	Country     string
	Region      string
	City        string
}

// Create inserts a new member's profile in the signup transaction; it is
// disabled until the address is confirmed.
func Create(ctx context.Context, tx pgx.Tx, p NewProfile, now time.Time) error {
	lat, lon := located(p.ID, p.Country, p.Region, p.City)
	err := db.New(tx).ProfileInsert(ctx, db.ProfileInsertParams{
		ID: p.ID, Pool: p.Pool, Name: p.Name, Gender: p.Gender, Seeking: p.Seeking,
		DateOfBirth: pgtype.Date{Time: p.DateOfBirth, Valid: true}, Country: p.Country, Region: p.Region, City: p.City, Now: now,
		Latitude: lat, Longitude: lon,
	})
	if err != nil {
		return fmt.Errorf("insert profile %d: %w", p.ID, err)
	}
	return nil
}

// Profile statuses.
const (
	StatusActive   = "active"
	StatusDisabled = "disabled" // until the account's address is confirmed
	StatusHidden   = "hidden"   // while the account's deletion is pending
)

// SetStatus moves the profile to status to, only from one of from, so that
// confirming an address never shows a hidden (deletion-pending) profile.
func SetStatus(ctx context.Context, conn db.DBTX, id int64, to string, from []string, now time.Time) error {
	err := db.New(conn).ProfileSetStatus(ctx, db.ProfileSetStatusParams{ID: id, ToStatus: to, FromStatuses: from, Now: now})
	if err != nil {
		return fmt.Errorf("profile %d to %s: %w", id, to, err)
	}
	return nil
}

// SwitchDemo hides the active profiles of the demo's members (on false: a
// start without --demo, where nobody logs in to them and real members must
// not spend credits writing to them) or shows again those it hid (on true),
// and answers how many it switched.
func SwitchDemo(ctx context.Context, conn db.DBTX, on bool, now time.Time) (int64, error) {
	q := db.New(conn)
	var n int64
	var err error
	if on {
		n, err = q.ProfilesDemoShow(ctx, now)
	} else {
		n, err = q.ProfilesDemoHide(ctx, now)
	}
	if err != nil {
		return 0, fmt.Errorf("switch the demo's profiles (on: %v): %w", on, err)
	}
	return n, nil
}

// MarkActive records that the member was active now: search and the match
// finder rank by it.
func MarkActive(ctx context.Context, conn db.DBTX, id int64) error {
	if err := db.New(conn).ProfileActive(ctx, id); err != nil {
		return fmt.Errorf("mark profile %d active: %w", id, err)
	}
	return nil
}

// BulkProfile is a complete profile of bulk data (demo members, load
// tests), written by CopyProfiles.
type BulkProfile struct {
	ID                 int64
	Pool               string
	Name               string
	Gender             string
	Seeking            string
	Sexuality          string
	DateOfBirth        time.Time
	Country            string
	Region             string
	City               string
	Interests          []int16
	HairColor          string
	EyeColor           string
	BodyType           string
	RelationshipStatus string
	Tattoos            string
	AboutMe            string
	Status             string
	Invisible          bool
	LastActiveAt       time.Time
}

// CopyProfiles writes many profiles with COPY; their members exist in tx.
func CopyProfiles(ctx context.Context, tx pgx.Tx, profiles []BulkProfile) error {
	rows := make([]bulkdb.ProfileCopyParams, len(profiles))
	for i, p := range profiles {
		rows[i] = bulkdb.ProfileCopyParams{
			ID: p.ID, Pool: p.Pool, Name: p.Name, Gender: p.Gender, Seeking: p.Seeking, Sexuality: p.Sexuality,
			DateOfBirth: pgtype.Date{Time: p.DateOfBirth, Valid: true}, Country: p.Country, Region: p.Region, City: p.City,
			Interests: p.Interests, HairColor: p.HairColor, EyeColor: p.EyeColor, BodyType: p.BodyType,
			RelationshipStatus: p.RelationshipStatus, Tattoos: p.Tattoos, AboutMe: p.AboutMe, Status: p.Status,
			Invisible: p.Invisible, LastActiveAt: p.LastActiveAt,
		}
		rows[i].Latitude, rows[i].Longitude = located(p.ID, p.Country, p.Region, p.City)
	}
	if _, err := bulkdb.New(tx).ProfileCopy(ctx, rows); err != nil {
		return fmt.Errorf("copy %d profiles: %w", len(rows), err)
	}
	return nil
}

// BulkPhoto is a photo of bulk data whose blobs are in the store already;
// several may share blobs.
type BulkPhoto struct {
	ProfileID     int64
	Filename      string
	ThumbFilename string
	Status        string
	Position      int32
	Width         int32
	Height        int32
	// Reviewed marks a photo the brand's marketing may show (the demo's
	// drawn pictures): as if operators had reviewed it when it was written.
	Reviewed bool
}

// CopyPhotos writes many photos with COPY, each holding its blobs.
func CopyPhotos(ctx context.Context, tx pgx.Tx, photos []BulkPhoto) error {
	if len(photos) == 0 {
		return nil
	}
	q := bulkdb.New(tx)
	ids, err := q.PhotoIDsReserve(ctx, int32(len(photos)))
	if err != nil {
		return fmt.Errorf("reserve %d photo ids: %w", len(photos), err)
	}
	rows := make([]bulkdb.PhotoCopyParams, len(photos))
	refs := make([]media.Ref, 0, 2*len(photos))
	for i, p := range photos {
		rows[i] = bulkdb.PhotoCopyParams{ID: ids[i], ProfileID: p.ProfileID, Filename: p.Filename, ThumbFilename: p.ThumbFilename,
			Status: p.Status, Position: p.Position, Width: p.Width, Height: p.Height,
			ReviewedAt: pgtype.Timestamptz{Time: time.Now(), Valid: p.Reviewed}}
		h := photoHolder(ids[i])
		refs = append(refs, media.Ref{Key: p.Filename, Holder: h}, media.Ref{Key: p.ThumbFilename, Holder: h})
	}
	if _, err := q.PhotoCopy(ctx, rows); err != nil {
		return fmt.Errorf("copy %d photos: %w", len(rows), err)
	}
	return media.HoldAll(ctx, tx, refs)
}
