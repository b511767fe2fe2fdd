package membership

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"rendezvous/engine/membership/internal/db"
	"rendezvous/engine/platform/refusal"
)

// Staff notes: what one operator wants the next to know about a member (a
// phone call, a promise, a suspicion). Only the console shows them; each
// new note is audited with its text.

// NoteMax is the longest note.
const NoteMax = 2000

// ErrNoteText refuses an empty or too long note.
var ErrNoteText = refusal.New(refusal.Invalid, "note_text_invalid",
	fmt.Sprintf("Write a note of 1 to %d characters.", NoteMax))

// Note is one staff note on a member.
type Note struct {
	ID        int64     `json:"id"`
	MemberID  int64     `json:"member_id"`
	Text      string    `json:"text"`
	By        string    `json:"by"`
	CreatedAt time.Time `json:"created_at"`
}

// checkNote trims text and refuses it when empty, too long or not UTF-8.
func checkNote(text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" || !utf8.ValidString(text) || utf8.RuneCountInString(text) > NoteMax {
		return "", ErrNoteText
	}
	return text, nil
}

// addNote stores a note by staff member staffID (whose address is by) on
// member id; the caller checked the member is of the tenant.
func addNote(ctx context.Context, conn db.DBTX, id, staffID int64, by, text string, now time.Time) (Note, error) {
	text, err := checkNote(text)
	if err != nil {
		return Note{}, err
	}
	row, err := db.New(conn).NoteInsert(ctx, db.NoteInsertParams{MemberID: id, StaffID: staffID, Text: text, Now: now})
	if err != nil {
		return Note{}, fmt.Errorf("note on member %d: %w", id, err)
	}
	return Note{ID: row.ID, MemberID: id, Text: row.Text, By: by, CreatedAt: row.CreatedAt}, nil
}

// notesOf lists member id's notes, newest first (at most 200).
func notesOf(ctx context.Context, conn db.DBTX, id int64) ([]Note, error) {
	rows, err := db.New(conn).NotesOf(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("notes on member %d: %w", id, err)
	}
	out := make([]Note, len(rows))
	for i, r := range rows {
		out[i] = Note{ID: r.ID, MemberID: r.MemberID, Text: r.Text, By: r.StaffEmail, CreatedAt: r.CreatedAt}
	}
	return out, nil
}

// PurgeNotes erases a purged member's notes (the engine's purge job calls
// every area's purge in one transaction).
func PurgeNotes(ctx context.Context, conn db.DBTX, id int64) error {
	if err := db.New(conn).NotesPurge(ctx, id); err != nil {
		return fmt.Errorf("purge notes of %d: %w", id, err)
	}
	return nil
}
