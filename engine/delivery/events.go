package delivery

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/live"
)

// Notification types that something a member did causes (the others are sent
// by periodic jobs and campaigns).
const (
	TypeNewConversations = "new_conversations"
	TypeNewMessages      = "new_messages"
	TypeLike             = "like"
)

// EventArgs is the job that mails a member about a new conversation,
// message or like. The fields marked unique make a job of the same member,
// type and thing (conversation or liker) that is still waiting absorb the
// next one: the messages of a conversation within the batch window become
// one mail. engine/notifications works it.
//
// The job's type is the first event's: a new conversation stays one even
// when messages follow within the window.
type EventArgs struct {
	TenantID int64  `json:"tenant_id" river:"unique"`
	MemberID int64  `json:"member_id" river:"unique"`
	Type     string `json:"type"`
	// Topic is "chat" or "like" (Queue sets it): a new conversation and the
	// messages after it within the window make one mail.
	Topic string `json:"topic" river:"unique"`
	// Ref is the conversation of a message, the liker of a like.
	Ref int64 `json:"ref" river:"unique"`
	// Other is the other member's name.
	Other string `json:"other"`
	// Match is set on a like that answers the member's own like.
	Match bool `json:"match,omitempty"`
	// Path is where the mail's button leads on the site.
	Path string `json:"path"`
}

// Kind names the job in River.
func (EventArgs) Kind() string { return "notify_event" }

// InsertOpts: a waiting job absorbs a later one of the same member, type and
// thing (River's unique jobs; completed jobs do not count, so the next
// message after a mail starts a new batch).
func (EventArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
		rivertype.JobStateRunning, rivertype.JobStateScheduled,
	}}}
}

// DefaultBatchWindow is how long a message mail waits for more messages of
// the conversation, so a burst of messages makes one mail.
const DefaultBatchWindow = 5 * time.Minute

// Events queues the event mails of new conversations, messages and likes.
type Events struct {
	Jobs Inserter
	// Window is how long message mails wait for the conversation's next
	// messages; 0 means DefaultBatchWindow.
	Window time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Queue queues the mail of ev in tx, the transaction that causes it, unless
// the member has a live event stream open (they see it on the site as it
// happens). Message mails wait the batch window; the worker looks again
// whether the member read them meanwhile.
func (e *Events) Queue(ctx context.Context, tx pgx.Tx, ev EventArgs) error {
	if e == nil || e.Jobs == nil {
		return nil
	}
	connected, err := live.Connected(ctx, tx, ev.MemberID)
	if err != nil {
		return err
	}
	return e.QueueUnlessConnected(ctx, tx, ev, connected)
}

// QueueUnlessConnected is Queue for a caller that read already whether the
// member has a live stream open (live.Connected, or the same facts in a
// query of its own), saving the round trip.
func (e *Events) QueueUnlessConnected(ctx context.Context, tx pgx.Tx, ev EventArgs, connected bool) error {
	_, err := e.QueueUnlessWaiting(ctx, tx, ev, connected, false)
	return err
}

// QueueUnlessWaiting is QueueUnlessConnected for a message whose sender
// read already whether the mail job an earlier message of the conversation
// queued (the id QueueUnlessWaiting returned then) still waits, in one of
// the states of EventArgs' unique options: then the message joins that
// job, as River's unique insert would make it, without the insert, which
// rewrote the waiting job's row on every message. It returns the id of the
// job queued or joined by the insert, 0 when nothing was queued.
func (e *Events) QueueUnlessWaiting(ctx context.Context, tx pgx.Tx, ev EventArgs, connected, waiting bool) (int64, error) {
	if e == nil || e.Jobs == nil || connected || waiting {
		return 0, nil
	}
	ev.Topic = "like"
	opts := ev.InsertOpts()
	if ev.Type == TypeNewMessages || ev.Type == TypeNewConversations {
		window := e.Window
		if window == 0 {
			window = DefaultBatchWindow
		}
		now := time.Now
		if e.Now != nil {
			now = e.Now
		}
		opts.ScheduledAt = now().Add(window)
		ev.Topic = "chat"
	}
	res, err := e.Jobs.InsertTx(ctx, tx, ev, &opts)
	if err != nil {
		return 0, fmt.Errorf("queue %s mail to member %d: %w", ev.Type, ev.MemberID, err)
	}
	if res == nil || res.Job == nil {
		return 0, nil
	}
	return res.Job.ID, nil
}
