package server_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// memberColumn is a column that holds a member's id: by a foreign key to
// members or profiles (whose id is the member's), or by its name.
type memberColumn struct{ table, column string }

func (c memberColumn) String() string { return c.table + "." + c.column }

// keptAfterPurge are the columns whose rows of a purged member stay, each
// for a reason the privacy section of engine/README.md gives: the member
// row itself (anonymised), accounting, the affiliate network's
// commission, the staff's own accountability.
var keptAfterPurge = map[string]string{
	"members.id":                     "the row stays, anonymised, for the rows below",
	"ledger.member_id":               "accounting: every credit booked",
	"orders.member_id":               "accounting: orders, their invoices and refunds",
	"discount_redemptions.member_id": "accounting: the code a paid order used",
	"postbacks.member_id":            "the affiliate network's commission; no personal data",
	"audit_log.member_id":            "what staff did, kept for their accountability",
	"card_mandates.member_id":        "the mandate's revocation at the provider; the card's details are blanked",
}

// notSeeded are member columns the test gives no row of their own: they
// are filled with the rows of others (the pair of a conversation) or are
// not a member's id though their name says so.
var notSeeded = map[string]string{
	"conversation_members.other_id":        "written with the conversation",
	"members.signup_profile_id":            "the profile a visitor signed up from; cleared by the purge",
	"complaints.profile_id":                "set null when the profile goes",
	"conversation_members.last_message_id": "a message's id, not a member's",
	"data_exports.staff_id":                "a staff account's id",
	"trust_text_checks.member_id":          "a row lives the seconds until the check job takes it; the purge deletes one still waiting",
}

// staffAddresses are address columns that hold staff's addresses, not a
// member's.
var staffAddresses = []string{"audit_log.ip"}

// memberColumns walks the schema: every column with a foreign key to
// members or profiles, and every bigint column whose name says it holds a
// member (…member_id, …_id of a liker, sender, visitor…).
func memberColumns(t *testing.T, env *servertest.Env) []memberColumn {
	t.Helper()
	return namedColumns(t, env, `
		SELECT DISTINCT cl.relname::text, a.attname::text
		FROM pg_class cl
		JOIN pg_namespace ns ON ns.oid = cl.relnamespace AND ns.nspname = 'public'
		JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE cl.relkind = 'r' AND (
			EXISTS (SELECT 1 FROM pg_constraint k
			        WHERE k.contype = 'f' AND k.conrelid = cl.oid AND a.attnum = ANY (k.conkey)
			          AND k.confrelid IN ('members'::regclass, 'profiles'::regclass))
			OR (a.atttypid = 'bigint'::regtype AND a.attname ~ '(member|liker|liked|blocker|blocked|sender|visitor|visited|writer|profile|started_by|other|_lo$|_hi$)')
			OR (cl.relname IN ('members', 'profiles') AND a.attname = 'id'))
		ORDER BY 1, 2`)
}

// addressColumns are the columns that hold a network address: inet, or
// named for one (…ip, …address).
func addressColumns(t *testing.T, env *servertest.Env) []memberColumn {
	t.Helper()
	return namedColumns(t, env, `
		SELECT table_name::text, column_name::text FROM information_schema.columns
		WHERE table_schema = 'public' AND (data_type = 'inet' OR column_name ~ '(^|_)(ip|address)$')
		ORDER BY 1, 2`)
}

