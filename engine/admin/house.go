package admin

import (
	"net/http"

	"rendezvous/engine/admin/internal/db"
	"rendezvous/engine/chat"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

// The chat operators' inbox: conversations of a tenant's house profiles
// waiting for an answer, read and answered as the house profile. The rules
// live in engine/chat; these handlers check, call, audit and answer.

// ErrConversationID refuses a conversation id that is not a positive number.
var ErrConversationID = refusal.New(refusal.Invalid, "conversation_invalid", "The conversation id is not valid.")

// routeConversation reads the route's conversation id, writing the
// refusal when it is not one.
func routeConversation(w http.ResponseWriter, r *http.Request) int64 {
	id, ok := pathID(r, "conversation")
	if !ok {
		httpx.WriteError(w, r, ErrConversationID)
		return 0
	}
	return id
}

// inbox answers the tenant's house-profile conversations waiting for an
// answer, the one waiting longest first.
func (h handlers) inbox(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	list, err := h.s.Chat.HouseInbox(r.Context(), t)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"conversations": list})
}

// inboxThread answers one conversation as its house profile sees it, with
// who answered each message.
func (h handlers) inboxThread(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	id := routeConversation(w, r)
	if id == 0 {
		return
	}
	th, err := h.s.Chat.OpenAsHouse(r.Context(), t, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, th)
}

// answerBody is POST /tenants/{tenant}/inbox/{conversation}: a text or a
// gift, with the client's idempotency key.
type answerBody struct {
	Text     string `json:"text"`
	GiftID   string `json:"gift_id"`
	ClientID string `json:"client_id"`
}

// answer sends a message as the conversation's house profile, written by
// the caller (recorded on the message and in the audit log); the member
// gets it live.
func (h handlers) answer(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	id := routeConversation(w, r)
	if id == 0 {
		return
	}
	var body answerBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := CurrentStaff(r.Context())
	res, err := h.s.Chat.AnswerAsHouse(r.Context(), st.ID, chat.SendInput{
		Tenant: t, ConversationID: id, Text: body.Text, GiftID: body.GiftID, ClientID: body.ClientID,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if !res.Replayed {
		// The message is sent in chat's own transaction; the audit row
		// follows it (a failure here is reported, the message stands).
		err = h.s.audit(r.Context(), db.New(h.s.Pool), Entry{By: st, Tenant: t.Slug, Action: "house.answer", IP: httpx.ClientIP(r),
			After: map[string]any{"conversation_id": id, "message_id": res.Message.ID, "house_id": res.Message.SenderID, "kind": res.Message.Kind}})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": res.Message})
}
