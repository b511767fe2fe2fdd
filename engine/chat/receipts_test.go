package chat_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/limits"
	"rendezvous/engine/live"
	"rendezvous/engine/server/servertest"
)

// firstOf waits for the next event other than a balance change and fails
// unless it is typ: an event that should not have come (a typing signal to
// a bystander, a second read receipt) would arrive before the marker the
// test sends.
func firstOf(t *testing.T, c <-chan event, typ string) event {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-c:
			if !ok {
				t.Fatalf("stream ended waiting for %s", typ)
			}
			if e.Type == live.TypeCredits {
				continue
			}
			if e.Type != typ {
				t.Fatalf("got %s event %s before the %s event", e.Type, e.Data, typ)
			}
			return e
		case <-deadline:
			t.Fatalf("no %s event", typ)
		}
	}
}

func readsOf(th chat.Thread) []bool {
	out := make([]bool, len(th.Messages))
	for i, m := range th.Messages {
		out[i] = m.Read
	}
	return out
}

// The sender sees "read" on the messages the other member has opened, and
// hears it live once per new read; the receiver's own view marks nothing.
func TestReadReceipts(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100, Name: "Anouk"})
	b := newMember(t, env, accountstest.Member{Credits: 100, Name: "Bas", Gender: "female", Seeking: "male"})
	aEvents := stream(t, env, a)

	first := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "one"})
	second := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "two"})
	conv := first.Message.ConversationID
	firstOf(t, aEvents, live.TypeMessage)
	firstOf(t, aEvents, live.TypeMessage)
	if got := readsOf(a.thread(t, conv)); len(got) != 2 || got[0] || got[1] {
		t.Fatalf("before b opens, a's messages read = %v, want [false false]", got)
	}

	bView := b.thread(t, conv)
	if got := readsOf(bView); got[0] || got[1] {
		t.Fatalf("received messages carry read = %v, want false (read is for the sender)", got)
	}
	var receipt chat.ReadEvent
	if err := json.Unmarshal([]byte(firstOf(t, aEvents, live.TypeRead).Data), &receipt); err != nil {
		t.Fatal(err)
	}
	if receipt.Conversation.ID != conv || receipt.ReadThrough != second.Message.ID {
		t.Fatalf("read event %+v, want conversation %d through %d", receipt, conv, second.Message.ID)
	}
	if got := readsOf(a.thread(t, conv)); !got[0] || !got[1] {
		t.Fatalf("after b opened, a's messages read = %v, want [true true]", got)
	}

	// Opening again with nothing new sends no second receipt; b's answer
	// is the next thing a hears, and b's own message does not count as
	// unread for b.
	b.thread(t, conv)
	b.mustSend(t, map[string]any{"conversation": conv, "text": "three"})
	firstOf(t, aEvents, live.TypeMessage)
	b.thread(t, conv)
	third := a.mustSend(t, map[string]any{"conversation": conv, "text": "four"})
	firstOf(t, aEvents, live.TypeMessage)
	if got := readsOf(a.thread(t, conv)); len(got) != 4 || !got[0] || !got[1] || got[2] || got[3] {
		t.Fatalf("a's view reads = %v, want [true true false false] (b's message is not a's to be read; four is unread)", got)
	}
	b.thread(t, conv)
	if err := json.Unmarshal([]byte(firstOf(t, aEvents, live.TypeRead).Data), &receipt); err != nil {
		t.Fatal(err)
	}
	if receipt.ReadThrough != third.Message.ID {
		t.Fatalf("second receipt through %d, want %d", receipt.ReadThrough, third.Message.ID)
	}
}

