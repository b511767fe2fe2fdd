package staff

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"slices"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff/internal/db"
)

// Languages are the console's languages: the catalogues the console web
// app ships (English, Dutch, German).
var Languages = []string{"en", "nl", "de"}

// ErrLanguageInvalid refuses a console language the console has no
// catalogue for.
var ErrLanguageInvalid = refusal.New(refusal.Invalid, "language_invalid", "The console is not available in this language.")

// SetLanguage sets the console's language of st's own account, with an
// audit row of the change.
func (s *Service) SetLanguage(ctx context.Context, st *Staff, language string, ip netip.Addr) (*Staff, error) {
	if !slices.Contains(Languages, language) {
		return nil, ErrLanguageInvalid
	}
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := staffForUpdate(ctx, q, st.ID)
		if err != nil {
			return err
		}
		if _, err := q.StaffSetLanguage(ctx, db.StaffSetLanguageParams{ID: st.ID, Language: language}); err != nil {
			return fmt.Errorf("set the console language of staff %d: %w", st.ID, err)
		}
		return record(ctx, q, Entry{By: st, Tenant: AllTenants, Action: "staff.language", IP: ip,
			Before: map[string]any{"id": st.ID, "language": before.Language},
			After:  map[string]any{"id": st.ID, "language": language}})
	})
	if err != nil {
		return nil, err
	}
	out := *st
	out.Language = language
	return &out, nil
}

// SetLanguage changes the logged-in staff member's console language (PUT
// /me/language) and answers them with their permissions, as /me does.
func (h Handlers) SetLanguage(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Language string `json:"language"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st, err := h.s.SetLanguage(r.Context(), CurrentStaff(r.Context()), body.Language, httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerStaff(w, r, st)
}
