package profiles

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// NoteMaxLength is how many characters a profile note may hold: enough for
// "what we talked about", not a diary.
const NoteMaxLength = 500

// Note refusals.
var (
	// ErrNotesOff refuses notes on a tenant without visible_profile_notes.
	ErrNotesOff = refusal.New(refusal.Forbidden, "notes_disabled", "Notes on profiles are not available on this site.")
	// ErrNoteTooLong refuses a note over NoteMaxLength characters.
	ErrNoteTooLong = refusal.New(refusal.Invalid, "note_too_long", "A note can be at most {max} characters long.")
)

// Note is a member's private note on another profile. Only its writer ever
// sees it, and only where the tenant sets visible_profile_notes.
type Note struct {
	Text      string    `json:"text"`
	UpdatedAt time.Time `json:"updated_at"`
}

// NoteOf is writer's note on profile; ok is false when they keep none or
// the tenant does not show notes. It does not check that the writer may
// see the profile: callers answer for a profile they already showed.
func NoteOf(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, writer, profile int64) (note Note, ok bool, err error) {
	if !t.Settings.VisibleProfileNotes || writer == profile {
		return Note{}, false, nil
	}
	row, err := db.New(conn).NoteGet(ctx, db.NoteGetParams{WriterID: writer, ProfileID: profile})
	if errors.Is(err, pgx.ErrNoRows) {
		return Note{}, false, nil
	}
	if err != nil {
		return Note{}, false, fmt.Errorf("note of %d on %d: %w", writer, profile, err)
	}
	return Note{Text: row.Body, UpdatedAt: row.UpdatedAt}, true, nil
}

// Note is writer's note on profile for the note call, refused like a save
// would be when the tenant has notes off or the profile is not one the
// writer may see; ok is false when they keep none.
func (s *Service) Note(ctx context.Context, t *tenancy.Tenant, writer, profile int64) (note Note, ok bool, err error) {
	if err := s.noteTarget(ctx, t, writer, profile); err != nil {
		return Note{}, false, err
	}
	return NoteOf(ctx, s.Pool, t, writer, profile)
}

// SaveNote keeps text as writer's note on profile; blank text deletes the
// note (ok is false then). Notes are kept only where the tenant shows them,
// only on active profiles of the tenant's pool that have not blocked the
// writer (a note on a member the writer blocked is still theirs to keep).
func (s *Service) SaveNote(ctx context.Context, t *tenancy.Tenant, writer, profile int64, text string) (note Note, ok bool, err error) {
	if err := s.noteTarget(ctx, t, writer, profile); err != nil {
		return Note{}, false, err
	}
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) > NoteMaxLength {
		return Note{}, false, ErrNoteTooLong.With(map[string]any{"max": NoteMaxLength})
	}
	q := db.New(s.Pool)
	if text == "" {
		if err := q.NoteDelete(ctx, db.NoteDeleteParams{WriterID: writer, ProfileID: profile}); err != nil {
			return Note{}, false, fmt.Errorf("delete note of %d on %d: %w", writer, profile, err)
		}
		return Note{}, false, nil
	}
	row, err := q.NoteUpsert(ctx, db.NoteUpsertParams{WriterID: writer, ProfileID: profile, Body: text})
	if err != nil {
		return Note{}, false, fmt.Errorf("save note of %d on %d: %w", writer, profile, err)
	}
	return Note{Text: row.Body, UpdatedAt: row.UpdatedAt}, true, nil
}

// noteTarget checks that writer may keep a note on profile on tenant t.
func (s *Service) noteTarget(ctx context.Context, t *tenancy.Tenant, writer, profile int64) error {
	if !t.Settings.VisibleProfileNotes {
		return ErrNotesOff
	}
	if writer == profile {
		return ErrSelf
	}
	q := db.New(s.Pool)
	p, err := q.ProfileByID(ctx, profile)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("load profile %d: %w", profile, err)
	}
	// Another pool's members do not exist for this tenant (404, as on
	// member.php), nor do inactive ones.
	if p.Pool != t.ProfilePool || p.Status != "active" {
		return ErrNotFound
	}
	b, err := q.BlockBetween(ctx, db.BlockBetweenParams{ViewerID: writer, OtherID: profile})
	if err != nil {
		return fmt.Errorf("blocks between %d and %d: %w", writer, profile, err)
	}
	if b.BlockedByOther {
		return Blocked(p.Name)
	}
	return nil
}
