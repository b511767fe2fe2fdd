package profiles

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
)

// Moderation of photos and complaints, for the operators' console (its
// handlers are in console_handlers.go). Every function works on one
// tenant's members only, so a staff member of one tenant can never touch
// another tenant's photos by id.

// Moderation refusals.
var (
	ErrPhotoStatus = refusal.New(refusal.Invalid, "photo_status_invalid",
		"status must be one of: pending, active, rejected.")
	ErrRejectReason = refusal.New(refusal.Invalid, "reject_reason_invalid",
		fmt.Sprintf("Give the member a reason of 1 to %d characters.", RejectReasonMax))
	ErrComplaintNotFound = refusal.New(refusal.NotFound, "complaint_not_found", "This complaint could not be found.")
	ErrComplaintStatus   = refusal.New(refusal.Invalid, "complaint_status_invalid",
		"status must be one of: open, in_progress, resolved.")
)

// RejectReasonMax is the longest reason a rejected photo carries.
const RejectReasonMax = 500

// Complaint states, in the order operators move them.
const (
	ComplaintOpen       = "open"
	ComplaintInProgress = "in_progress"
	ComplaintResolved   = "resolved"
)

// ComplaintStatuses are the states a complaint may be in.
var ComplaintStatuses = []string{ComplaintOpen, ComplaintInProgress, ComplaintResolved}

// QueuedPhoto is a photo in the console's queue, with whose it is.
type QueuedPhoto struct {
	Image
	ProfileID   int64     `json:"profile_id"`
	ProfileName string    `json:"profile_name"`
	CreatedAt   time.Time `json:"created_at"`
}

