package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestComplaintConversationOnlyForComplaintsAndAudited: the console shows
// a conversation only as the one a complaint is about (between who filed
// it and the profile it names), every read writes an audit row, and
// without such a complaint nothing is shown and nothing is marked read.
func TestComplaintConversationOnlyForComplaintsAndAudited(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	reporter, reporterMade := e.LoggedIn(t, host, accountstest.Member{Credits: 50})
	bad, badMade := e.LoggedIn(t, host, accountstest.Member{Gender: "female", Seeking: "male", Credits: 50})
	stranger, _ := e.LoggedIn(t, host, accountstest.Member{Gender: "female", Seeking: "male"})
	var sent struct {
		Message struct {
			ConversationID int64 `json:"conversation_id"`
		}
	}
	res := reporter.Do("POST", "/api/messages.php", map[string]any{"profile_id": badMade.ID, "text": "Hello there", "client_id": "r-1"})
	res.Want(t, http.StatusCreated, "")
	res.JSON(t, &sent)
	bad.Do("POST", "/api/messages.php", map[string]any{"profile_id": reporterMade.ID, "text": "Something rude", "client_id": "b-1"}).Want(t, http.StatusCreated, "")

	complain := func(c *servertest.Client, body map[string]any) int64 {
		t.Helper()
		c.Do("POST", "/api/complaints.php", body).Want(t, http.StatusCreated, "")
		var id int64
		if err := e.Pool.QueryRow(context.Background(), "SELECT max(id) FROM complaints").Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	about := complain(reporter, map[string]any{"category": "message", "message": "Rude messages.", "profile_id": badMade.ID})
	noProfile := complain(reporter, map[string]any{"category": "other", "message": "Something in general."})
	noConversation := complain(stranger, map[string]any{"category": "profile", "message": "Fake profile.", "profile_id": badMade.ID})

	mod, modStaff := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	path := func(tenant string, id any) string {
		return fmt.Sprintf("/admin/api/tenants/%s/moderation/complaints/%v/conversation", tenant, id)
	}
	for _, tc := range []struct {
		name, path string
		status     int
		code       string
	}{
		{"no such complaint", path("lustlokaal", 999999999), 404, "complaint_not_found"},
		{"not a complaint id", path("lustlokaal", "abc"), 404, "complaint_not_found"},
		{"another tenant's complaint", path("sparkusa", about), 403, "console_forbidden"},
		{"a complaint about no profile", path("lustlokaal", noProfile), 404, "complaint_no_conversation"},
		{"a complaint of someone who never wrote", path("lustlokaal", noConversation), 404, "conversation_none"},
	} {
		if r := mod.Do("GET", tc.path, nil); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
		}
	}
	if n := e.AuditCount(t, modStaff.ID, "complaint.conversation_read"); n != 0 {
		t.Fatalf("refused reads left %d audit rows", n)
	}
	// Staff without moderation:read are refused.
	finance, _ := e.Enrolled(t, staff.RoleFinance, "*")
	finance.Do("GET", path("lustlokaal", about), nil).Want(t, http.StatusForbidden, "console_forbidden")

	var got struct {
		Complaint    struct{ ID int64 }
		Conversation struct {
			MemberID     int64 `json:"member_id"`
			Conversation struct{ ID int64 }
			Profile      struct{ ID int64 }
			Messages     []struct {
				Text   string
				FromMe bool `json:"from_me"`
			}
		}
	}
	for i := 1; i <= 2; i++ {
		res := mod.Do("GET", path("lustlokaal", about), nil)
		res.Want(t, http.StatusOK, "")
		res.JSON(t, &got)
		if got.Complaint.ID != about || got.Conversation.Conversation.ID != sent.Message.ConversationID || got.Conversation.Profile.ID != badMade.ID ||
			len(got.Conversation.Messages) != 2 || got.Conversation.Messages[0].Text != "Hello there" || !got.Conversation.Messages[0].FromMe ||
			got.Conversation.Messages[1].Text != "Something rude" || got.Conversation.Messages[1].FromMe {
			t.Fatalf("conversation %s", res.Body)
		}
		if n := e.AuditCount(t, modStaff.ID, "complaint.conversation_read"); n != i {
			t.Fatalf("after read %d: %d audit rows", i, n)
		}
	}
	var complaintID, conversationID int64
	if err := e.Pool.QueryRow(context.Background(), `SELECT (after->>'complaint_id')::bigint, (after->>'conversation_id')::bigint
		FROM audit_log WHERE action = 'complaint.conversation_read' AND tenant = 'lustlokaal' ORDER BY id DESC LIMIT 1`).
		Scan(&complaintID, &conversationID); err != nil || complaintID != about || conversationID != sent.Message.ConversationID {
		t.Fatalf("audit row: complaint %d conversation %d (%v)", complaintID, conversationID, err)
	}
	// The moderator's reads marked nothing read for the reporter.
	var chats []struct {
		NumUnread int `json:"num_unread_messages"`
	}
	res = reporter.Do("GET", "/api/chats.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &chats)
	if len(chats) != 1 || chats[0].NumUnread != 1 {
		t.Fatalf("the reporter's chats %s", res.Body)
	}
}
