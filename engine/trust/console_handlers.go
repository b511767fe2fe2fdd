package trust

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust/internal/db"
)

// Refusals of the flagged queue.
var (
	ErrFlagNotFound = refusal.New(refusal.NotFound, "flag_not_found", "This flag could not be found.")
	ErrFlagDecided  = refusal.New(refusal.Conflict, "flag_decided", "This flag was decided already.")
	ErrDecision     = refusal.New(refusal.Invalid, "decision_invalid", "The decision must be one of dismissed, warned, suspended or banned.")
)

// Decisions on a flag. Warn, suspend and ban are the member actions of the
// console, run first; the decision then closes the flag.
var Decisions = []string{"dismissed", "warned", "suspended", "banned"}

// ConsoleHandlers are the console's calls on the flagged queue: the open
// flags of a brand and their count, a flag's evidence (audited at every
// view) and the decision. The console's route table guards each.
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// Flag is one member in the flagged queue.
type Flag struct {
	ID        int64     `json:"id"`
	MemberID  int64     `json:"member_id"`
	Name      string    `json:"name"`
	Score     int       `json:"score"`
	Signals   []string  `json:"signals"`
	CreatedAt time.Time `json:"created_at"`
}

// Queue answers the brand's open flags, the highest score first, with the
// brand's trust settings the console shows beside them.
func (h ConsoleHandlers) Queue(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	rows, err := db.New(h.Service.Pool).FlagsOpen(r.Context(), t.ID)
	if err != nil {
		httpx.WriteError(w, r, fmt.Errorf("flags of %s: %w", t.Slug, err))
		return
	}
	set, err := SettingsOf(t)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]Flag, 0, len(rows))
	for _, f := range rows {
		kinds := f.Kinds
		if kinds == nil {
			kinds = []string{}
		}
		out = append(out, Flag{ID: f.ID, MemberID: f.MemberID, Name: f.Name, Score: int(f.Score), Signals: kinds, CreatedAt: f.CreatedAt})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"flags": out, "settings": set})
}

// Count answers how many flags of the brand wait for a decision.
func (h ConsoleHandlers) Count(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	n, err := OpenFlags(r.Context(), h.Service.Pool, t.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"open": n})
}

// OpenFlags counts the flags of a tenant that wait for a decision: the
// Flagged page's count and the Today page's flagged members.
func OpenFlags(ctx context.Context, conn db.DBTX, tenantID int64) (int64, error) {
	n, err := db.New(conn).FlagsOpenCount(ctx, tenantID)
	if err != nil {
		return 0, fmt.Errorf("open flags of tenant %d: %w", tenantID, err)
	}
	return int64(n), nil
}

// Evidence is what a flag rests on: its signals, only the messages they
// were seen in and the photo pairs.
type Evidence struct {
	Flag     Flag             `json:"flag"`
	Status   string           `json:"status"`
	Signals  []EvidenceSignal `json:"signals"`
	Messages []Message        `json:"messages"`
}

