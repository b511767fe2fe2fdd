package profiles

import (
	"context"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/profiles/internal/db"
)

// ComplaintCategories are what a complaint may be about.
var ComplaintCategories = []string{"profile", "photo", "message", "payment", "privacy", "other"}

// Complaint lengths.
const (
	ComplaintMessageMin = 10
	ComplaintMessageMax = 5000
)

// ComplaintInput is a POST /api/complaints.php body. Logged-in members may
// leave out email (their account's is used); visitors must give it.
type ComplaintInput struct {
	Category  string `json:"category"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Message   string `json:"message"`
	ProfileID int64  `json:"profile_id"`
}

// Complaint is a stored complaint as its author sees it.
type Complaint struct {
	ID        int64     `json:"id"`
	Category  string    `json:"category"`
	ProfileID *int64    `json:"profile_id"`
	Message   string    `json:"message"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

func complaintOf(c db.Complaint) Complaint {
	out := Complaint{ID: c.ID, Category: c.Category, Message: c.Message, Status: c.Status, CreatedAt: c.CreatedAt}
	if c.ProfileID.Valid {
		id := c.ProfileID.Int64
		out.ProfileID = &id
	}
	return out
}

// FileComplaint stores a complaint for the operators of tenantID. memberID
// is 0 for a logged-out visitor. A named profile must be one of the
// tenant's pool.
func FileComplaint(ctx context.Context, conn db.DBTX, tenantID int64, pool string, memberID int64, in ComplaintInput) (Complaint, error) {
	q := db.New(conn)
	v := validator{}
	if in.Category == "" {
		in.Category = "other"
	}
	if !slices.Contains(ComplaintCategories, in.Category) {
		v.fail("category", "category_invalid", "category must be one of: "+strings.Join(ComplaintCategories, ", ")+".",
			map[string]any{"allowed": ComplaintCategories})
	}
	email := strings.TrimSpace(in.Email)
	if email == "" && memberID != 0 {
		e, err := q.MemberEmail(ctx, memberID)
		if err != nil {
			return Complaint{}, fmt.Errorf("load member %d: %w", memberID, err)
		}
		email = e
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		v.fail("email", "email_invalid", "Invalid email", nil)
	}
	name := v.text("name", "name_length", "name_invalid", in.Name, 100, false, "")
	msg := v.text("message", "message_too_long", "message_invalid", in.Message, ComplaintMessageMax, true, "")
	if utf8.RuneCountInString(msg) < ComplaintMessageMin && !v.has("message") {
		v.fail("message", "message_too_short", fmt.Sprintf("Please describe your complaint in at least %d characters.", ComplaintMessageMin),
			map[string]any{"min": ComplaintMessageMin})
	}
	var profile pgtype.Int8
	if in.ProfileID != 0 {
		p, err := q.ProfileByID(ctx, in.ProfileID)
		if err != nil || p.Pool != pool {
			v.fail("profile_id", "profile_invalid", "This profile does not exist.", nil)
		} else {
			profile = pgtype.Int8{Int64: p.ID, Valid: true}
		}
	}
	if len(v.errs) > 0 {
		return Complaint{}, invalidFields(v.errs)
	}
	row, err := q.ComplaintInsert(ctx, db.ComplaintInsertParams{
		TenantID: tenantID, MemberID: pgtype.Int8{Int64: memberID, Valid: memberID != 0}, ProfileID: profile,
		Category: in.Category, Name: name, Email: email, Message: msg,
	})
	if err != nil {
		return Complaint{}, fmt.Errorf("store complaint: %w", err)
	}
	return complaintOf(row), nil
}

// OwnComplaints lists the member's latest complaints.
func OwnComplaints(ctx context.Context, conn db.DBTX, memberID int64) ([]Complaint, error) {
	rows, err := db.New(conn).ComplaintListByMember(ctx, pgtype.Int8{Int64: memberID, Valid: true})
	if err != nil {
		return nil, fmt.Errorf("complaints of %d: %w", memberID, err)
	}
	out := make([]Complaint, len(rows))
	for i, r := range rows {
		out[i] = complaintOf(r)
	}
	return out, nil
}
