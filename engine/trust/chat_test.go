package trust_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
)

// sendText sends text from c to member to and answers the message's id.
func sendText(t *testing.T, c *servertest.Client, to int64, text string) int64 {
	t.Helper()
	var sent struct {
		Message struct{ ID int64 } `json:"message"`
	}
	res := c.Do("POST", "/api/messages.php", map[string]any{"profile_id": to, "text": text, "client_id": fmt.Sprintf("c-%d-%s", to, text)})
	res.Want(t, http.StatusCreated, "")
	res.JSON(t, &sent)
	return sent.Message.ID
}

func women(t *testing.T, e *servertest.Env, n int) []accountstest.Made {
	t.Helper()
	var out []accountstest.Made
	for range n {
		out = append(out, accountstest.NewMember(t, e.Pool, accountstest.Member{Gender: "female", Seeking: "male"}))
	}
	return out
}

// textsWaiting counts a member's texts waiting for their check: 0 once
// the check of every text sent is done (the job takes them and scores them
// in one transaction).
const textsWaiting = "SELECT count(*) FROM trust_text_checks WHERE member_id = $1"

// TestSameTextToTenMembersFlags: the same text to ten members within two
// minutes flags the sender, and the evidence is those ten messages and
// nothing else of the conversations; nine members, or ten spread over
// more than the window, flag nobody.
func TestSameTextToTenMembersFlags(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	to := women(t, e.Env, 10)
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	const text = "Hey gorgeous, are you free tonight?"
	opening := sendText(t, sender, to[0].ID, "Hello there")
	var ids []int64
	for i, w := range to[:9] {
		ids = append(ids, sendText(t, sender, w.ID, text))
		_ = i
	}
	e.AwaitCount(t, 0, textsWaiting, made.ID)
	e.AwaitCount(t, 0, "SELECT count(*) FROM trust_signals WHERE member_id = $1", made.ID)
	ids = append(ids, sendText(t, sender, to[9].ID, text))
	e.AwaitCount(t, 1, openFlags, made.ID)

	mod, modStaff := e.Enrolled(t, staff.RoleModerator, "lustlokaal")
	var q queue
	mod.Do("GET", "/admin/api/tenants/lustlokaal/flags", nil).JSON(t, &q)
	if len(q.Flags) != 1 || q.Flags[0].MemberID != made.ID || !slices.Equal(q.Flags[0].Signals, []string{"repeat"}) {
		t.Fatalf("queue %+v", q)
	}
	var ev evidence
	res := mod.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/flags/%d", q.Flags[0].ID), nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &ev)
	var got []int64
	recipients := map[int64]bool{}
	for _, m := range ev.Messages {
		got = append(got, m.ID)
		recipients[m.RecipientID] = true
		if m.Body != text {
			t.Errorf("message %d of the evidence: %q", m.ID, m.Body)
		}
	}
	if !slices.Equal(got, ids) || len(recipients) != 10 || slices.Contains(got, opening) {
		t.Fatalf("evidence messages %v, want %v: %s", got, ids, res.Body)
	}
	if e.AuditCount(t, modStaff.ID, "flag.view") != 1 {
		t.Fatal("the view was not audited")
	}

	// Ten members, but over more than two minutes: no flag.
	slow, slowMade := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	for _, w := range to[:9] {
		sendText(t, slow, w.ID, "Would you like to meet for coffee?")
	}
	e.AwaitCount(t, 0, textsWaiting, slowMade.ID)
	e.Exec(t, "UPDATE messages SET created_at = created_at - interval '3 minutes' WHERE sender_id = $1", slowMade.ID)
	sendText(t, slow, to[9].ID, "Would you like to meet for coffee?")
	e.AwaitCount(t, 0, textsWaiting, slowMade.ID)
	e.AwaitCount(t, 0, "SELECT count(*) FROM trust_signals WHERE member_id = $1", slowMade.ID)
}

// brands answers one tenant, whatever the id: the brand whose trust
// section a test sets.
type brands struct{ t *tenancy.Tenant }

func (b brands) ByID(context.Context, int64) (*tenancy.Tenant, error) { return b.t, nil }

