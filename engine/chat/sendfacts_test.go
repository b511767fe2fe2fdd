package chat_test

import (
	"context"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
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
	// updates both: 4 rows, 2 of them read twice.
	if per := float64(reads()-before) / (2 * sends); per > 8 {
		t.Errorf("a send read %.1f rows of conversation_members, want at most 8 (either member has 301 conversations)", per)
	}
}
