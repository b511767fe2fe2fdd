package chat

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
)

// ConsoleHandlers are the operators' console's calls on conversations: the
// chat operators' inbox of house profiles, answering as a house profile,
// and a conversation read for a complaint about it. They parse, call this
// package and answer; the console's route table (package admin) guards
// each call, and each writes its audit row (package staff).
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// The chat operators' inbox: conversations of a tenant's house profiles
// waiting for an answer, read and answered as the house profile. The rules
// live in this package; these handlers check, call, audit and answer.

// ErrConversationID refuses a conversation id that is not a positive number.
var ErrConversationID = refusal.New(refusal.Invalid, "conversation_invalid", "The conversation id is not valid.")

// routeConversation reads the route's conversation id, writing the
// refusal when it is not one.
func routeConversation(w http.ResponseWriter, r *http.Request) int64 {
	id, ok := staff.PathID(r, "conversation")
	if !ok {
		httpx.WriteError(w, r, ErrConversationID)
		return 0
	}
	return id
}

// Inbox answers the tenant's house-profile conversations waiting for an
// answer, the one waiting longest first.
func (h ConsoleHandlers) Inbox(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := h.Service.HouseInbox(r.Context(), t)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"conversations": list})
}

// InboxThread answers one conversation as its house profile sees it, with
// who answered each message.
func (h ConsoleHandlers) InboxThread(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeConversation(w, r)
	if id == 0 {
		return
	}
	th, err := h.Service.OpenAsHouse(r.Context(), t, id)
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

// Answer sends a message as the conversation's house profile, written by
// the caller (recorded on the message and in the audit log); the member
// gets it live.
func (h ConsoleHandlers) Answer(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
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
	st := staff.CurrentStaff(r.Context())
	res, err := h.Service.AnswerAsHouse(r.Context(), st.ID, SendInput{
		Tenant: t, ConversationID: id, Text: body.Text, GiftID: body.GiftID, ClientID: body.ClientID,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if !res.Replayed {
		// The message is sent in chat's own transaction; the audit row
		// follows it (a failure here is reported, the message stands).
		err = staff.Record(r.Context(), h.Service.Pool, staff.Entry{By: st, Tenant: t.Slug, Action: "house.answer", IP: httpx.ClientIP(r),
			After: map[string]any{"conversation_id": id, "message_id": res.Message.ID, "house_id": res.Message.SenderID, "kind": res.Message.Kind}})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": res.Message})
}

// Members' conversations are private: the console shows one only in the
// context of a complaint about it, the conversation between the member who
// complained and the profile complained about, and every read leaves an
// audit row. There is no other way to read a conversation in the console.

// ErrComplaintNoConversation: the complaint names no member and profile
// whose conversation it could be about.
var ErrComplaintNoConversation = refusal.New(refusal.NotFound, "complaint_no_conversation",
	"This complaint is not about a conversation between the member who filed it and a profile.")

// ComplaintConversation is the conversation a complaint is about, from the
// complaining member's side.
type ComplaintConversation struct {
	Complaint    profiles.ComplaintRecord `json:"complaint"`
	Conversation Reviewed                 `json:"conversation"`
}

// ConversationOfComplaint answers GET .../complaints/{complaint}/conversation:
// the conversation between the complaint's filer and the profile it is
// about, with the audit row complaint.conversation_read written before the
// conversation is shown.
func (h ConsoleHandlers) ConversationOfComplaint(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, profiles.ErrComplaintNotFound)
		return
	}
	ctx := r.Context()
	c, err := profiles.TenantComplaint(ctx, h.Service.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if c.MemberID == nil || c.ProfileID == nil {
		httpx.WriteError(w, r, ErrComplaintNoConversation)
		return
	}
	th, err := h.Service.Review(ctx, t, *c.MemberID, *c.ProfileID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err = staff.Record(ctx, h.Service.Pool, staff.Entry{By: staff.CurrentStaff(ctx), Tenant: t.Slug, Action: "complaint.conversation_read", IP: httpx.ClientIP(r),
		After: map[string]any{"complaint_id": c.ID, "conversation_id": th.Conversation.ID, "member_id": *c.MemberID, "profile_id": *c.ProfileID,
			"messages": len(th.Messages)}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, ComplaintConversation{Complaint: c, Conversation: th})
}

// chatPhotoPage is the length of a page of the chat photo queue.
const chatPhotoPage = 50

// ChatPhotoQueue answers GET .../moderation/chat-photos?status=pending|active|rejected&after_id=.
func (h ConsoleHandlers) ChatPhotoQueue(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	after, err := staff.QueryID(r, "after_id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := r.URL.Query().Get("status")
	if status == "" {
		status = PhotoPending
	}
	list, err := ChatPhotoQueue(r.Context(), h.Service.Pool, t, status, after, chatPhotoPage, h.Staff.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"photos": list, "photo_moderation": t.Settings.PhotoModeration})
}

// ChatPhotoDecision approves (active) or rejects (rejected, with the reason
// its sender is shown) a photo sent in chat, audited as action.
func (h ConsoleHandlers) ChatPhotoDecision(status, action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := h.Staff.RouteTenant(w, r)
		if t == nil {
			return
		}
		var body struct {
			Reason string `json:"reason"`
		}
		if status == PhotoRejected {
			if err := httpx.DecodeJSON(w, r, &body); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		}
		id, ok := staff.PathID(r, "message")
		if !ok {
			httpx.WriteError(w, r, ErrChatPhotoNotFound)
			return
		}
		out, err := h.Staff.Act(r, t, action, func(tx pgx.Tx) (any, any, error) {
			return ModerateChatPhoto(r.Context(), tx, t.ID, id, status, body.Reason)
		})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"photo": out})
	}
}
