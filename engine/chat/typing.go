package chat

import (
	"context"
	"fmt"
	"net/http"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// TypingEvent is the data of a "typing" event: the other member of the
// conversation is writing a message. The client shows it for a few seconds
// unless another one or the message itself follows.
type TypingEvent struct {
	Conversation ConversationRef `json:"conversation"`
	ProfileID    int64           `json:"profile_id"`
}

// Typing tells the other member of one of member's conversations, live and
// only them, that member is typing. Nothing is stored. The signal goes
// nowhere when either member blocked the other, the other member is gone,
// is a house profile (staff answer those in the console) or a member of
// another tenant (pools may be shared); the caller cannot tell these cases
// apart, so it learns nothing about the other side.
func (s *Service) Typing(ctx context.Context, t *tenancy.Tenant, member, conversation int64) error {
	q := db.New(s.Pool)
	c, err := q.ConversationOfMember(ctx, db.ConversationOfMemberParams{ConversationID: conversation, MemberID: member})
	if err != nil {
		return notFound(err)
	}
	party, err := q.PartyByID(ctx, c.OtherID)
	if err != nil {
		return notFound(err)
	}
	if party.IsHouse || party.TenantID != t.ID || reachable(party, t, true) != nil {
		return nil
	}
	for _, b := range []db.BlockExistsParams{{BlockerID: c.OtherID, BlockedID: member}, {BlockerID: member, BlockedID: c.OtherID}} {
		blocked, err := q.BlockExists(ctx, b)
		if err != nil {
			return fmt.Errorf("blocks of conversation %d: %w", c.ID, err)
		}
		if blocked {
			return nil
		}
	}
	e := TypingEvent{Conversation: ConversationRef{ID: c.ID}, ProfileID: member}
	if err := live.Publish(ctx, s.Pool, c.OtherID, live.Event{Type: live.TypeTyping, Data: e}); err != nil {
		return fmt.Errorf("typing in conversation %d: %w", c.ID, err)
	}
	return nil
}

// Typing answers POST /api/typing.php {conversation: {id}}: 204, and the
// other member's open streams get a typing event. The route table limits
// how often (limits.Typing); the client sends one every few seconds while
// the member types.
func (h Handlers) Typing(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Conversation conversationField `json:"conversation"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.Conversation.ID <= 0 {
		httpx.WriteError(w, r, errIDInvalid.With(map[string]any{"field": "conversation"}))
		return
	}
	if err := h.Service.Typing(r.Context(), tenancy.FromContext(r.Context()), memberID(r), body.Conversation.ID); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}
