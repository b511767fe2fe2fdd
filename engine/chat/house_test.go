package chat_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/live"
	"rendezvous/engine/server/servertest"
)

// staffAccount makes a console staff account (engine/staff owns them; a
// plain row is enough to answer as).
func staffAccount(t *testing.T, env *servertest.Env, email string) int64 {
	t.Helper()
	var id int64
	if err := env.Pool.QueryRow(t.Context(), "INSERT INTO staff_accounts (email, password_hash) VALUES ($1, 'x') RETURNING id", email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Members write to a house profile and pay as usual; the console's inbox
// lists the conversations waiting for an answer, the one waiting longest
// first; a chat operator answers as the house profile, free of charge, the
// member gets it live, and the thread records who answered. Another
// tenant's inbox cannot reach the conversation.
func TestHouseProfilesAnsweredFromTheConsole(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Credits: 100})
	house := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Sophie", Gender: "female", Seeking: "male", IsHouse: true})
	operator := staffAccount(t, env, "chat@lustlokaal.example")
	tn := tenantBySlug(t, env, "lustlokaal")
	foreign := tenantBySlug(t, env, "herzklopfen")

	convA := a.mustSend(t, map[string]any{"profile_id": house.ID, "text": "Hoi Sophie"}).Message.ConversationID
	convB := b.mustSend(t, map[string]any{"profile_id": house.ID, "text": "Hallo"}).Message.ConversationID
	if got := balance(t, env, a.ID); got != 90 {
		t.Fatalf("writing to a house profile cost %d", 100-got)
	}
	if c := a.chats(t); len(c) != 1 || !c[0].Profile.Fictional {
		t.Fatalf("house profile not marked fictional: %+v", c)
	}

	inbox, err := env.Chat.HouseInbox(t.Context(), tn)
	if err != nil || len(inbox) != 2 || inbox[0].Conversation.ID != convA || inbox[1].Conversation.ID != convB ||
		inbox[0].House.ID != house.ID || inbox[0].Profile.ID != a.ID || inbox[0].LastMessage.Text != "Hoi Sophie" ||
		inbox[0].WaitingSince.After(inbox[1].WaitingSince) {
		t.Fatalf("inbox %+v %v", inbox, err)
	}
	if other, err := env.Chat.HouseInbox(t.Context(), foreign); err != nil || len(other) != 0 {
		t.Fatalf("another tenant's inbox %+v %v", other, err)
	}
	if _, err := env.Chat.OpenAsHouse(t.Context(), foreign, convA); !errors.Is(err, chat.ErrNotFound) {
		t.Fatalf("another tenant opens: %v", err)
	}
	if _, err := env.Chat.AnswerAsHouse(t.Context(), operator, chat.SendInput{Tenant: foreign, ConversationID: convA, Text: "x", ClientID: cid()}); !errors.Is(err, chat.ErrNotFound) {
		t.Fatalf("another tenant answers: %v", err)
	}
	// A conversation between two members has no house profile to answer as.
	plain := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hi"}).Message.ConversationID
	if _, err := env.Chat.AnswerAsHouse(t.Context(), operator, chat.SendInput{Tenant: tn, ConversationID: plain, Text: "x", ClientID: cid()}); !errors.Is(err, chat.ErrNotFound) {
		t.Fatalf("answer in a members' conversation: %v", err)
	}

	th, err := env.Chat.OpenAsHouse(t.Context(), tn, convA)
	if err != nil || th.House.ID != house.ID || len(th.Messages) != 1 || th.Messages[0].FromMe || th.Profile.ID != a.ID {
		t.Fatalf("thread %+v %v", th, err)
	}

	events := stream(t, env, a)
	res, err := env.Chat.AnswerAsHouse(t.Context(), operator, chat.SendInput{Tenant: tn, ConversationID: convA, Text: "Hoi! Hoe gaat het?", ClientID: cid()})
	if err != nil || res.Message.SenderID != house.ID {
		t.Fatalf("answer %+v %v", res, err)
	}
	// The events of a's own messages may still come: a send announces them
	// after its commit (live.Hub.Announce), so they can reach a stream
	// opened after the send answered.
	var got chat.MessageEvent
	for got.Message.ID != res.Message.ID {
		if err := json.Unmarshal([]byte(next(t, events, live.TypeMessage).Data), &got); err != nil {
			t.Fatal(err)
		}
	}
	if got.Message.Text != "Hoi! Hoe gaat het?" || got.Message.SenderID != house.ID || !got.Profile.Fictional {
		t.Fatalf("live message %+v", got)
	}
	if m := a.thread(t, convA).Messages; len(m) != 2 || m[1].Text != "Hoi! Hoe gaat het?" {
		t.Fatalf("a sees %+v", m)
	}
	if bal := balance(t, env, house.ID); bal != 0 {
		t.Fatalf("house balance %d", bal)
	}
	th, err = env.Chat.OpenAsHouse(t.Context(), tn, convA)
	if err != nil || len(th.AnsweredBy) != 1 || th.AnsweredBy[res.Message.ID] != "chat@lustlokaal.example" {
		t.Fatalf("answered by %+v %v", th.AnsweredBy, err)
	}
	// Answered: only b's conversation still waits.
	inbox, err = env.Chat.HouseInbox(t.Context(), tn)
	if err != nil || len(inbox) != 1 || inbox[0].Conversation.ID != convB {
		t.Fatalf("inbox after the answer %+v %v", inbox, err)
	}
	// The member-side staff calls are gone.
	if r := a.Do(http.MethodGet, "/api/staff/inbox.php", nil); r.Status != http.StatusNotFound {
		t.Fatalf("staff inbox on the member API: %d", r.Status)
	}
	ledgerBalances(t, env, a.TenantID)
}