// EvidenceSignal is one signal with what it weighed and, for a photo
// match, both photos.
type EvidenceSignal struct {
	Kind      string    `json:"kind"`
	Weight    int       `json:"weight"`
	Messages  []int64   `json:"message_ids"`
	Photo     *Photo    `json:"photo,omitempty"`
	Match     *Photo    `json:"match,omitempty"`
	Distance  *int      `json:"distance,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Photo is one side of a photo match: whose it is, on which brand.
type Photo struct {
	MemberID   int64     `json:"member_id"`
	Name       string    `json:"name"`
	Tenant     string    `json:"tenant"`
	URL        string    `json:"url"`
	Source     string    `json:"source"`
	Banned     bool      `json:"banned"`
	UploadedAt time.Time `json:"uploaded_at"`
}

// Message is a flagged message: its text and to whom, nothing else of the
// conversation.
type Message struct {
	ID            int64     `json:"id"`
	Kind          string    `json:"kind"`
	Body          string    `json:"body"`
	RecipientID   int64     `json:"recipient_id"`
	RecipientName string    `json:"recipient_name"`
	SentAt        time.Time `json:"sent_at"`
}

// Evidence answers a flag's evidence, and records the view in the audit
// log in the same transaction: a moderator's reading of members' messages
// is always on record.
func (h ConsoleHandlers) Evidence(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "flag")
	if !ok {
		httpx.WriteError(w, r, ErrFlagNotFound)
		return
	}
	var ev Evidence
	_, err := h.Staff.Act(r, t, "flag.view", func(tx pgx.Tx) (any, any, error) {
		var err error
		if ev, err = h.Service.evidence(r.Context(), tx, t, id); err != nil {
			return nil, nil, err
		}
		return nil, map[string]any{"flag": id, "member": ev.Flag.MemberID, "messages": messageIDs(ev.Messages)}, nil
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, ev)
}

func messageIDs(list []Message) []int64 {
	out := make([]int64, 0, len(list))
	for _, m := range list {
		out = append(out, m.ID)
	}
	return out
}

// evidence reads flag id of tenant t with its signals, their messages and
// photos.
func (s *Service) evidence(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, id int64) (Evidence, error) {
	q := db.New(conn)
	f, err := q.FlagOf(ctx, db.FlagOfParams{ID: id, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Evidence{}, ErrFlagNotFound
	}
	if err != nil {
		return Evidence{}, fmt.Errorf("flag %d: %w", id, err)
	}
	sigs, err := q.SignalsOfFlag(ctx, pgtype.Int8{Int64: id, Valid: true})
	if err != nil {
		return Evidence{}, fmt.Errorf("signals of flag %d: %w", id, err)
	}
	var msgIDs, photoIDs []int64
	kinds := []string{}
	for _, sg := range sigs {
		msgIDs = append(msgIDs, sg.MessageIds...)
		if sg.PhotoHashID.Valid {
			photoIDs = append(photoIDs, sg.PhotoHashID.Int64, sg.MatchHashID.Int64)
		}
		if !slices.Contains(kinds, sg.Kind) {
			kinds = append(kinds, sg.Kind)
		}
	}
	slices.Sort(kinds)
	slices.Sort(msgIDs)
	msgIDs = slices.Compact(msgIDs)
	photos := map[int64]*Photo{}
	if len(photoIDs) > 0 {
		rows, err := q.PhotoHashesByID(ctx, photoIDs)
		if err != nil {
			return Evidence{}, fmt.Errorf("photos of flag %d: %w", id, err)
		}
		for _, p := range rows {
			prefix := ""
			if pt, err := s.Tenants.ByID(ctx, p.TenantID); err == nil {
				prefix = pt.Settings.CDNPrefix
			}
			photos[p.ID] = &Photo{MemberID: p.MemberID, Name: p.Name, Tenant: p.Tenant, URL: media.URL(prefix, p.Filename),
				Source: p.Source, Banned: p.Banned, UploadedAt: p.CreatedAt}
		}
	}
	ev := Evidence{Flag: Flag{ID: f.ID, MemberID: f.MemberID, Name: f.Name, Score: int(f.Score), Signals: kinds, CreatedAt: f.CreatedAt},
		Status: f.Status, Signals: []EvidenceSignal{}, Messages: []Message{}}
	for _, sg := range sigs {
		e := EvidenceSignal{Kind: sg.Kind, Weight: int(sg.Weight), Messages: sg.MessageIds, CreatedAt: sg.CreatedAt}
		if sg.PhotoHashID.Valid {
			e.Photo, e.Match = photos[sg.PhotoHashID.Int64], photos[sg.MatchHashID.Int64]
			d := int(sg.Distance.Int32)
			e.Distance = &d
		}
		ev.Signals = append(ev.Signals, e)
	}
	if len(msgIDs) > 0 {
		rows, err := q.MessagesByID(ctx, msgIDs)
		if err != nil {
			return Evidence{}, fmt.Errorf("messages of flag %d: %w", id, err)
		}
		for _, m := range rows {
			ev.Messages = append(ev.Messages, Message{ID: m.ID, Kind: m.Kind, Body: m.Body, RecipientID: m.RecipientID,
				RecipientName: m.RecipientName, SentAt: m.CreatedAt})
		}
	}
	return ev, nil
}

// Decide closes a flag with the operator's decision: dismissed, or the
// member action (warn, suspend, ban) the console ran before. The member's
// later signals count from zero again.
func (h ConsoleHandlers) Decide(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Decision string `json:"decision"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if !slices.Contains(Decisions, body.Decision) {
		httpx.WriteError(w, r, ErrDecision)
		return
	}
	id, ok := staff.PathID(r, "flag")
	if !ok {
		httpx.WriteError(w, r, ErrFlagNotFound)
		return
	}
	out, err := h.Staff.Act(r, t, "flag.decide", func(tx pgx.Tx) (any, any, error) {
		q := db.New(tx)
		p := db.FlagDecideParams{Status: body.Decision, ID: id, TenantID: t.ID}
		if st := staff.CurrentStaff(r.Context()); st != nil {
			p.DecidedBy = pgtype.Int8{Int64: st.ID, Valid: true}
		}
		row, err := q.FlagDecide(r.Context(), p)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := q.FlagOf(r.Context(), db.FlagOfParams{ID: id, TenantID: t.ID}); errors.Is(err, pgx.ErrNoRows) {
				return nil, nil, ErrFlagNotFound
			}
			return nil, nil, ErrFlagDecided
		}
		if err != nil {
			return nil, nil, fmt.Errorf("decide flag %d: %w", id, err)
		}
		return map[string]any{"flag": id, "status": "open"},
			map[string]any{"flag": id, "member": row.MemberID, "score": row.Score, "status": body.Decision}, nil
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
