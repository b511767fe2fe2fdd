package profiles

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
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
	// MessageID reports a chat message: one of a conversation of the
	// logged-in member's, sent by the other member. The complaint is then
	// about its sender, in the category message.
	MessageID int64 `json:"message_id"`
}

// Complaint is a stored complaint as its author sees it.
type Complaint struct {
	ID        int64     `json:"id"`
	Category  string    `json:"category"`
	ProfileID *int64    `json:"profile_id"`
	MessageID *int64    `json:"message_id"`
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
	if c.MessageID.Valid {
		id := c.MessageID.Int64
		out.MessageID = &id
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
		if in.MessageID != 0 {
			in.Category = "message"
		}
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
	var profile, message pgtype.Int8
	if in.MessageID != 0 {
		sender, err := reportedSender(ctx, q, tenantID, memberID, in.MessageID)
		switch {
		case err != nil:
			return Complaint{}, err
		case sender == 0:
			v.fail("message_id", "message_id_invalid", "This message is not one of your conversations.", nil)
		case sender == memberID:
			v.fail("message_id", "message_id_own", "You cannot report a message of your own.", nil)
		case in.ProfileID != 0 && in.ProfileID != sender:
			v.fail("profile_id", "profile_invalid", "This profile did not send the message.", nil)
		default:
			message = pgtype.Int8{Int64: in.MessageID, Valid: true}
			in.ProfileID = sender
		}
	}
	if in.ProfileID != 0 && !v.has("message_id") && !v.has("profile_id") {
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
		Category: in.Category, Name: name, Email: email, Message: msg, MessageID: message,
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

// reportedSender answers who sent the message a member reports, or 0 when
// it is not a message they see in a conversation of theirs (a visitor has
// none) as a member of the complaint's brand.
func reportedSender(ctx context.Context, q *db.Queries, tenantID, memberID, messageID int64) (int64, error) {
	if memberID == 0 || messageID < 0 {
		return 0, nil
	}
	m, err := q.ReportedMessage(ctx, db.ReportedMessageParams{ID: messageID, ReporterID: memberID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reported message %d: %w", messageID, err)
	}
	if m.PhotoStatus != "active" && m.SenderID != memberID {
		// A photo the reporter was never shown.
		return 0, nil
	}
	return m.SenderID, nil
}
