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

	"rendezvous/engine/media"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
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

// QueuedPhoto is a photo in the console's queue as its card shows it:
// whose it is (name, age, brand), when it came, and the owner's other
// photos to compare it with.
type QueuedPhoto struct {
	Image
	ProfileID   int64     `json:"profile_id"`
	ProfileName string    `json:"profile_name"`
	Age         *int      `json:"age"`
	Brand       string    `json:"brand"`
	CreatedAt   time.Time `json:"created_at"`
	OtherPhotos []Image   `json:"other_photos"`
}

// otherPhotosMax bounds the other photos a queue card shows.
const otherPhotosMax = 8

// MembersPhotos answers each member's photos (every status), in their
// order, for the moderation cards.
func MembersPhotos(ctx context.Context, conn db.DBTX, memberIDs []int64) (map[int64][]Image, error) {
	rows, err := db.New(conn).PhotosOfMembers(ctx, memberIDs)
	if err != nil {
		return nil, fmt.Errorf("photos of %d members: %w", len(memberIDs), err)
	}
	prefix := cdnPrefix(ctx)
	out := make(map[int64][]Image, len(memberIDs))
	for _, r := range rows {
		out[r.ProfileID] = append(out[r.ProfileID], imageOf(r, prefix))
	}
	return out, nil
}

// OtherThan is at most otherPhotosMax of photos, the one with id left out:
// what a moderation card shows beside the photo it is about.
func OtherThan(photos []Image, id int64) []Image {
	out := make([]Image, 0, min(len(photos), otherPhotosMax))
	for _, p := range photos {
		if p.ID != id && len(out) < otherPhotosMax {
			out = append(out, p)
		}
	}
	return out
}

// AgeOn is the age of a birth date on now, nil when it is not known.
func AgeOn(dob pgtype.Date, now time.Time) *int {
	if !dob.Valid {
		return nil
	}
	age := tenancy.Age(dob.Time, now)
	return &age
}

// PhotoQueue lists the photos of one status of tenantID's members, oldest
// first, after the photo afterID (0 from the start): pending ones are the
// queue of pre-moderated tenants, active ones what post-moderation may take
// down.
func PhotoQueue(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, status string, afterID int64, limit int, now time.Time) ([]QueuedPhoto, error) {
	tenantID := t.ID
	if !slices.Contains([]string{PhotoPending, PhotoActive, PhotoRejected}, status) {
		return nil, ErrPhotoStatus
	}
	rows, err := db.New(conn).PhotoQueue(ctx, db.PhotoQueueParams{TenantID: tenantID, Status: status, AfterID: afterID, MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("photo queue of tenant %d: %w", tenantID, err)
	}
	prefix := cdnPrefix(ctx)
	members := make([]int64, len(rows))
	for i, r := range rows {
		members[i] = r.ProfileID
	}
	photos, err := MembersPhotos(ctx, conn, members)
	if err != nil {
		return nil, err
	}
	out := make([]QueuedPhoto, len(rows))
	for i, r := range rows {
		img := imageOf(db.Photo{ID: r.ID, ProfileID: r.ProfileID, Filename: r.Filename, ThumbFilename: r.ThumbFilename,
			Status: r.Status, Width: r.Width, Height: r.Height, RejectReason: r.RejectReason}, prefix)
		out[i] = QueuedPhoto{Image: img, ProfileID: r.ProfileID, ProfileName: r.ProfileName, Age: AgeOn(r.ProfileDateOfBirth, now),
			Brand: t.Name, CreatedAt: r.CreatedAt, OtherPhotos: OtherThan(photos[r.ProfileID], r.ID)}
	}
	return out, nil
}

// ModeratePhoto is an operator's decision on a photo of one of tenantID's
// members: active approves it (others see it from now on), rejected rejects
// a pending photo or takes down an active one, with a reason its owner sees.
// It answers the photo before and after.
func ModeratePhoto(ctx context.Context, conn db.DBTX, tenantID, photoID int64, status, reason string) (Image, Image, error) {
	reason, err := DecisionReason(status, reason)
	if err != nil {
		return Image{}, Image{}, err
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

// DecisionReason checks an operator's decision on a photo (a profile's or
// one sent in chat): active approves it and needs no reason, rejected needs
// one the member is shown. It answers the reason to store.
func DecisionReason(status, reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	switch status {
	case PhotoActive:
		return "", nil
	case PhotoRejected:
		if reason == "" || utf8.RuneCountInString(reason) > RejectReasonMax || !utf8.ValidString(reason) {
			return "", ErrRejectReason
		}
		return reason, nil
	}
	return "", ErrPhotoStatus
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

// ReportedComplaint is a complaint in the console's list with what it is
// about: both members by name (ReporterName is the filing member's profile
// name, empty for a visitor, who gave Name), the profile's photo and the
// message reported, so a moderator decides without opening anything.
type ReportedComplaint struct {
	ComplaintRecord
	ReporterName string           `json:"reporter_name"`
	ProfileName  string           `json:"profile_name"`
	ProfileThumb string           `json:"profile_thumb_url"`
	Reported     *ReportedMessage `json:"reported_message"`
}

// ReportedMessage is the message a complaint reports, as it was sent.
type ReportedMessage struct {
	ID            int64     `json:"id"`
	SenderID      int64     `json:"sender_id"`
	Kind          string    `json:"kind"`
	Text          string    `json:"text"`
	PhotoThumbURL string    `json:"photo_thumb_url"`
	SentAt        time.Time `json:"sent_at"`
}

// TenantComplaints lists tenantID's complaints in status, newest first,
// older than beforeID (0 from the newest).
func TenantComplaints(ctx context.Context, conn db.DBTX, tenantID int64, status string, beforeID int64, limit int) ([]ReportedComplaint, error) {
	if !slices.Contains(ComplaintStatuses, status) {
		return nil, ErrComplaintStatus
	}
	q := db.New(conn)
	rows, err := q.ComplaintListByTenant(ctx, db.ComplaintListByTenantParams{
		TenantID: tenantID, Status: status, BeforeID: beforeID, MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("complaints of tenant %d: %w", tenantID, err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	about, err := q.ComplaintsReported(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("what complaints of tenant %d are about: %w", tenantID, err)
	}
	byID := make(map[int64]db.ComplaintsReportedRow, len(about))
	for _, a := range about {
		byID[a.ID] = a
	}
	prefix := cdnPrefix(ctx)
	out := make([]ReportedComplaint, len(rows))
	for i, r := range rows {
		a := byID[r.ID]
		out[i] = ReportedComplaint{ComplaintRecord: complaintRecordOf(r), ReporterName: a.ReporterName, ProfileName: a.ProfileName}
		if a.ProfileThumb != "" {
			out[i].ProfileThumb = media.URL(prefix, a.ProfileThumb)
		}
		if r.MessageID.Valid && a.MessageKind != "" {
			m := &ReportedMessage{ID: r.MessageID.Int64, SenderID: a.MessageSenderID, Kind: a.MessageKind, Text: a.MessageBody, SentAt: a.MessageCreatedAt.Time}
			if a.MessagePhotoThumb != "" {
				m.PhotoThumbURL = media.URL(prefix, a.MessagePhotoThumb)
			}
			out[i].Reported = m
		}
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
