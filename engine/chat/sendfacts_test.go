package chat_test

import (
	"context"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// A send finds the sender's and the recipient's rows of their conversation
// by key, however many conversations either has: the facts' statement once
// chose the conversation with a condition on one column or the other,
// which the generic plan PostgreSQL settles on cannot look up, so every
// send read every conversation of the sender's.
func TestSendFactsReadByKeys(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID
	// 300 more conversations each, with members of their own.
	env.Exec(t, `WITH o AS (
			INSERT INTO members (tenant_id, email, status, language)
			SELECT m.tenant_id, 'other-' || m.id || '-' || g || '@example.com', 'active', 'nl'
			FROM members m, generate_series(1, 300) g WHERE m.id IN ($1, $2)
			RETURNING id, split_part(email, '-', 2)::bigint AS member
		), c AS (
			INSERT INTO conversations (member_lo, member_hi, started_by)
			SELECT least(o.id, o.member), greatest(o.id, o.member), o.member FROM o
			RETURNING id, member_lo, member_hi
		)
		INSERT INTO conversation_members (conversation_id, member_id, other_id)
		SELECT id, member_lo, member_hi FROM c UNION ALL SELECT id, member_hi, member_lo FROM c`, a.ID, b.ID)
	env.Exec(t, `ANALYZE conversation_members`)

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	ctx := context.Background()
	reads := func() (n int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT (SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes WHERE relname = 'conversation_members')::bigint
			+ (SELECT coalesce(seq_tup_read, 0) FROM pg_stat_user_tables WHERE relname = 'conversation_members')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Enough sends for PostgreSQL to switch the statements to generic
	// plans, then as many counted, by conversation and by profile.
	const sends = 12
	send := func(in chat.SendInput) {
		t.Helper()
		in.Tenant, in.ClientID = tn, cid()
		if _, err := svc.Send(ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < sends; i++ {
		send(chat.SendInput{SenderID: a.ID, ConversationID: conv, Text: "warming up"})
		send(chat.SendInput{SenderID: a.ID, ProfileID: b.ID, Text: "warming up"})
	}
	before := reads()
	for i := 0; i < sends; i++ {
		send(chat.SendInput{SenderID: a.ID, ConversationID: conv, Text: "by conversation"})
		send(chat.SendInput{SenderID: a.ID, ProfileID: b.ID, Text: "by profile"})
	}
	// The facts read the sender's row and the recipient's, the delivery
	// updates both (4 to 6 rows; the engine's mail jobs read some more
	// meanwhile): every conversation of the sender's was 304.
	if per := float64(reads()-before) / (2 * sends); per > 30 {
		t.Errorf("a send read %.1f rows of conversation_members, want at most 30 (either member has 301 conversations)", per)
	}
}

// A send reads neither PostgreSQL's catalogue nor its brand's row: the
// message's id came from the sequence looked up by the messages table's
// name (pg_get_serial_sequence, a read of pg_depend on every send), and the
// brand's free messages from its whole settings document, which the
// engine's tenant holds already.
func TestSendReadsNoCatalogue(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	ctx := context.Background()
	reads := func() (catalogue, brands int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT
			(SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) FROM pg_stat_sys_tables WHERE schemaname = 'pg_catalog')::bigint,
			(SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'tenants')`).Scan(&catalogue, &brands); err != nil {
			t.Fatal(err)
		}
		return catalogue, brands
	}
	send := func(text string) {
		t.Helper()
		if _, err := svc.Send(ctx, chat.SendInput{Tenant: tn, SenderID: a.ID, ConversationID: conv, Text: text, ClientID: cid()}); err != nil {
			t.Fatal(err)
		}
	}
	// Enough sends for PostgreSQL to switch the statements to generic plans
	// and to fill the connection's catalogue caches.
	const sends = 20
	for i := 0; i < sends; i++ {
		send("warming up")
	}
	catalogue0, brands0 := reads()
	for i := 0; i < sends; i++ {
		send("again")
	}
	// The flush's own statements read a few catalogue rows.
	catalogue1, brands1 := reads()
	if per := float64(catalogue1-catalogue0) / sends; per > 0.5 {
		t.Errorf("a send scanned PostgreSQL's catalogue %.2f times, want none", per)
	}
	if brands1 != brands0 {
		t.Errorf("%d sends read the tenants table %d times, want none", sends, brands1-brands0)
	}
}

// The engine reads a brand's free messages from its settings document as
// PostgreSQL reads them (the console's count of a member's free messages
// left does, in FreeMessagesLeft).
func TestFreeMessagesReadAsTheDatabaseReadsThem(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for _, doc := range []string{``, `{}`, `{"free_messages":0}`, `{"free_messages":3}`, `{"free_messages":12.0}`,
		`{"free_messages":2.5}`, `{"free_messages":"7"}`, `{"free_messages":null}`, `{"gifts":[{"free_messages":9}],"free_messages":1}`} {
		got, err := chat.FreeMessagesOf(&tenancy.Tenant{RawSettings: []byte(doc)})
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		var want int
		if err := env.Pool.QueryRow(context.Background(), `SELECT CASE WHEN jsonb_typeof(d->'free_messages') = 'number'
			THEN (d->>'free_messages')::numeric::int ELSE $2::int END FROM (SELECT coalesce(nullif($1, ''), '{}')::jsonb AS d) s`,
			doc, chat.DefaultFreeMessages).Scan(&want); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: %d free messages, PostgreSQL reads %d", doc, got, want)
		}
	}
}

// The facts' statement probes messages and river_job by key for the one
// conversation it found, also in its generic plan on a young database
// whose tables hold a few rows: a conversation estimated at two rows made
// PostgreSQL hash both tables whole on every send (the sequential scans
// grew with every message; 3 ms a send in the benchmark).
func TestSendFactsScanNoTableWhole(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"})

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	ctx := context.Background()
	scans := func() (n int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(seq_scan), 0)::bigint FROM pg_stat_user_tables
			WHERE relname IN ('messages', 'river_job', 'conversation_members', 'members', 'profiles')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Enough sends for PostgreSQL to switch the statements to generic
	// plans, then as many counted.
	const sends = 12
	send := func() {
		t.Helper()
		if _, err := svc.Send(ctx, chat.SendInput{Tenant: tn, SenderID: a.ID, ProfileID: b.ID, Text: "again", ClientID: cid()}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < sends; i++ {
		send()
	}
	before := scans()
	for i := 0; i < sends; i++ {
		send()
	}
	if n := scans() - before; n > 2 {
		t.Errorf("%d sends scanned messages, river_job or the members' tables whole %d times, want none", sends, n)
	}
}
