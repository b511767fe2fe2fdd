package notifications

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/notifications/internal/db"
	"rendezvous/engine/platform/refusal"
)

// CampaignArgs is the job that mails a promotion or news to every member
// of a tenant who takes that type (the command `rendezvous notify`). Its key
// names the campaign: each member gets a campaign once, however often it is
// queued or retried.
type CampaignArgs struct {
	TenantID int64 `json:"tenant_id" river:"unique"`
	// Type is promotions or news.
	Type string `json:"type" river:"unique"`
	Key  string `json:"key" river:"unique"`
	// Text is the mail's message; Path where its button leads.
	Text string `json:"text"`
	Path string `json:"path"`
}

// Kind names the job in River.
func (CampaignArgs) Kind() string { return "notifications_campaign" }

// InsertOpts: a campaign queued twice while the first is waiting or
// running is one job.
func (CampaignArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ErrCampaign means a campaign cannot be sent as asked; each refusal below
// is one too and says what is wrong.
var ErrCampaign = errors.New("notifications: bad campaign")

// Refusals of a campaign, the command's and the console's alike.
var (
	ErrCampaignType = refusal.New(refusal.Invalid, "campaign_type_invalid", "A campaign is promotions or news.")
	ErrCampaignKey  = refusal.New(refusal.Invalid, "campaign_key_invalid", "Name the campaign with up to 64 letters, digits, dots, dashes or underscores.")
	ErrCampaignText = refusal.New(refusal.Invalid, "campaign_text_invalid", "Write the campaign's message, up to 2000 characters.")
	ErrCampaignPath = refusal.New(refusal.Invalid, "campaign_path_invalid", "The button's address is a path of the site, starting with /.")
)

// Bounds of a campaign: a key names it in the mail log, a message fits a mail.
const (
	maxCampaignKey  = 64
	maxCampaignText = 2000
	maxCampaignPath = 300
)

// Check refuses a campaign with an unknown type, a missing or odd key, no
// or too long a text, or a path that is not one of the site.
func (a CampaignArgs) Check() error {
	bad := func(r *refusal.Error) error { return fmt.Errorf("%w (%w)", r, ErrCampaign) }
	switch {
	case a.Type != TypePromotions && a.Type != TypeNews:
		return bad(ErrCampaignType)
	case a.Key == "" || len(a.Key) > maxCampaignKey || strings.TrimLeft(a.Key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") != "":
		return bad(ErrCampaignKey)
	case strings.TrimSpace(a.Text) == "" || utf8.RuneCountInString(a.Text) > maxCampaignText:
		return bad(ErrCampaignText)
	case a.Path != "" && (!strings.HasPrefix(a.Path, "/") || len(a.Path) > maxCampaignPath || strings.ContainsAny(a.Path, " \t\r\n")):
		return bad(ErrCampaignPath)
	}
	return nil
}

// CampaignWorker sends campaigns.
type CampaignWorker struct {
	river.WorkerDefaults[CampaignArgs]
	Service *Service
}

// Work sends the campaign; in the tenant's quiet hours it waits for them
// to end.
func (w *CampaignWorker) Work(ctx context.Context, job *river.Job[CampaignArgs]) error {
	wait, _, err := w.Service.Campaign(ctx, job.Args)
	if err != nil {
		return err
	}
	if wait > 0 {
		return river.JobSnooze(wait)
	}
	return nil
}

// Timeout lets a campaign to a large tenant run long; a retry goes on where
// it stopped.
func (w *CampaignWorker) Timeout(*river.Job[CampaignArgs]) time.Duration { return time.Hour }

// Campaign mails a campaign to every member of its tenant who has not had
// it, in batches. During the tenant's quiet hours it sends nothing and
// answers how long to wait. It reports how many mails it queued.
func (s *Service) Campaign(ctx context.Context, c CampaignArgs) (time.Duration, int, error) {
	if err := c.Check(); err != nil {
		return 0, 0, err
	}
	t, err := s.Tenants.ByID(ctx, c.TenantID)
	if err != nil {
		return 0, 0, fmt.Errorf("tenant %d of campaign %s: %w", c.TenantID, c.Key, err)
	}
	if wait := s.Quiet.Wait(s.now().In(t.Location)); wait > 0 {
		return wait, 0, nil
	}
	path := c.Path
	if path == "" {
		path = "/"
	}
	key := "campaign:" + c.Key
	sent := 0
	var after int64
	for {
		ids, err := db.New(s.Pool).CampaignRecipients(ctx, db.CampaignRecipientsParams{
			TenantID: t.ID, AfterID: after, Type: c.Type, Key: key, MaxRows: digestBatch,
		})
		if err != nil {
			return 0, sent, fmt.Errorf("recipients of campaign %s: %w", c.Key, err)
		}
		for _, id := range ids {
			ok, err := s.send(ctx, t, id, key, accounts.Notification{Type: c.Type, Path: path, Data: map[string]any{"Text": c.Text}}, nil)
			if err != nil {
				return 0, sent, err
			}
			if ok {
				sent++
			}
			after = id
		}
		if len(ids) < digestBatch {
			return 0, sent, nil
		}
	}
}
