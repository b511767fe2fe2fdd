package chat_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
)

// Every message writes an entry into each B-tree index of messages, so a
// send costs less the fewer there are: the dashboards' messages per day
// find their span of days through a BRIN index on created_at (migration
// 01701), which a new message does not write, instead of a B-tree.
func TestMessageIndexes(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 1000, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Hoi"}).Message.ConversationID
	ctx := context.Background()

	rows, err := env.Pool.Query(ctx, `SELECT i.relname, am.amname FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam
		WHERE x.indrelid = 'messages'::regclass ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var btrees []string
	methods := map[string]string{}
	for rows.Next() {
		var name, method string
		if err := rows.Scan(&name, &method); err != nil {
			t.Fatal(err)
		}
		methods[name] = method
		if method == "btree" {
			btrees = append(btrees, name)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// messages_photo_pending is partial: only a chat photo waiting for
	// moderation is written to it.
	want := []string{"messages_client", "messages_conversation", "messages_photo_pending", "messages_pkey", "messages_sender_conversation"}
	if !slices.Equal(btrees, want) {
		t.Errorf("B-tree indexes of messages: %v, want %v (each one is a write per message)", btrees, want)
	}
	if methods["messages_created"] != "brin" {
		t.Errorf("messages_created is %q, want brin", methods["messages_created"])
	}

	// The dashboards' span of days is found through it in a large table.
	env.Exec(t, `INSERT INTO messages (conversation_id, sender_id, kind, body, created_at)
		SELECT $1, $2, 'text', 'old', now() - interval '100 days' + g * interval '1 minute'
		FROM generate_series(1, 100000) g`, conv, a.ID)
	env.Exec(t, "ANALYZE messages")
	var plan []string
	prows, err := env.Pool.Query(ctx, `EXPLAIN SELECT count(*) FROM messages
		WHERE created_at >= now() - interval '60 days' AND created_at < now() - interval '53 days'`)
	if err != nil {
		t.Fatal(err)
	}
	for prows.Next() {
		var line string
		if err := prows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, line)
	}
	if err := prows.Err(); err != nil {
		t.Fatal(err)
	}
	if p := strings.Join(plan, "\n"); !strings.Contains(p, "messages_created") {
		t.Errorf("a week of messages is not read through messages_created:\n%s", p)
	}
}

// Every message rewrites both members' conversation_members rows. No index
// of the table holds a column a message changes, and fillfactor keeps room
// on each page, so those rewrites are HOT updates in place rather than new
// row versions with an entry in every index (migration 01751: the list
// index on last_message_at made them three index writes each).
func TestConversationMemberIndexes(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	var indexes []string
	rows, err := env.Pool.Query(ctx, `SELECT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
		WHERE x.indrelid = 'conversation_members'::regclass ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		indexes = append(indexes, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"conversation_members_member_id_other_id_key", "conversation_members_pkey"}
	if !slices.Equal(indexes, want) {
		t.Errorf("indexes of conversation_members: %v, want %v (an index on a column a message changes makes every delivery three index writes)", indexes, want)
	}
	var options []string
	if err := env.Pool.QueryRow(ctx, "SELECT coalesce(reloptions, '{}') FROM pg_class WHERE oid = 'conversation_members'::regclass").Scan(&options); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(options, "fillfactor=80") {
		t.Errorf("conversation_members options %v, want fillfactor=80", options)
	}
}

// A paid message rewrites its sender's balance on members, whose rows are
// full of indexes (email, signup, activation, IP addresses, ...). No index
// holds credits, and fillfactor keeps room on each page, so the rewrite is
// a HOT update in place; on a full page it was a new row version with an
// entry in every index, for about one send in five of the message
// benchmark.
func TestBalanceUpdatesAreHOT(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	b := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	ctx := context.Background()
	// Members signing up together fill their pages as far as fillfactor
	// lets them; the sender is one in the middle of a page.
	var sender int64
	if err := env.Pool.QueryRow(ctx, `WITH made AS (
			INSERT INTO members (tenant_id, email, language, status, paid_user, credits)
			SELECT $1, 'page-' || g || '@example.com', 'en', 'active', true, 1000 FROM generate_series(1, 300) g
			RETURNING id, ctid)
		SELECT id FROM made WHERE (ctid::text::point)[0] = 1 ORDER BY id LIMIT 1 OFFSET 5`, b.TenantID).Scan(&sender); err != nil {
		t.Fatal(err)
	}
	env.Exec(t, `INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, status)
		SELECT $1, pool, 'Page', 'male', 'female', '1990-01-01', country, 'active' FROM profiles WHERE id = $2`, sender, b.ID)
	// Past the brand's free messages: each message is charged.
	env.Exec(t, `INSERT INTO free_messages_used (member_id, used) VALUES ($1, 1000)`, sender)

	svc, flush := statsService(t, env)
	tn := tenantBySlug(t, env, "lustlokaal")
	updates := func() (all, hot int64) {
		t.Helper()
		flush()
		if err := env.Pool.QueryRow(ctx, `SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables
			WHERE relname = 'members'`).Scan(&all, &hot); err != nil {
			t.Fatal(err)
		}
		return all, hot
	}
	const sends = 3
	all0, hot0 := updates()
	for i := 0; i < sends; i++ {
		if _, err := svc.Send(ctx, chat.SendInput{Tenant: tn, SenderID: sender, ProfileID: b.ID, Text: "again", ClientID: cid()}); err != nil {
			t.Fatal(err)
		}
	}
	all1, hot1 := updates()
	if all1-all0 < sends {
		t.Fatalf("%d charged sends made %d updates of members", sends, all1-all0)
	}
	if cold := (all1 - all0) - (hot1 - hot0); cold > 0 {
		t.Errorf("%d of %d updates of members by %d sends were new row versions with an entry in every index, want all HOT", cold, all1-all0, sends)
	}
}
