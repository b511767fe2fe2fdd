package chat_test

import (
	"context"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// statSends are Adam's sends to Bea, in a conversation that exists, on a
// chat service of one connection whose statistics a test reads. The
// engine's job workers stay idle: their statements (the periodic jobs'
// at start among them) would count in the database's statistics too.
type statSends struct {
	env  *servertest.Env
	a, b member
	conv int64
}

func newStatSends(t *testing.T) statSends {
	t.Helper()
	env := servertest.NewIdle(t)
	a := newMember(t, env, accountstest.Member{Credits: 100000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID
	return statSends{env: env, a: a, b: b, conv: conv}
}

// counted sends n messages, enough for PostgreSQL to switch the
// statements to generic plans and to fill the connection's catalogue
// caches, then n more (by conversation and by profile in turn), and answers
// how much each figure of stats (a statement of bigint columns over the
// database's statistics) grew over the second n.
func (s statSends) counted(t *testing.T, n int, stats string) []int64 {
	t.Helper()
	svc, flush := statsService(t, s.env)
	tn := tenantBySlug(t, s.env, "lustlokaal")
	ctx := context.Background()
	read := func() []int64 {
		t.Helper()
		flush()
		rows, err := s.env.Pool.Query(ctx, stats)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []int64
		for rows.Next() {
			values, err := rows.Values()
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range values {
				out = append(out, v.(int64))
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	send := func(i int) {
		t.Helper()
		in := chat.SendInput{Tenant: tn, SenderID: s.a.ID, ConversationID: s.conv, Text: "again", ClientID: cid()}
		if i%2 == 1 {
			in.ConversationID, in.ProfileID = 0, s.b.ID
		}
		if _, err := svc.Send(ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < n; i++ {
		send(i)
	}
	before := read()
	for i := 0; i < n; i++ {
		send(i)
	}
	after := read()
	for i := range after {
		after[i] -= before[i]
	}
	return after
}

// A send finds the sender's and the recipient's rows of their conversation
// by key, however many conversations either has: the facts' statement once
// chose the conversation with a condition on one column or the other,
// which the generic plan PostgreSQL settles on cannot look up, so every
// send read every conversation of the sender's.
func TestSendFactsReadByKeys(t *testing.T) {
	t.Parallel()
	s := newStatSends(t)
	// 300 more conversations each, with members of their own.
	s.env.Exec(t, `WITH o AS (
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
		SELECT id, member_lo, member_hi FROM c UNION ALL SELECT id, member_hi, member_lo FROM c`, s.a.ID, s.b.ID)
	s.env.Exec(t, `ANALYZE conversation_members`)
	const sends = 24
	read := s.counted(t, sends, `SELECT
		(SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes WHERE relname = 'conversation_members')::bigint
		+ (SELECT coalesce(seq_tup_read, 0) FROM pg_stat_user_tables WHERE relname = 'conversation_members')`)
	// The facts read the sender's row and the recipient's, the delivery
	// updates both (4 to 6 rows; the engine's mail jobs read some more
	// meanwhile): every conversation of the sender's was 304.
	if per := float64(read[0]) / sends; per > 30 {
		t.Errorf("a send read %.1f rows of conversation_members, want at most 30 (either member has 301 conversations)", per)
	}
}

// A send reads neither PostgreSQL's dependency catalogue nor its brand's
// row: the message's id came from the sequence looked up by the messages
// table's name (pg_get_serial_sequence, a read of pg_depend on every
// send), and the brand's free messages from its whole settings document,
// which the engine's tenant holds already. Only pg_depend is counted of
// the catalogue: a connection the engine opens meanwhile reads other
// catalogue tables to fill its caches.
func TestSendReadsNoCatalogue(t *testing.T) {
	t.Parallel()
	const sends = 20
	read := newStatSends(t).counted(t, sends, `SELECT
		(SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) FROM pg_stat_sys_tables
		 WHERE schemaname = 'pg_catalog' AND relname = 'pg_depend')::bigint,
		(SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'tenants')`)
	if per := float64(read[0]) / sends; per > 0.25 {
		t.Errorf("a send scanned PostgreSQL's pg_depend %.2f times, want none", per)
	}
	if read[1] != 0 {
		t.Errorf("%d sends read the tenants table %d times, want none", sends, read[1])
	}
}

// The facts' statement probes messages and river_job by key for the one
// conversation it found, also in its generic plan on a young database
// whose tables hold a few rows: a conversation estimated at two rows made
// PostgreSQL hash both tables whole on every send (the sequential scans
// grew with every message; 3 ms a send in the benchmark).
func TestSendFactsScanNoTableWhole(t *testing.T) {
	t.Parallel()
	const sends = 12
	scans := newStatSends(t).counted(t, sends, `SELECT coalesce(sum(seq_scan), 0)::bigint FROM pg_stat_user_tables
		WHERE relname IN ('messages', 'river_job', 'conversation_members', 'members', 'profiles')`)
	if scans[0] > 2 {
		t.Errorf("%d sends scanned messages, river_job or the members' tables whole %d times, want none", sends, scans[0])
	}
}

// The engine reads a brand's free messages from its settings document as
// PostgreSQL reads them (the chat page's count of a member's free messages
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
