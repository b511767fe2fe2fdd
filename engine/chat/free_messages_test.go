package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/brandfile"
	"rendezvous/engine/chat"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes/themestest"
)

// setFreeMessages sets the brand's free_messages in its stored settings,
// as an import of its file would; n < 0 removes the field.
func setFreeMessages(t *testing.T, env *servertest.Env, slug string, n int) {
	t.Helper()
	if n < 0 {
		env.ChangeTenants(t, "UPDATE tenants SET settings = settings - 'free_messages' WHERE slug = $1", slug)
		return
	}
	env.ChangeTenants(t, "UPDATE tenants SET settings = jsonb_set(settings, '{free_messages}', to_jsonb($2::int)) WHERE slug = $1", slug, n)
}

// freeUsed is the member's count of free messages sent and how many
// messages they sent in all.
func freeUsed(t *testing.T, env *servertest.Env, member int64) (used, messages int) {
	t.Helper()
	err := env.Pool.QueryRow(t.Context(), `SELECT coalesce((SELECT used FROM free_messages_used WHERE member_id = $1), 0),
		(SELECT count(*) FROM messages WHERE sender_id = $1)`, member).Scan(&used, &messages)
	if err != nil {
		t.Fatal(err)
	}
	return used, messages
}

// freeLeft is what chat.php answers of the member's free messages.
func (m member) freeLeft(t *testing.T, profile int64) int {
	t.Helper()
	res := m.Do(http.MethodGet, fmt.Sprintf("/api/chat.php?profile_id=%d", profile), nil)
	if res.Status != http.StatusOK {
		t.Fatalf("chat.php: %d %s", res.Status, res.Body)
	}
	var c chat.Chat
	res.JSON(t, &c)
	if c.FreeMessagesLeft == nil {
		t.Fatalf("chat.php answers no free_messages_left: %s", res.Body)
	}
	return *c.FreeMessagesLeft
}

// sentFree is the free messages left of a send's answer.
func sentFree(t *testing.T, res servertest.Response) int {
	t.Helper()
	var s struct {
		FreeMessagesLeft *int `json:"free_messages_left"`
	}
	res.JSON(t, &s)
	if s.FreeMessagesLeft == nil {
		t.Fatalf("the send answers no free_messages_left: %s", res.Body)
	}
	return *s.FreeMessagesLeft
}

// A brand without free_messages gives DefaultFreeMessages: a member's
// texts are free until those are spent, then cost credits; gifts cost
// credits from the start; the conversation and every send tell what is
// left, and a send the balance cannot pay is refused with nothing spent.
func TestFreeMessagesSpentBeforeCredits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setFreeMessages(t, env, "lustlokaal", -1)
	a := newMember(t, env, accountstest.Member{Credits: 35}) // message 10, gifts 25
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	if got := a.freeLeft(t, b.ID); got != chat.DefaultFreeMessages {
		t.Fatalf("free messages left %d, want the default %d", got, chat.DefaultFreeMessages)
	}

	gift := a.mustSend(t, map[string]any{"profile_id": b.ID, "gift_id": "rose"})
	if gift.Credits != 10 || gift.Message.Credits != 25 {
		t.Fatalf("a gift cost %d (balance %d); gifts are paid in credits", gift.Message.Credits, gift.Credits)
	}
	for i := 1; i <= chat.DefaultFreeMessages; i++ {
		res, s := a.send(t, map[string]any{"profile_id": b.ID, "text": fmt.Sprintf("free %d", i)})
		if res.Status != http.StatusCreated {
			t.Fatalf("free message %d: %d %s", i, res.Status, res.Body)
		}
		if s.Message.Credits != 0 || s.Credits != 10 {
			t.Fatalf("free message %d cost %d, balance %d", i, s.Message.Credits, s.Credits)
		}
		if left := sentFree(t, res); left != chat.DefaultFreeMessages-i {
			t.Fatalf("after free message %d: %d left", i, left)
		}
	}
	th := a.thread(t, gift.Message.ConversationID)
	if th.FreeMessagesLeft != 0 {
		t.Fatalf("the conversation says %d free messages left", th.FreeMessagesLeft)
	}
	paid := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "paid"})
	if paid.Message.Credits != 10 || paid.Credits != 0 {
		t.Fatalf("the first message after the free ones cost %d, balance %d", paid.Message.Credits, paid.Credits)
	}
	res, _ := a.send(t, map[string]any{"profile_id": b.ID, "text": "broke"})
	if res.Status != http.StatusPaymentRequired || res.ErrorCode() != "not_enough_credits" {
		t.Fatalf("a send the balance cannot pay: %d %s", res.Status, res.Body)
	}
	if got := a.freeLeft(t, b.ID); got != 0 {
		t.Fatalf("%d free messages left after the refusal", got)
	}
	used, _ := freeUsed(t, env, a.ID)
	if used != chat.DefaultFreeMessages {
		t.Fatalf("%d free messages counted", used)
	}
	ledgerBalances(t, env, a.TenantID)
}

