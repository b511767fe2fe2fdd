package chat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// maxReviewed bounds the messages a moderator sees of one conversation.
const maxReviewed = 500

// ErrNoConversation: the two members never wrote to each other.
var ErrNoConversation = refusal.New(refusal.NotFound, "conversation_none", "These two members have no conversation.")

// Reviewed is a conversation as a moderator reads it for a complaint: every
// message (also those a member removed from their own view), oldest first,
// as the complaining member's side of it.
type Reviewed struct {
	Thread
	// MemberID is the member the thread is seen from (from_me).
	MemberID int64 `json:"member_id"`
}

// Review reads the conversation between member and other for a moderator:
// nothing is marked read and nobody is told. The caller (the console) reads
// it only for a complaint about it and writes the audit row.
func (s *Service) Review(ctx context.Context, t *tenancy.Tenant, member, other int64) (Reviewed, error) {
	q := db.New(s.Pool)
	c, err := q.ConversationWith(ctx, db.ConversationWithParams{MemberID: member, OtherID: other})
	if errors.Is(err, pgx.ErrNoRows) {
		return Reviewed{}, ErrNoConversation
	}
	if err != nil {
		return Reviewed{}, fmt.Errorf("conversation of %d with %d: %w", member, other, err)
	}
	rows, err := q.MessageList(ctx, db.MessageListParams{ConversationID: c.ID, ClearedThrough: 0, MaxRows: maxReviewed + 1})
	if err != nil {
		return Reviewed{}, fmt.Errorf("messages of conversation %d: %w", c.ID, err)
	}
	out := Reviewed{MemberID: member, Thread: Thread{Conversation: ConversationRef{ID: c.ID}, Messages: make([]Message, 0, len(rows))}}
	if len(rows) > maxReviewed {
		rows = rows[:maxReviewed]
		out.OlderHidden = true
	}
	slices.Reverse(rows)
	v, err := s.viewFor(t, member)
	if err != nil {
		return Reviewed{}, err
	}
	for _, r := range rows {
		out.Messages = append(out.Messages, v.message(r))
	}
	card, err := q.CardOfProfile(ctx, other)
	if err != nil {
		return Reviewed{}, notFound(err)
	}
	out.Profile = cardOf(v, card)
	return out, nil
}
