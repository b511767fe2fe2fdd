package chat_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// photoIn answers the photo message id of the thread, or nil when the
// thread does not hold it.
func photoIn(t *testing.T, m member, conversation, id int64) (found bool, status string) {
	t.Helper()
	for _, msg := range m.thread(t, conversation).Messages {
		if msg.ID == id {
			if msg.Photo == nil {
				t.Fatalf("photo message %d without its photo", id)
			}
			return true, msg.Photo.Status
		}
	}
	return false, ""
}

// TestChatPhotoWaitsForApprovalOnPreModeratedBrand: on a brand that
// pre-moderates photos a photo sent in chat is the sender's only (shown as
// pending) until a moderator approves it in the console's queue; the
// recipient then sees it and counts it unread. A rejected one never
// reaches the recipient and its sender sees why. Each decision is audited,
// and another brand's moderator reaches neither queue nor photo.
func TestChatPhotoWaitsForApprovalOnPreModeratedBrand(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	sender := newMember(t, e.Env, accountstest.Member{TenantSlug: "herzklopfen", Credits: 500})
	recipient := newMember(t, e.Env, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female", Seeking: "male"})
	first := sender.mustSend(t, map[string]any{"profile_id": recipient.ID, "text": "Hallo!"})
	conv := first.Message.ConversationID
	good, bad := e.PhotoRow(t, sender.ID, "active"), e.PhotoRow(t, sender.ID, "active")

	approved := sender.mustSend(t, map[string]any{"conversation": conv, "photo": good}).Message
	rejected := sender.mustSend(t, map[string]any{"conversation": conv, "photo": bad}).Message
	if approved.Photo == nil || approved.Photo.Status != "pending" {
		t.Fatalf("the sender's answer: %+v", approved.Photo)
	}
	if found, status := photoIn(t, sender, conv, approved.ID); !found || status != "pending" {
		t.Fatalf("the sender sees the photo %v %q, want it pending", found, status)
	}
	if chats := recipient.chats(t); len(chats) != 1 || chats[0].NumUnreadMessages != 1 || chats[0].LastMessage == nil ||
		chats[0].LastMessage.ID != first.Message.ID {
		t.Fatalf("the recipient's chats count or show the waiting photo: %+v", chats)
	}
	if found, _ := photoIn(t, recipient, conv, approved.ID); found {
		t.Fatal("the recipient sees a photo waiting for moderation")
	}

	mod, _ := e.Enrolled(t, staff.RoleModerator, "herzklopfen")
	var queue struct {
		Photos []struct {
			MessageID     int64  `json:"message_id"`
			SenderID      int64  `json:"sender_id"`
			SenderName    string `json:"sender_name"`
			Age           *int   `json:"age"`
			Brand         string `json:"brand"`
			RecipientName string `json:"recipient_name"`
			ThumbURL      string `json:"thumb_url"`
			OtherPhotos   []struct {
				ID int64 `json:"id"`
			} `json:"other_photos"`
		} `json:"photos"`
		PhotoModeration bool `json:"photo_moderation"`
	}
	res := mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/chat-photos", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &queue)
	if !queue.PhotoModeration || len(queue.Photos) != 2 || queue.Photos[0].MessageID != approved.ID || queue.Photos[0].SenderID != sender.ID ||
		queue.Photos[0].SenderName == "" || queue.Photos[0].Age == nil || queue.Photos[0].Brand != "Herzklopfen" ||
		queue.Photos[0].RecipientName == "" || queue.Photos[0].ThumbURL == "" || len(queue.Photos[0].OtherPhotos) != 2 {
		t.Fatalf("chat photo queue: %s", res.Body)
	}

	other, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	other.Do("GET", "/admin/api/tenants/herzklopfen/moderation/chat-photos", nil).Want(t, http.StatusForbidden, "console_forbidden")
	other.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/chat-photos/%d/approve", approved.ID), nil).
		Want(t, http.StatusNotFound, "chat_photo_not_found")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/chat-photos/%d/approve", first.Message.ID), nil).
		Want(t, http.StatusNotFound, "chat_photo_not_found")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/chat-photos/%d/reject", rejected.ID), map[string]string{"reason": ""}).
		Want(t, http.StatusUnprocessableEntity, "reject_reason_invalid")
	mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/chat-photos?status=maybe", nil).
		Want(t, http.StatusUnprocessableEntity, "photo_status_invalid")
	if found, _ := photoIn(t, recipient, conv, approved.ID); found {
		t.Fatal("refused decisions showed the photo")
	}

	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/chat-photos/%d/approve", approved.ID), nil).Want(t, http.StatusOK, "")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/chat-photos/%d/approve", approved.ID), nil).Want(t, http.StatusOK, "")
	mod.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/moderation/chat-photos/%d/reject", rejected.ID),
		map[string]string{"reason": "Only photos of yourself."}).Want(t, http.StatusOK, "")

	// The approval (twice) counted the photo once.
	recipientChats := recipient.chats(t)
	if len(recipientChats) != 1 || recipientChats[0].NumUnreadMessages != 1 || recipientChats[0].LastMessage == nil ||
		recipientChats[0].LastMessage.ID != approved.ID {
		t.Fatalf("the recipient's chats after the approval: %+v", recipientChats)
	}
	if found, status := photoIn(t, recipient, conv, approved.ID); !found || status != "active" {
		t.Fatalf("the recipient sees the approved photo %v %q", found, status)
	}
	if found, _ := photoIn(t, recipient, conv, rejected.ID); found {
		t.Fatal("the recipient sees a rejected photo")
	}
	for _, m := range sender.thread(t, conv).Messages {
		if m.ID == rejected.ID && (m.Photo == nil || m.Photo.Status != "rejected" || m.Photo.RejectReason != "Only photos of yourself.") {
			t.Fatalf("the sender sees the rejected photo as %+v", m.Photo)
		}
	}
	res = mod.Do("GET", "/admin/api/tenants/herzklopfen/moderation/chat-photos", nil)
	res.JSON(t, &queue)
	if len(queue.Photos) != 0 {
		t.Fatalf("decided photos still queued: %s", res.Body)
	}
	if got := strings.Join(e.AuditActions(t, "herzklopfen"), ","); got != "chat_photo.approve,chat_photo.approve,chat_photo.reject" {
		t.Fatalf("audit actions %s", got)
	}
}

// TestChatPhotoShownAtOnceWithoutPreModeration: on a brand that does not
// pre-moderate, a chat photo reaches the recipient at once.
func TestChatPhotoShownAtOnceWithoutPreModeration(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	sender := newMember(t, e.Env, accountstest.Member{Credits: 500})
	recipient := newMember(t, e.Env, accountstest.Member{Gender: "female", Seeking: "male"})
	photo := e.PhotoRow(t, sender.ID, "active")
	msg := sender.mustSend(t, map[string]any{"profile_id": recipient.ID, "photo": photo}).Message
	if found, status := photoIn(t, recipient, msg.ConversationID, msg.ID); !found || status != "active" {
		t.Fatalf("the recipient sees the photo %v %q", found, status)
	}
}