// PhotoQueue lists the photos of one status of tenantID's members, oldest
// first, after the photo afterID (0 from the start): pending ones are the
// queue of pre-moderated tenants, active ones what post-moderation may take
// down.
func PhotoQueue(ctx context.Context, conn db.DBTX, tenantID int64, status string, afterID int64, limit int) ([]QueuedPhoto, error) {
	if !slices.Contains([]string{PhotoPending, PhotoActive, PhotoRejected}, status) {
		return nil, ErrPhotoStatus
	}
	rows, err := db.New(conn).PhotoQueue(ctx, db.PhotoQueueParams{TenantID: tenantID, Status: status, AfterID: afterID, MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("photo queue of tenant %d: %w", tenantID, err)
	}
	prefix := cdnPrefix(ctx)
	out := make([]QueuedPhoto, len(rows))
	for i, r := range rows {
		img := imageOf(db.Photo{ID: r.ID, ProfileID: r.ProfileID, Filename: r.Filename, ThumbFilename: r.ThumbFilename,
			Status: r.Status, Width: r.Width, Height: r.Height, RejectReason: r.RejectReason}, prefix)
		out[i] = QueuedPhoto{Image: img, ProfileID: r.ProfileID, ProfileName: r.ProfileName, CreatedAt: r.CreatedAt}
	}
	return out, nil
}

// ModeratePhoto is an operator's decision on a photo of one of tenantID's
// members: active approves it (others see it from now on), rejected rejects
// a pending photo or takes down an active one, with a reason its owner sees.
// It answers the photo before and after.
func ModeratePhoto(ctx context.Context, conn db.DBTX, tenantID, photoID int64, status, reason string) (Image, Image, error) {
	reason = strings.TrimSpace(reason)
	switch status {
	case PhotoActive:
		reason = ""
	case PhotoRejected:
		if reason == "" || utf8.RuneCountInString(reason) > RejectReasonMax || !utf8.ValidString(reason) {
			return Image{}, Image{}, ErrRejectReason
		}
	default:
		return Image{}, Image{}, ErrPhotoStatus
	}
	q := db.New(conn)
	before, err := q.PhotoOfTenant(ctx, db.PhotoOfTenantParams{ID: photoID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Image{}, Image{}, ErrPhotoNotFound
	}
	if err != nil {
		return Image{}, Image{}, fmt.Errorf("photo %d: %w", photoID, err)
	}
	after, err := q.PhotoModerate(ctx, db.PhotoModerateParams{ID: photoID, TenantID: tenantID, Status: status, RejectReason: reason})
	if err != nil {
		return Image{}, Image{}, fmt.Errorf("moderate photo %d: %w", photoID, err)
	}
	prefix := cdnPrefix(ctx)
	return imageOf(before, prefix), imageOf(after, prefix), nil
}

// ComplaintRecord is a complaint as operators see it: who filed it and how
// to answer them.
type ComplaintRecord struct {
	Complaint
	MemberID  *int64    `json:"member_id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	UpdatedAt time.Time `json:"updated_at"`
}

func complaintRecordOf(c db.Complaint) ComplaintRecord {
	out := ComplaintRecord{Complaint: complaintOf(c), Name: c.Name, Email: c.Email, UpdatedAt: c.UpdatedAt}
	if c.MemberID.Valid {
		id := c.MemberID.Int64
		out.MemberID = &id
	}
	return out
}

// TenantComplaints lists tenantID's complaints in status, newest first,
// older than beforeID (0 from the newest).
func TenantComplaints(ctx context.Context, conn db.DBTX, tenantID int64, status string, beforeID int64, limit int) ([]ComplaintRecord, error) {
	if !slices.Contains(ComplaintStatuses, status) {
		return nil, ErrComplaintStatus
	}
	rows, err := db.New(conn).ComplaintListByTenant(ctx, db.ComplaintListByTenantParams{
		TenantID: tenantID, Status: status, BeforeID: beforeID, MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("complaints of tenant %d: %w", tenantID, err)
	}
	out := make([]ComplaintRecord, len(rows))
	for i, r := range rows {
		out[i] = complaintRecordOf(r)
	}
	return out, nil
}

// TenantComplaint is one of tenantID's complaints.
func TenantComplaint(ctx context.Context, conn db.DBTX, tenantID, id int64) (ComplaintRecord, error) {
	row, err := db.New(conn).ComplaintOfTenant(ctx, db.ComplaintOfTenantParams{ID: id, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return ComplaintRecord{}, ErrComplaintNotFound
	}
	if err != nil {
		return ComplaintRecord{}, fmt.Errorf("complaint %d: %w", id, err)
	}
	return complaintRecordOf(row), nil
}

// SetComplaintStatus moves one of tenantID's complaints to status and
// answers it before and after.
func SetComplaintStatus(ctx context.Context, conn db.DBTX, tenantID, id int64, status string, now time.Time) (ComplaintRecord, ComplaintRecord, error) {
	if !slices.Contains(ComplaintStatuses, status) {
		return ComplaintRecord{}, ComplaintRecord{}, ErrComplaintStatus
	}
	before, err := TenantComplaint(ctx, conn, tenantID, id)
	if err != nil {
		return ComplaintRecord{}, ComplaintRecord{}, err
	}
	row, err := db.New(conn).ComplaintSetStatus(ctx, db.ComplaintSetStatusParams{ID: id, TenantID: tenantID, Status: status, Now: now})
	if err != nil {
		return ComplaintRecord{}, ComplaintRecord{}, fmt.Errorf("complaint %d to %s: %w", id, status, err)
	}
	return before, complaintRecordOf(row), nil
}

// PhotosOf lists a member's photos in their order, every status, for the
// console (the caller checked the member is of its tenant).
func PhotosOf(ctx context.Context, conn db.DBTX, memberID int64) ([]Image, error) {
	rows, err := db.New(conn).PhotoListByProfile(ctx, memberID)
	if err != nil {
		return nil, fmt.Errorf("photos of %d: %w", memberID, err)
	}
	return images(rows, cdnPrefix(ctx)), nil
}

// ComplaintsOfMember lists tenantID's complaints filed by member id or
// about their profile, newest first (at most 100).
func ComplaintsOfMember(ctx context.Context, conn db.DBTX, tenantID, id int64) ([]ComplaintRecord, error) {
	rows, err := db.New(conn).ComplaintsByOrAbout(ctx, db.ComplaintsByOrAboutParams{TenantID: tenantID, MemberID: pgtype.Int8{Int64: id, Valid: true}})
	if err != nil {
		return nil, fmt.Errorf("complaints of member %d: %w", id, err)
	}
	out := make([]ComplaintRecord, len(rows))
	for i, r := range rows {
		out[i] = complaintRecordOf(r)
	}
	return out, nil
}