// namedColumns runs a query of table and column names.
func namedColumns(t *testing.T, env *servertest.Env, query string) []memberColumn {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []memberColumn
	for rows.Next() {
		var c memberColumn
		if err := rows.Scan(&c.table, &c.column); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPurgeLeavesNothingOfTheMember gives a member data in every table
// that can hold a member, purges them, and walks the schema: no column
// that holds a member's id by foreign key or by name may still point at
// them (keptAfterPurge aside, for their reasons), and no address column
// of a row about them may keep an address. A column the walk finds that
// the member was given no data in fails the test too, so a new table is
// seeded here when it comes.
func TestPurgeLeavesNothingOfTheMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	// A member older than the purged one, so the purged one is the higher
	// of a conversation's pair too.
	early := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	order, gone := env.PaidOrder(t)
	c := env.Client(t, "localhost")
	c.Login(gone.Email, gone.Password)
	c.UploadPhoto("/api/photos.php", servertest.TestJPEG(t, 640, 800))
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	c.Do("POST", "/api/messages.php", map[string]any{"profile_id": other.ID, "text": "Hoi!"})
	c.Do("POST", "/api/data-export.php", nil)
	seed := env.Seed(t)
	staffID := seed.ID(`INSERT INTO staff_accounts (email, password_hash) VALUES ('purge-check@example.com', 'x') RETURNING id`)
	for _, q := range []string{
		`UPDATE members SET signup_ip = '192.0.2.1', last_login_ip = '192.0.2.2', last_login_at = now() WHERE id = $1`,
		`INSERT INTO account_tokens (member_id, kind, token_hash, created_at, expires_at) VALUES ($1, 'password_reset', '\x01', now(), now() + interval '1 day')`,
		`INSERT INTO alert_dismissals (member_id, alert, dismissed_at) VALUES ($1, 'push', now())`,
		`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($2, $1)`,
		`INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2), ($2, $1)`,
		`WITH c AS (INSERT INTO conversations (member_lo, member_hi, started_by) VALUES ($6, $1, $6) RETURNING id)
		 INSERT INTO conversation_members (conversation_id, member_id, other_id) SELECT id, $6, $1 FROM c UNION ALL SELECT id, $1, $6 FROM c`,
		`INSERT INTO swipes (member_id, profile_id, action) VALUES ($1, $2, 'like'), ($2, $1, 'pass')`,
		`INSERT INTO swipe_days (member_id, day) VALUES ($1, current_date)`,
		`INSERT INTO profile_visits (visited_id, visitor_id, day, visited_at) VALUES ($1, $2, current_date, now()), ($2, $1, current_date, now())`,
		`INSERT INTO profile_notes (writer_id, profile_id, body) VALUES ($1, $2, 'nice'), ($2, $1, 'also nice')`,
		`INSERT INTO complaints (tenant_id, member_id, profile_id, category, name, email, message) VALUES ($3, $1, $2, 'profile', 'Me', 'me@example.com', 'fake'), ($3, $2, $1, 'profile', 'Her', 'her@example.com', 'rude')`,
		`INSERT INTO free_messages_used (member_id, used) VALUES ($1, 1) ON CONFLICT DO NOTHING`,
		`INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example.com/x', 'k', 'a')`,
		`INSERT INTO dev_pushes (tenant_id, member_id, recipient, type, language, title, body, url, tag) VALUES ($3, $1, 'x@example.com', 'like', 'nl', 't', 'b', '/', 'tag')`,
		`INSERT INTO notification_log (tenant_id, member_id, type, key, sent_at) VALUES ($3, $1, 'like', 'k', now())`,
		`INSERT INTO live_instances (id) VALUES ('00000000-0000-0000-0000-000000000001') ON CONFLICT DO NOTHING`,
		`INSERT INTO live_presence (instance_id, member_id) VALUES ('00000000-0000-0000-0000-000000000001', $1)`,
		`INSERT INTO retention_asks (member_id, asked_at) VALUES ($1, now())`,
		`INSERT INTO discount_codes (tenant_id, code, kind, percentage, member_id) VALUES ($3, 'STAYPURGE', 'retention', 10, $1)`,
		`INSERT INTO discount_redemptions (code_id, member_id, order_id) SELECT id, $1, $4 FROM discount_codes WHERE code = 'STAYPURGE'`,
		`INSERT INTO payment_customers (member_id, provider, tenant_id, customer_id) VALUES ($1, 'sandbox', $3, 'cst_1') ON CONFLICT DO NOTHING`,
		`INSERT INTO card_mandates (tenant_id, member_id, provider, customer_id, mandate_id, payment_id, method, card_label, card_last4, card_expiry)
		 SELECT $3, $1, 'sandbox', 'cst_1', 'mdt_1', p.id, 'creditcard', 'Visa', '4242', '12/30' FROM payments p WHERE p.order_id = $4 LIMIT 1`,
		`INSERT INTO direct_debit_flows (member_id, tenant_id, package_id, country, iban, holder, phone, code_hash, expires_at, sent_at, window_start)
		 VALUES ($1, $3, 'popular', 'NL', 'NL91ABNA0417164300', 'Me Myself', '+31600000000', '\x01', now(), now(), now())`,
		`INSERT INTO direct_debit_blocks (member_id, tenant_id) VALUES ($1, $3)`,
		`INSERT INTO photo_hashes (member_id, tenant_id, hash, band0, band1, band2, band3, source, filename) VALUES ($1, $3, 1, 0, 0, 0, 1, 'profile', 'x.jpg')`,
		`INSERT INTO trust_flags (tenant_id, member_id, score) VALUES ($3, $1, 100)`,
		`INSERT INTO trust_signals (tenant_id, member_id, kind, weight) VALUES ($3, $1, 'link', 10)`,
		`INSERT INTO postbacks (tenant_id, member_id, event, network, url) VALUES ($3, $1, 'signup', 'adnet', 'https://adnet.example.com/')`,
		`INSERT INTO member_notes (member_id, staff_id, text) VALUES ($1, $5, 'called')`,
		`INSERT INTO consents (member_id, kind, granted, address) VALUES ($1, 'orientation', true, '192.0.2.9')`,
		`INSERT INTO audit_log (staff_id, email, tenant, action, ip, member_id) VALUES ($5, 'purge-check@example.com', 'lustlokaal', 'member.note', '203.0.113.5', $1)`,
	} {
		// The ids are whole numbers the test made, written in as such: each
		// statement uses only some of them.
		for i, id := range []int64{gone.ID, other.ID, gone.TenantID, order, staffID, early.ID} {
			q = strings.ReplaceAll(q, fmt.Sprintf("$%d", i+1), fmt.Sprint(id))
		}
		seed.Exec(q)
	}
	env.AwaitCount(t, 1, "SELECT count(*) FROM data_exports WHERE member_id = $1 AND status = 'ready'", gone.ID)

	columns := memberColumns(t, env)
	if len(columns) < 40 {
		t.Fatalf("the walk found only %d member columns", len(columns))
	}
	refersTo := func(col memberColumn) int {
		var n int
		if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM "+col.table+" WHERE "+col.column+" = $1", gone.ID).Scan(&n); err != nil {
			t.Fatalf("%s: %v", col, err)
		}
		return n
	}
	for _, col := range columns {
		if _, ok := notSeeded[col.String()]; ok {
			continue
		}
		if refersTo(col) == 0 {
			t.Errorf("%s holds members, but the member was given no row in it: seed it above", col)
		}
	}

	env.Exec(t, "UPDATE members SET status = 'deletion_pending', deletion_requested_at = now() - interval '15 days' WHERE id = $1", gone.ID)
	env.Purge(t, gone.ID)

	for _, col := range columns {
		if _, kept := keptAfterPurge[col.String()]; kept || col.String() == "conversation_members.last_message_id" {
			continue
		}
		if n := refersTo(col); n != 0 {
			t.Errorf("%s: %d rows of the purged member left", col, n)
		}
	}
	// No address of the member is left in any row about them.
	for _, addr := range addressColumns(t, env) {
		if slices.Contains(staffAddresses, addr.String()) || addr.table == "companies" {
			continue
		}
		for _, col := range columns {
			if col.table != addr.table {
				continue
			}
			var n int
			if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM "+addr.table+" WHERE "+col.column+" = $1 AND "+addr.column+" IS NOT NULL AND "+
				addr.column+"::text <> ''", gone.ID).Scan(&n); err != nil {
				t.Fatalf("%s: %v", addr, err)
			}
			if n != 0 {
				t.Errorf("%s: the purged member's address is kept (%s)", addr, col)
			}
		}
	}
	// What stays holds nothing that names the person.
	var email, label, last4 string
	if err := env.Pool.QueryRow(ctx, "SELECT email FROM members WHERE id = $1", gone.ID).Scan(&email); err != nil || strings.Contains(email, gone.Email) {
		t.Errorf("member e-mail after purge %q (%v)", email, err)
	}
	if err := env.Pool.QueryRow(ctx, "SELECT coalesce(card_label, ''), coalesce(card_last4, '') FROM card_mandates WHERE member_id = $1", gone.ID).Scan(&label, &last4); err != nil || label != "" || last4 != "" {
		t.Errorf("kept card %q %q (%v)", label, last4, err)
	}
	var complaint struct{ name, email string }
	if err := env.Pool.QueryRow(ctx, "SELECT coalesce(name, ''), email FROM complaints WHERE message = 'fake'").Scan(&complaint.name, &complaint.email); err != nil ||
		complaint.name != "" || complaint.email != "" {
		t.Errorf("the purged member's complaint still names them: %+v (%v)", complaint, err)
	}
	// The other member keeps their own things.
	if n := countOf(t, env, "SELECT count(*) FROM profiles WHERE id = $1", other.ID); n != 1 {
		t.Fatal("the other member was purged")
	}
}

func countOf(t *testing.T, env *servertest.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