// A typing signal reaches the other member of the conversation only: not a
// bystander, not the typist's own streams, not a member of another tenant,
// and never across a block. Nobody outside the conversation can send one.
func TestTypingReachesOnlyThePartner(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100, Name: "Anouk"})
	b := newMember(t, env, accountstest.Member{Credits: 100, Name: "Bas", Gender: "female", Seeking: "male"})
	c := newMember(t, env, accountstest.Member{Credits: 100, Name: "Cas", Gender: "female", Seeking: "male"})
	other := newMember(t, env, accountstest.Member{Credits: 100, Name: "Dora", TenantSlug: "herzklopfen"})
	// Streams open first: the first message's own events must not arrive later, mid-test.
	aEvents, bEvents, cEvents := stream(t, env, a), stream(t, env, b), stream(t, env, c)
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "hi"}).Message.ConversationID
	firstOf(t, aEvents, live.TypeMessage)
	firstOf(t, bEvents, live.TypeMessage)

	if res := a.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": map[string]any{"id": conv}}); res.Status != http.StatusNoContent {
		t.Fatalf("typing: %d %s", res.Status, res.Body)
	}
	var got chat.TypingEvent
	if err := json.Unmarshal([]byte(firstOf(t, bEvents, live.TypeTyping).Data), &got); err != nil {
		t.Fatal(err)
	}
	if got.Conversation.ID != conv || got.ProfileID != a.ID {
		t.Fatalf("b got typing %+v, want conversation %d from %d", got, conv, a.ID)
	}

	// Strangers: the same id from a member outside the conversation, on
	// this tenant or another, is no conversation of theirs.
	for _, m := range []member{c, other} {
		res := m.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": conv})
		if res.Status != http.StatusNotFound || res.ErrorCode() != "not_found" {
			t.Fatalf("%s typing in a's conversation: %d %s, want 404 not_found", m.Name, res.Status, res.Body)
		}
	}
	// Nothing reached anybody but b: the next event everybody hears is a
	// message sent after the signals.
	a.mustSend(t, map[string]any{"profile_id": c.ID, "text": "marker"})
	firstOf(t, aEvents, live.TypeMessage)
	firstOf(t, cEvents, live.TypeMessage)
	b.mustSend(t, map[string]any{"conversation": conv, "text": "marker"})
	firstOf(t, bEvents, live.TypeMessage)
	firstOf(t, aEvents, live.TypeMessage)

	// Once b blocks a, a's typing is accepted (a must not learn of the
	// block from it) and goes nowhere.
	if res := b.Do(http.MethodPost, "/api/block.php", map[string]any{"profile_id": a.ID}); res.Status != http.StatusNoContent {
		t.Fatalf("block: %d %s", res.Status, res.Body)
	}
	if res := a.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": conv}); res.Status != http.StatusNoContent {
		t.Fatalf("typing to a blocker: %d %s", res.Status, res.Body)
	}
	c.mustSend(t, map[string]any{"profile_id": b.ID, "text": "marker"})
	firstOf(t, bEvents, live.TypeMessage)
}

func TestTypingRefusesBadInput(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"no conversation", map[string]any{}, http.StatusUnprocessableEntity, "id_invalid"},
		{"zero", map[string]any{"conversation": map[string]any{"id": 0}}, http.StatusUnprocessableEntity, "id_invalid"},
		{"negative", map[string]any{"conversation": -4}, http.StatusUnprocessableEntity, "id_invalid"},
		{"unknown", map[string]any{"conversation": 987654321}, http.StatusNotFound, "not_found"},
		{"text", map[string]any{"conversation": "x"}, http.StatusUnprocessableEntity, "wrong_type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := a.Do(http.MethodPost, "/api/typing.php", tc.body)
			if res.Status != tc.status || (tc.code != "" && res.ErrorCode() != tc.code) {
				t.Fatalf("%d %s, want %d %s", res.Status, res.Body, tc.status, tc.code)
			}
		})
	}
}

// Typing signals are rate limited per member: over the rule, 429
// rate_limited and no event.
func TestTypingRateLimit(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	env.Limits.Set(limits.Typing, limits.Rule{Max: 2, Window: time.Minute})
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Credits: 100, Gender: "female", Seeking: "male"})
	// The stream opens before the first message and takes its event, so
	// the message's event (delivered after the commit) cannot arrive in
	// place of a typing event.
	bEvents := stream(t, env, b)
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "hi"}).Message.ConversationID
	firstOf(t, bEvents, live.TypeMessage)
	for i := range 2 {
		if res := a.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": conv}); res.Status != http.StatusNoContent {
			t.Fatalf("typing %d: %d %s", i, res.Status, res.Body)
		}
		firstOf(t, bEvents, live.TypeTyping)
	}
	res := a.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": conv})
	if res.Status != http.StatusTooManyRequests || res.ErrorCode() != limits.Code {
		t.Fatalf("third typing: %d %s, want 429 %s", res.Status, res.Body, limits.Code)
	}
	a.mustSend(t, map[string]any{"conversation": conv, "text": "marker"})
	firstOf(t, bEvents, live.TypeMessage)
}

// A member who has not confirmed their address yet (profile still
// disabled) wrote first; the answer's typing reaches them too.
func TestTypingReachesANewMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	fresh := newMember(t, env, accountstest.Member{Credits: 100, Gender: "female", Seeking: "male", Status: "not_confirmed"})
	events := stream(t, env, fresh)
	conv := fresh.mustSend(t, map[string]any{"profile_id": a.ID, "text": "hi"}).Message.ConversationID
	firstOf(t, events, live.TypeMessage)
	if res := a.Do(http.MethodPost, "/api/typing.php", map[string]any{"conversation": conv}); res.Status != http.StatusNoContent {
		t.Fatalf("typing: %d %s", res.Status, res.Body)
	}
	firstOf(t, events, live.TypeTyping)
}