// TestSignalsWeighPerBrand: each signal adds its brand's weight, a weight
// of 0 turns a signal off, the member is flagged when the score reaches
// the brand's threshold (not before), and house profiles are exempt.
func TestSignalsWeighPerBrand(t *testing.T) {
	t.Parallel()
	e := servertest.NewIdle(t)
	brand := &tenancy.Tenant{ID: 1, Locales: []string{"nl"},
		RawSettings: []byte(`{"trust": {"threshold": 60, "weights": {"link": 0, "phone": 20, "email": 30, "money": 25}}}`)}
	svc := &trust.Service{Pool: e.Pool, Tenants: brands{brand}}
	ctx := context.Background()
	w := women(t, e, 1)[0]
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	check := func(text string) {
		t.Helper()
		id := sendText(t, sender, w.ID, text)
		if err := svc.Check(ctx, trust.CheckArgs{MemberID: made.ID, MessageID: id}); err != nil {
			t.Fatal(err)
		}
	}
	score := func() (sum, flags int) {
		t.Helper()
		if err := e.Pool.QueryRow(ctx, `SELECT coalesce(sum(weight), 0), (SELECT count(*) FROM trust_flags WHERE member_id = $1)
			FROM trust_signals WHERE member_id = $1`, made.ID).Scan(&sum, &flags); err != nil {
			t.Fatal(err)
		}
		return sum, flags
	}
	for _, step := range []struct {
		text         string
		score, flags int
	}{
		{"look at www.example.com", 0, 0},         // links weigh 0 here
		{"bel me op 06 12345678", 20, 0},          // phone 20
		{"of mail anna@example.nl", 50, 0},        // e-mail 30
		{"kun je het bedrag overmaken?", 75, 1},   // money (Dutch) 25: past 60
		{"en nog eens 06 87654321 bellen", 95, 1}, // joins the open flag
	} {
		check(step.text)
		if s, f := score(); s != step.score || f != step.flags {
			t.Fatalf("after %q: score %d, %d flags; want %d, %d", step.text, s, f, step.score, step.flags)
		}
	}
	var flagScore int
	if err := e.Pool.QueryRow(ctx, "SELECT score FROM trust_flags WHERE member_id = $1", made.ID).Scan(&flagScore); err != nil || flagScore != 95 {
		t.Fatalf("flag score %d (%v)", flagScore, err)
	}

	// A house profile says all of it and raises nothing; its photos are not
	// kept either.
	house := accountstest.NewMember(t, e.Pool, accountstest.Member{IsHouse: true, Gender: "female", Seeking: "male"})
	var conv, msg int64
	if err := e.Pool.QueryRow(ctx, "SELECT conversation_id, id FROM messages WHERE sender_id = $1 LIMIT 1", made.ID).Scan(&conv, &msg); err != nil {
		t.Fatal(err)
	}
	if err := svc.Check(ctx, trust.CheckArgs{MemberID: house.ID, MessageID: msg, Photo: "x.jpg", Hash: 42}); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := e.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM trust_signals WHERE member_id = $1) + (SELECT count(*) FROM photo_hashes WHERE member_id = $1)`,
		house.ID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("house profile: %d rows (%v)", n, err)
	}
}

// TestTextsOfAWindowShareOneCheck: the texts a member sends within
// trust.TextWindow are checked by one job (a job for every message cost
// the database and the engine more than the message), and each of them is
// still checked: a phone number in one of them is a signal naming it.
func TestTextsOfAWindowShareOneCheck(t *testing.T) {
	t.Parallel()
	e := servertest.New(t)
	w := women(t, e, 1)[0]
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	texts := []string{"Hi there", "How are you?", "call me on 06 12345678", "I like your profile", "Tell me about you"}
	var ids []int64
	start := time.Now()
	for _, text := range texts {
		ids = append(ids, sendText(t, sender, w.ID, text))
	}
	took := time.Since(start)
	var perMessage, windows int
	if err := e.Pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE kind = 'trust_check'), count(*) FILTER (WHERE kind = 'trust_texts')
		FROM river_job WHERE (args->>'member_id')::bigint = $1`, made.ID).Scan(&perMessage, &windows); err != nil {
		t.Fatal(err)
	}
	if perMessage != 0 || windows < 1 || (took < trust.TextWindow && windows != 1) {
		t.Errorf("%d texts in %s queued %d jobs of their own and %d of the window, want none and one", len(texts), took, perMessage, windows)
	}
	e.AwaitCount(t, 0, textsWaiting, made.ID)
	var kinds []string
	var messages []int64
	rows, err := e.Pool.Query(context.Background(), "SELECT kind, message_ids FROM trust_signals WHERE member_id = $1 ORDER BY id", made.ID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var kind string
		var of []int64
		if err := rows.Scan(&kind, &of); err != nil {
			t.Fatal(err)
		}
		kinds, messages = append(kinds, kind), append(messages, of...)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(kinds, []string{trust.SignalPhone}) || !slices.Equal(messages, []int64{ids[2]}) {
		t.Errorf("signals %v of messages %v, want one phone signal of message %d", kinds, messages, ids[2])
	}
}

// TestTextsWaitingADayGetANewCheck: texts whose job never took them (River
// gave up on it) get a new job with the member's next text, so a member's
// texts are never left unchecked for good.
func TestTextsWaitingADayGetANewCheck(t *testing.T) {
	t.Parallel()
	e := servertest.New(t)
	w := women(t, e, 1)[0]
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	stale := sendText(t, sender, w.ID, "mail me: anna@example.org")
	// The job River gave up on, and the texts it left.
	e.Exec(t, "UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE kind = 'trust_texts' AND (args->>'member_id')::bigint = $1", made.ID)
	e.Exec(t, "UPDATE trust_text_checks SET queued_at = now() - interval '25 hours' WHERE member_id = $1", made.ID)
	sendText(t, sender, w.ID, "Hello again")
	e.AwaitCount(t, 0, textsWaiting, made.ID)
	e.AwaitCount(t, 1, "SELECT count(*) FROM trust_signals WHERE member_id = $1 AND kind = 'email' AND message_ids = ARRAY[$2::bigint]", made.ID, stale)
}
