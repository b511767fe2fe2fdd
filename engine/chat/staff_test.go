package chat_test

import (
	"fmt"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
)

// Members write to a house profile and pay as usual; the tenant's staff
// read and answer for it, free of charge, and nobody else can.
func TestStaffAnswersForHouseProfiles(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	house := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Sophie", Gender: "female", Seeking: "male", IsHouse: true})
	staff := newMember(t, env, accountstest.Member{})
	stranger := newMember(t, env, accountstest.Member{})
	foreignStaff := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	if err := chat.AddStaff(t.Context(), env.Pool, staff.ID, staff.TenantID); err != nil {
		t.Fatal(err)
	}
	if err := chat.AddStaff(t.Context(), env.Pool, foreignStaff.ID, foreignStaff.TenantID); err != nil {
		t.Fatal(err)
	}

	conv := a.mustSend(t, map[string]any{"profile_id": house.ID, "text": "Hoi Sophie"}).Message.ConversationID
	if got := balance(t, env, a.ID); got != 90 {
		t.Fatalf("writing to a house profile cost %d", 100-got)
	}
	if c := a.chats(t); len(c) != 1 || !c[0].Profile.Fictional {
		t.Fatalf("house profile not marked fictional: %+v", c)
	}

	// A member without the role gets 403; staff of another tenant see an
	// inbox without this tenant's conversations and cannot open them.
	cases := []struct {
		who    member
		method string
		path   string
		status int
		code   string
	}{
		{stranger, http.MethodGet, "/api/staff/inbox.php", 403, "staff_only"},
		{stranger, http.MethodGet, fmt.Sprintf("/api/staff/messages.php?conversation=%d", conv), 403, "staff_only"},
		{stranger, http.MethodPost, "/api/staff/reply.php", 403, "staff_only"},
		{foreignStaff, http.MethodGet, fmt.Sprintf("/api/staff/messages.php?conversation=%d", conv), 404, "not_found"},
		{foreignStaff, http.MethodPost, "/api/staff/reply.php", 404, "not_found"},
	}
	for _, c := range cases {
		var body any
		if c.method == http.MethodPost {
			body = map[string]any{"conversation": conv, "text": "x", "client_id": cid()}
		}
		if res := c.who.Do(c.method, c.path, body); res.Status != c.status || res.ErrorCode() != c.code {
			t.Fatalf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
		}
	}
	if res := foreignStaff.Do(http.MethodGet, "/api/staff/inbox.php", nil); res.Status != 200 || string(res.Body) != "[]\n" {
		t.Fatalf("foreign inbox %d %q", res.Status, res.Body)
	}

	var inbox []chat.InboxEntry
	res := staff.Do(http.MethodGet, "/api/staff/inbox.php", nil)
	res.JSON(t, &inbox)
	if res.Status != http.StatusOK || len(inbox) != 1 || inbox[0].House.ID != house.ID || inbox[0].Profile.ID != a.ID || inbox[0].NumUnreadMessages != 1 {
		t.Fatalf("inbox %d %s", res.Status, res.Body)
	}
	var th chat.Thread
	res = staff.Do(http.MethodGet, fmt.Sprintf("/api/staff/messages.php?conversation=%d", conv), nil)
	res.JSON(t, &th)
	if res.Status != http.StatusOK || len(th.Messages) != 1 || th.Messages[0].FromMe {
		t.Fatalf("staff thread %d %s", res.Status, res.Body)
	}
	res = staff.Do(http.MethodPost, "/api/staff/reply.php", map[string]any{"conversation": conv, "text": "Hoi! Hoe gaat het?", "client_id": cid()})
	if res.Status != http.StatusCreated {
		t.Fatalf("reply %d %s", res.Status, res.Body)
	}
	got := a.thread(t, conv)
	if len(got.Messages) != 2 || got.Messages[1].SenderID != house.ID || got.Messages[1].Text != "Hoi! Hoe gaat het?" {
		t.Fatalf("a sees %+v", got.Messages)
	}
	if b := balance(t, env, house.ID); b != 0 {
		t.Fatalf("house balance %d", b)
	}
	res = staff.Do(http.MethodGet, "/api/staff/inbox.php", nil)
	res.JSON(t, &inbox)
	if inbox[0].NumUnreadMessages != 0 || inbox[0].LastMessage == nil || inbox[0].LastMessage.SenderID != house.ID {
		t.Fatalf("inbox after reply %s", res.Body)
	}
	ledgerBalances(t, env, a.TenantID)
}
