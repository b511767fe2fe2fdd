package chat_test

import (
	"context"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestReportMessageOpensComplaintWithIt: a member reports a message of a
// conversation of theirs; the complaint names it and its sender, and the
// console's complaint list shows both members' names and the message. A
// message of someone else's conversation, one's own, one from a brand the
// member is not on, a visitor's report and a profile that did not send it
// are refused with stable codes and store nothing.
func TestReportMessageOpensComplaintWithIt(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	reporter := newMember(t, e.Env, accountstest.Member{Credits: 100, Name: "Rita"})
	sender := newMember(t, e.Env, accountstest.Member{Gender: "female", Seeking: "male", Credits: 100, Name: "Sandra"})
	stranger := newMember(t, e.Env, accountstest.Member{Credits: 100})
	mine := reporter.mustSend(t, map[string]any{"profile_id": sender.ID, "text": "Hello Sandra"}).Message
	bad := sender.mustSend(t, map[string]any{"profile_id": reporter.ID, "text": "Send me 200 euro in gift cards"}).Message
	elsewhere := newMember(t, e.Env, accountstest.Member{TenantSlug: "sparkusa", Credits: 100})
	theirs := elsewhere.mustSend(t, map[string]any{"profile_id": newMember(t, e.Env, accountstest.Member{TenantSlug: "sparkusa", Gender: "female", Seeking: "male"}).ID, "text": "Hi"}).Message

	count := func() int {
		var n int
		if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM complaints").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	visitor := e.Client(t, host)
	for _, tc := range []struct {
		name   string
		c      *servertest.Client
		body   map[string]any
		status int
		code   string
	}{
		{"a message of another conversation", stranger.Client, map[string]any{"message": "This is a scam!", "message_id": bad.ID}, 422, "message_id_invalid"},
		{"another brand's message", reporter.Client, map[string]any{"message": "This is a scam!", "message_id": theirs.ID}, 422, "message_id_invalid"},
		{"no such message", reporter.Client, map[string]any{"message": "This is a scam!", "message_id": 999999999}, 422, "message_id_invalid"},
		{"a negative id", reporter.Client, map[string]any{"message": "This is a scam!", "message_id": -4}, 422, "message_id_invalid"},
		{"one's own message", reporter.Client, map[string]any{"message": "This is a scam!", "message_id": mine.ID}, 422, "message_id_own"},
		{"a profile that did not send it", reporter.Client, map[string]any{"message": "This is a scam!", "message_id": bad.ID, "profile_id": stranger.ID}, 422, "profile_invalid"},
		{"a visitor", visitor, map[string]any{"message": "This is a scam!", "email": "v@example.com", "message_id": bad.ID}, 422, "message_id_invalid"},
	} {
		if r := tc.c.Do("POST", "/api/complaints.php", tc.body); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
		}
	}
	if n := count(); n != 0 {
		t.Fatalf("refused reports stored %d complaints", n)
	}

	var filed struct {
		Complaint struct {
			ID        int64  `json:"id"`
			Category  string `json:"category"`
			ProfileID *int64 `json:"profile_id"`
			MessageID *int64 `json:"message_id"`
		} `json:"complaint"`
	}
	res := reporter.Do("POST", "/api/complaints.php", map[string]any{"message": "Asks for money.", "message_id": bad.ID})
	res.Want(t, http.StatusCreated, "")
	res.JSON(t, &filed)
	if filed.Complaint.Category != "message" || filed.Complaint.ProfileID == nil || *filed.Complaint.ProfileID != sender.ID ||
		filed.Complaint.MessageID == nil || *filed.Complaint.MessageID != bad.ID {
		t.Fatalf("complaint %s", res.Body)
	}

	mod, _ := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	var list struct {
		Complaints []struct {
			ID           int64  `json:"id"`
			Message      string `json:"message"`
			ReporterName string `json:"reporter_name"`
			ProfileName  string `json:"profile_name"`
			Reported     *struct {
				ID       int64  `json:"id"`
				SenderID int64  `json:"sender_id"`
				Kind     string `json:"kind"`
				Text     string `json:"text"`
			} `json:"reported_message"`
		} `json:"complaints"`
	}
	res = mod.Do("GET", "/admin/api/tenants/lustlokaal/moderation/complaints", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &list)
	if len(list.Complaints) != 1 {
		t.Fatalf("complaints %s", res.Body)
	}
	c := list.Complaints[0]
	if c.ID != filed.Complaint.ID || c.Message != "Asks for money." || c.ReporterName != "Rita" || c.ProfileName != "Sandra" ||
		c.Reported == nil || c.Reported.ID != bad.ID || c.Reported.SenderID != sender.ID || c.Reported.Kind != "text" ||
		c.Reported.Text != "Send me 200 euro in gift cards" {
		t.Fatalf("the console's complaint %s", res.Body)
	}
}
