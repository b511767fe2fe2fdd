package chat

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// signupMessageClientID makes the signup message idempotent: a job that
// runs again replays the message sent before instead of sending and
// charging it twice.
const signupMessageClientID = "signup-message"

// SignupMessageArgs is the job that sends the message a visitor wrote on a
// profile's signup page to that profile, as the new member's first message.
// The signup (accounts) queues it in its transaction; SignupMessageWorker
// works it. The job is chat's, so chat needs nothing of accounts.
type SignupMessageArgs struct {
	TenantID  int64  `json:"tenant_id"`
	MemberID  int64  `json:"member_id"`
	ProfileID int64  `json:"profile_id"`
	Text      string `json:"text"`
}

// Kind names the job in River.
func (SignupMessageArgs) Kind() string { return "signup_message" }

// SignupMessageWorker sends the message a visitor wrote on a profile's
// signup page to that profile, as the new member's first message, paid like
// any other. The signup queues the job in its own transaction.
type SignupMessageWorker struct {
	river.WorkerDefaults[SignupMessageArgs]
	Chat    *Service
	Tenants *tenancy.Directory
}

// Work sends the message. A refusal (the profile went invisible or blocked
// the member, the credits do not cover it) is final and does not undo the
// signup: the message stays on the member and the chat page offers to send
// it again. Other failures are retried.
func (w *SignupMessageWorker) Work(ctx context.Context, job *river.Job[SignupMessageArgs]) error {
	a := job.Args
	t, err := w.Tenants.ByID(ctx, a.TenantID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("signup message of member %d: tenant %d is gone", a.MemberID, a.TenantID))
	}
	if err != nil {
		return err
	}
	_, err = w.Chat.Send(ctx, SendInput{Tenant: t, SenderID: a.MemberID, ProfileID: a.ProfileID, Text: a.Text,
		ClientID: signupMessageClientID})
	if refusal.As(err) != nil {
		w.Chat.Log.Info("signup message refused", "member", a.MemberID, "profile", a.ProfileID, "err", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("send signup message of member %d: %w", a.MemberID, err)
	}
	return nil
}
