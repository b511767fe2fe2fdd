package notifications

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/notifications/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// Inserter queues jobs in the caller's transaction (the River client).
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// ConsoleHandlers are the console's campaign calls: the audience a
// campaign would reach and how far it got, and sending one, by the same
// rules as the notify command (the members who take the type, each once
// per key, outside the brand's quiet hours). The route table guards them.
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// CampaignState is how far a campaign of a brand got: Sent members had it,
// Audience would still get it (at most: a member past the day's cap of the
// type is skipped). Before it is sent, Audience is the preview.
type CampaignState struct {
	Type     string `json:"type"`
	Key      string `json:"key"`
	Audience int64  `json:"audience"`
	Sent     int64  `json:"sent"`
	// Language is the brand's: the message goes out as written, in the
	// mail around it in each member's language.
	Language string `json:"language"`
	// StartsAt is when the campaign starts going out: now, or the end of
	// the brand's quiet hours.
	StartsAt time.Time `json:"starts_at"`
}

// state counts campaign c's audience and mails on t.
func (s *Service) state(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, c CampaignArgs) (CampaignState, error) {
	q := db.New(conn)
	key := "campaign:" + c.Key
	audience, err := q.CampaignAudience(ctx, db.CampaignAudienceParams{TenantID: t.ID, Type: c.Type, Key: key})
	if err != nil {
		return CampaignState{}, fmt.Errorf("audience of campaign %s on %s: %w", c.Key, t.Slug, err)
	}
	sent, err := q.CampaignSent(ctx, db.CampaignSentParams{TenantID: t.ID, Type: c.Type, Key: key})
	if err != nil {
		return CampaignState{}, fmt.Errorf("mails of campaign %s on %s: %w", c.Key, t.Slug, err)
	}
	now := s.now()
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	language := ""
	if len(t.Locales) > 0 {
		language = t.Locales[0]
	}
	return CampaignState{Type: c.Type, Key: c.Key, Audience: audience, Sent: sent, Language: language,
		StartsAt: now.Add(s.Quiet.Wait(now.In(loc))).UTC()}, nil
}

// Campaign answers GET /tenants/{tenant}/campaigns?type=&key=: how many
// members the campaign would reach now and how many had it already. A key
// not sent yet previews the whole audience of the type.
func (h ConsoleHandlers) Campaign(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	c := CampaignArgs{TenantID: t.ID, Type: r.URL.Query().Get("type"), Key: r.URL.Query().Get("key"), Text: "preview"}
	// No key yet: the type's whole audience (no mail is logged without a key).
	probe := c
	if probe.Key == "" {
		probe.Key = "preview"
	}
	if err := probe.Check(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st, err := h.Service.state(r.Context(), h.Service.Pool, t, c)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, st)
}

// SendCampaign answers POST /tenants/{tenant}/campaigns {type, key, text,
// path}: queues the campaign job the notify command queues, audited with
// the message and the audience it had. A key queued while its job still
// waits or runs is the same job (already_queued); a key sent before
// reaches only the members who did not have it.
func (h ConsoleHandlers) SendCampaign(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var in struct {
		Type string `json:"type"`
		Key  string `json:"key"`
		Text string `json:"text"`
		Path string `json:"path"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	c := CampaignArgs{TenantID: t.ID, Type: in.Type, Key: in.Key, Text: in.Text, Path: in.Path}
	if c.Path == "" {
		c.Path = "/"
	}
	if err := c.Check(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	type sent struct {
		CampaignState
		Path          string `json:"path"`
		Text          string `json:"text"`
		AlreadyQueued bool   `json:"already_queued"`
	}
	out, err := h.Staff.Act(r, t, "campaign.send", func(tx pgx.Tx) (any, any, error) {
		st, err := h.Service.state(r.Context(), tx, t, c)
		if err != nil {
			return nil, nil, err
		}
		res, err := h.Service.Jobs.InsertTx(r.Context(), tx, c, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("queue campaign %s on %s: %w", c.Key, t.Slug, err)
		}
		return nil, sent{CampaignState: st, Path: c.Path, Text: c.Text, AlreadyQueued: res.UniqueSkippedAsDuplicate}, nil
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, out)
}