// Thirty texts race from a member with no credits and five free messages
// left: exactly five are sent, the rest refused for credits, and the count
// stops at the allowance.
func TestFreeMessagesCountedAtomically(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setFreeMessages(t, env, "lustlokaal", 6)
	a := newMember(t, env, accountstest.Member{})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	// The conversation exists, so every send is a plain message.
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "first"})
	count := a.race(t, 30, map[string]any{"profile_id": b.ID, "text": "race"})
	if count[http.StatusCreated] != 5 || count[http.StatusPaymentRequired] != 25 {
		t.Fatalf("statuses %v, want 5 sent and 25 refused", count)
	}
	used, messages := freeUsed(t, env, a.ID)
	if used != 6 || messages != 6 {
		t.Fatalf("%d free messages counted, %d messages stored", used, messages)
	}
	if got := balance(t, env, a.ID); got != 0 {
		t.Fatalf("balance %d", got)
	}
}

// Each brand gives its own allowance to its own members: one member
// spending theirs leaves another brand's members theirs, a brand with 0
// gives none, and a brand lowering its allowance under what a member sent
// leaves them 0, never less.
func TestFreeMessagesPerBrand(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setFreeMessages(t, env, "lustlokaal", 0)
	setFreeMessages(t, env, "herzklopfen", 2)
	nl := newMember(t, env, accountstest.Member{Credits: 10})
	nlHer := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	de := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	de2 := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	deHer := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female", Seeking: "male"})

	if got := nl.freeLeft(t, nlHer.ID); got != 0 {
		t.Fatalf("a brand with free_messages 0 gives %d", got)
	}
	if s := nl.mustSend(t, map[string]any{"profile_id": nlHer.ID, "text": "paid"}); s.Message.Credits != 10 {
		t.Fatalf("without free messages a text cost %d", s.Message.Credits)
	}
	de.mustSend(t, map[string]any{"profile_id": deHer.ID, "text": "one"})
	de.mustSend(t, map[string]any{"profile_id": deHer.ID, "text": "two"})
	if res, _ := de.send(t, map[string]any{"profile_id": deHer.ID, "text": "three"}); res.Status != http.StatusPaymentRequired {
		t.Fatalf("a third text with 2 free and no credits: %d %s", res.Status, res.Body)
	}
	if got := de2.freeLeft(t, deHer.ID); got != 2 {
		t.Fatalf("another member of the brand has %d free messages left", got)
	}
	setFreeMessages(t, env, "herzklopfen", 1)
	if got := de.freeLeft(t, deHer.ID); got != 0 {
		t.Fatalf("a lowered allowance leaves %d", got)
	}
	if got := de2.freeLeft(t, deHer.ID); got != 1 {
		t.Fatalf("a lowered allowance leaves an unspent member %d", got)
	}
}

// free_messages is checked with the brand file's chat fields, through the
// brand file's registry as the console's save and the import check it.
func TestCheckFreeMessages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		value string
		ok    bool
	}{
		{"0", true}, {"5", true}, {"1000", true}, {"null", true},
		{"-1", false}, {"1001", false}, {"2.5", false}, {"five", false}, {"[5]", false},
	} {
		t.Run(c.value, func(t *testing.T) {
			t.Parallel()
			var v any
			if err := yaml.Unmarshal([]byte(c.value), &v); err != nil {
				t.Fatal(err)
			}
			problems := chat.CheckTenantFile(tenancy.File{Extra: map[string]any{"free_messages": v}})
			if c.ok != (len(problems) == 0) {
				t.Fatalf("free_messages %s: problems %+v", c.value, problems)
			}
			for _, p := range problems {
				if p.Field != "free_messages" {
					t.Errorf("problem names %s", p.Field)
				}
			}
			files, err := tenancy.ReadFiles(tenants.Demo())
			if err != nil {
				t.Fatal(err)
			}
			f := files[0]
			f.Extra["free_messages"] = v
			err = brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f)
			if c.ok != (err == nil) || (err != nil && refusal.As(err) == nil) {
				t.Fatalf("brandfile.Check of free_messages %s: %v", c.value, err)
			}
		})
	}
}

// A send that read the count of free messages while another send of the
// member's, which took the last one, held the member's row finds out at
// COMMIT: it is tried again and, the balance being 0, refused for credits.
func TestFreeMessageTakenWhileTheSendWaited(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setFreeMessages(t, env, "lustlokaal", 2)
	a := newMember(t, env, accountstest.Member{})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "first"})

	// The other send: it holds the member's row as a send does.
	ctx := t.Context()
	other, err := env.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Rollback(context.Background()) }()
	if _, err := other.Exec(ctx, "SELECT 1 FROM members WHERE id = $1 FOR NO KEY UPDATE", a.ID); err != nil {
		t.Fatal(err)
	}
	done := make(chan servertest.Response, 1)
	go func() {
		res, _ := a.send(t, map[string]any{"profile_id": b.ID, "text": "second"})
		done <- res
	}()
	// This send has read its facts' snapshot and waits for the row.
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting bool
		if err := env.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%SendStart%')").Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the send never waited for the member's row")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := other.Exec(ctx, "UPDATE free_messages_used SET used = 2 WHERE member_id = $1", a.ID); err != nil {
		t.Fatal(err)
	}
	if err := other.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	res := <-done
	if res.Status != http.StatusPaymentRequired {
		t.Fatalf("a send whose free message was taken meanwhile: %d %s", res.Status, res.Body)
	}
	used, messages := freeUsed(t, env, a.ID)
	if used != 2 || messages != 1 {
		t.Fatalf("%d free messages counted, %d messages stored", used, messages)
	}
}
