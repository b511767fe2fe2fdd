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

// A chat operator of lustlokaal sees the conversations of its house
// profiles waiting for an answer, opens one and answers as the house
// profile: the member reads the answer, the thread names who answered, an
// audit row records it, and the conversation leaves the inbox. Another
// tenant's chat operator is refused; bad ids get clear 4xx.
func TestChatOperatorAnswersAsHouseProfile(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	member, made := e.LoggedIn(t, "lustlokaal.localhost", accountstest.Member{Credits: 50})
	house := accountstest.NewMember(t, e.Pool, accountstest.Member{Name: "Sophie", Gender: "female", Seeking: "male", IsHouse: true})
	var sent struct {
		Message struct {
			ConversationID int64 `json:"conversation_id"`
		}
	}
	res := member.Do("POST", "/api/messages.php", map[string]any{"profile_id": house.ID, "text": "Hoi Sophie", "client_id": "m-1"})
	res.Want(t, http.StatusCreated, "")
	res.JSON(t, &sent)
	conv := sent.Message.ConversationID

	c, op := e.Enrolled(t, staff.RoleChatOperator, "lustlokaal")
	var inbox struct {
		Conversations []struct {
			Conversation struct{ ID int64 }
			House        struct{ ID int64 }
			Profile      struct{ ID int64 }
		}
	}
	res = c.Do("GET", "/admin/api/tenants/lustlokaal/inbox", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &inbox)
	if len(inbox.Conversations) != 1 || inbox.Conversations[0].Conversation.ID != conv ||
		inbox.Conversations[0].House.ID != house.ID || inbox.Conversations[0].Profile.ID != made.ID {
		t.Fatalf("inbox %s", res.Body)
	}
	c.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/inbox/%d", conv), nil).Want(t, http.StatusOK, "")

	answerPath := fmt.Sprintf("/admin/api/tenants/lustlokaal/inbox/%d", conv)
	for _, tc := range []struct {
		name, path string
		body       any
		status     int
		code       string
	}{
		{"no id", "/admin/api/tenants/lustlokaal/inbox/abc", map[string]any{"text": "x", "client_id": "a-0"}, 422, "conversation_invalid"},
		{"no such conversation", "/admin/api/tenants/lustlokaal/inbox/999999999", map[string]any{"text": "x", "client_id": "a-0"}, 404, "not_found"},
		{"empty", answerPath, map[string]any{"text": "", "client_id": "a-0"}, 422, "message_empty"},
		{"no JSON", answerPath, nil, 415, "unsupported_media_type"},
	} {
		if r := c.Do("POST", tc.path, tc.body); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
		}
	}

	res = c.Do("POST", answerPath, map[string]any{"text": "Hoi! Hoe gaat het?", "client_id": "a-1"})
	res.Want(t, http.StatusCreated, "")
	var answered struct{ Message struct{ ID int64 } }
	res.JSON(t, &answered)
	// A retry sends nothing again.
	c.Do("POST", answerPath, map[string]any{"text": "Hoi! Hoe gaat het?", "client_id": "a-1"}).Want(t, http.StatusCreated, "")

	var thread struct {
		Messages []struct {
			ID     int64
			Text   string
			FromMe bool `json:"from_me"`
		}
		AnsweredBy map[string]string `json:"answered_by"`
	}
	res = member.Do("GET", fmt.Sprintf("/api/messages.php?conversation=%d", conv), nil)
	res.JSON(t, &thread)
	if len(thread.Messages) != 2 || thread.Messages[1].Text != "Hoi! Hoe gaat het?" || thread.Messages[1].FromMe {
		t.Fatalf("the member reads %s", res.Body)
	}
	res = c.Do("GET", answerPath, nil)
	res.JSON(t, &thread)
	if thread.AnsweredBy[fmt.Sprint(answered.Message.ID)] != op.Email || !thread.Messages[1].FromMe {
		t.Fatalf("console thread %s", res.Body)
	}
	res = c.Do("GET", "/admin/api/tenants/lustlokaal/inbox", nil)
	res.JSON(t, &inbox)
	if len(inbox.Conversations) != 0 {
		t.Fatalf("inbox after the answer %s", res.Body)
	}
	var n int
	if err := e.Pool.QueryRow(context.Background(),
		"SELECT count(*) FROM audit_log WHERE action = 'house.answer' AND staff_id = $1 AND tenant = 'lustlokaal' AND (after->>'message_id')::bigint = $2",
		op.ID, answered.Message.ID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("audit rows %d %v", n, err)
	}

	// Another tenant's chat operator may not, not even through their own
	// tenant's path.
	other, _ := e.Enrolled(t, staff.RoleChatOperator, "herzklopfen")
	other.Do("GET", "/admin/api/tenants/lustlokaal/inbox", nil).Want(t, http.StatusForbidden, "console_forbidden")
	other.Do("POST", answerPath, map[string]any{"text": "x", "client_id": "o-1"}).Want(t, http.StatusForbidden, "console_forbidden")
	other.Do("POST", fmt.Sprintf("/admin/api/tenants/herzklopfen/inbox/%d", conv), map[string]any{"text": "x", "client_id": "o-2"}).Want(t, http.StatusNotFound, "not_found")
}
