package admin

import (
	"net/http"

	"rendezvous/engine/chat"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
)

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
	Conversation chat.Reviewed            `json:"conversation"`
}

// complaintConversation answers GET .../complaints/{complaint}/conversation:
// the conversation between the complaint's filer and the profile it is
// about, with the audit row complaint.conversation_read written before the
// conversation is shown.
func (h handlers) complaintConversation(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, profiles.ErrComplaintNotFound)
		return
	}
	ctx := r.Context()
	c, err := profiles.TenantComplaint(ctx, h.s.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if c.MemberID == nil || c.ProfileID == nil {
		httpx.WriteError(w, r, ErrComplaintNoConversation)
		return
	}
	th, err := h.s.Chat.Review(ctx, t, *c.MemberID, *c.ProfileID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err = staff.Record(ctx, h.s.Pool, staff.Entry{By: staff.CurrentStaff(ctx), Tenant: t.Slug, Action: "complaint.conversation_read", IP: httpx.ClientIP(r),
		After: map[string]any{"complaint_id": c.ID, "conversation_id": th.Conversation.ID, "member_id": *c.MemberID, "profile_id": *c.ProfileID,
			"messages": len(th.Messages)}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, ComplaintConversation{Complaint: c, Conversation: th})
}
