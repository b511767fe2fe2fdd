package notifications

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/delivery"
	"rendezvous/engine/notifications/internal/db"
	"rendezvous/engine/tenancy"
)

// Timing of the periodic mails.
const (
	// DigestInterval is how often the periodic job looks for reminders,
	// unread-message reminders and weekly updates to send.
	DigestInterval = time.Hour
	// UnreadAfter is how long messages stay unread before a reminder.
	UnreadAfter = 24 * time.Hour
	// UnreadEvery is the least time between two unread-message reminders.
	UnreadEvery = 72 * time.Hour
	// ConfirmAfter is how long after signup an unconfirmed member is
	// reminded to confirm the e-mail address (once), up to ConfirmUntil.
	ConfirmAfter = 24 * time.Hour
	ConfirmUntil = 30 * 24 * time.Hour
	// ProfileAfter is how long after signup a member whose profile has no
	// photo or no about-me text is reminded to finish it (once).
	ProfileAfter = 48 * time.Hour
	// digestBatch bounds the mails of each kind per tenant and run; the
	// next run goes on where this one stopped.
	digestBatch = 200
)

// DigestArgs is the periodic job that sends the reminders, unread-message
// reminders and weekly updates that are due.
type DigestArgs struct{}

// Kind names the job in River.
func (DigestArgs) Kind() string { return "notifications_digest" }

// InsertOpts: a failed digest is tried again a few times; the next run
// comes anyway.
func (DigestArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// PeriodicDigest schedules the digest every DigestInterval. River runs
// periodic jobs on its elected leader only; should two instances still
// queue one each, the claims in notification_log send each mail once.
func PeriodicDigest() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(DigestInterval),
		func() (river.JobArgs, *river.InsertOpts) { return DigestArgs{}, nil },
		&river.PeriodicJobOpts{ID: "notifications_digest"})
}

// DigestWorker runs the digest.
type DigestWorker struct {
	river.WorkerDefaults[DigestArgs]
	Service *Service
}

// Work sends what is due.
func (w *DigestWorker) Work(ctx context.Context, _ *river.Job[DigestArgs]) error {
	_, err := w.Service.Digest(ctx)
	return err
}

// Digest sends, for every tenant outside its quiet hours, the reminders,
// unread-message reminders and weekly updates that are due, each once. A
// tenant in its quiet hours gets them at a later run. It reports how many
// mails it queued.
func (s *Service) Digest(ctx context.Context) (int, error) {
	tenants, err := s.Tenants.List(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, t := range tenants {
		if s.Quiet.Wait(s.now().In(t.Location)) > 0 {
			continue
		}
		for _, step := range []func(context.Context, *tenancy.Tenant) (int, error){s.unreadReminders, s.reminders, s.weeklyUpdates} {
			n, err := step(ctx, t)
			total += n
			if err != nil {
				return total, fmt.Errorf("digest of tenant %s: %w", t.Slug, err)
			}
		}
	}
	return total, nil
}

func (s *Service) unreadReminders(ctx context.Context, t *tenancy.Tenant) (int, error) {
	now := s.now()
	rows, err := db.New(s.Pool).UnreadReminderCandidates(ctx, db.UnreadReminderCandidatesParams{
		TenantID: t.ID, Before: now.Add(-UnreadAfter), Recent: now.Add(-UnreadEvery), MaxRows: digestBatch,
	})
	if err != nil {
		return 0, fmt.Errorf("unread-message reminders: %w", err)
	}
	mails := make([]due, 0, len(rows))
	for _, r := range rows {
		mails = append(mails, due{r.MemberID, fmt.Sprintf("unread:%d", r.LastMessageID), accounts.Notification{
			Type: TypeUnreadReminders, Path: "/chats", Data: map[string]any{"Count": r.Unread},
		}})
	}
	return s.sendDue(ctx, t, mails)
}

func (s *Service) reminders(ctx context.Context, t *tenancy.Tenant) (int, error) {
	now := s.now()
	q := db.New(s.Pool)
	unconfirmed, err := q.ConfirmReminderCandidates(ctx, db.ConfirmReminderCandidatesParams{
		TenantID: t.ID, Before: now.Add(-ConfirmAfter), After: now.Add(-ConfirmUntil), MaxRows: digestBatch,
	})
	if err != nil {
		return 0, fmt.Errorf("confirmation reminders: %w", err)
	}
	unfinished, err := q.ProfileReminderCandidates(ctx, db.ProfileReminderCandidatesParams{
		TenantID: t.ID, Before: now.Add(-ProfileAfter), MaxRows: digestBatch,
	})
	if err != nil {
		return 0, fmt.Errorf("profile reminders: %w", err)
	}
	confirm := accounts.Notification{Type: TypeReminders, Template: "reminders_confirm_email", Path: "/", Unconfirmed: true}
	profile := accounts.Notification{Type: TypeReminders, Template: "reminders_profile", Path: "/profile"}
	mails := make([]due, 0, len(unconfirmed)+len(unfinished))
	for _, id := range unconfirmed {
		mails = append(mails, due{id, "confirm_email", confirm})
	}
	for _, id := range unfinished {
		mails = append(mails, due{id, "unfinished_profile", profile})
	}
	return s.sendDue(ctx, t, mails)
}

// WeekKey names the week of now in the tenant's time zone (ISO 8601), the
// key of its weekly updates.
func WeekKey(t *tenancy.Tenant, now time.Time) string {
	year, week := now.In(t.Location).ISOWeek()
	return fmt.Sprintf("week:%d-W%02d", year, week)
}

func (s *Service) weeklyUpdates(ctx context.Context, t *tenancy.Tenant) (int, error) {
	now := s.now()
	key := WeekKey(t, now)
	rows, err := db.New(s.Pool).WeeklyCandidates(ctx, db.WeeklyCandidatesParams{
		TenantID: t.ID, Since: now.Add(-7 * 24 * time.Hour), WeekKey: key, MaxRows: digestBatch,
	})
	if err != nil {
		return 0, fmt.Errorf("weekly updates: %w", err)
	}
	mails := make([]due, 0, len(rows))
	for _, r := range rows {
		mails = append(mails, due{r.ID, key, accounts.Notification{
			Type: TypeWeeklyUpdates, Template: "weekly_updates_summary", Path: "/",
			Data: map[string]any{"Likes": r.Likes, "NewMembers": r.NewMembers,
				"Visits": delivery.Counted{ID: "weekly_updates_summary.visits", Count: int(r.Visits)}},
		}})
	}
	return s.sendDue(ctx, t, mails)
}

// due is one periodic mail: its member, the key that makes it once, and
// what it says.
type due struct {
	member int64
	key    string
	n      accounts.Notification
}

// sendDue sends the due mails, each once, and counts those it queued.
func (s *Service) sendDue(ctx context.Context, t *tenancy.Tenant, mails []due) (int, error) {
	sent := 0
	for _, m := range mails {
		ok, err := s.send(ctx, t, m.member, m.key, m.n, nil)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}
