package servertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Seed writes the rows of the reports' tests with plain SQL: members,
// orders, messages, photos and complaints at chosen instants.
type Seed struct {
	t    testing.TB
	pool *pgxpool.Pool
	n    int
}

// Seed writes rows into e's database.
func (e *Env) Seed(tb testing.TB) *Seed { return &Seed{t: tb, pool: e.Pool} }

// Exec runs sql.
func (s *Seed) Exec(sql string, args ...any) {
	s.t.Helper()
	if _, err := s.pool.Exec(context.Background(), sql, args...); err != nil {
		s.t.Fatalf("%s: %v", sql, err)
	}
}

// ID runs sql, which answers one id.
func (s *Seed) ID(sql string, args ...any) int64 {
	s.t.Helper()
	var id int64
	if err := s.pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		s.t.Fatalf("%s: %v", sql, err)
	}
	return id
}

// At is the instant s (RFC 3339).
func At(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// Member makes a member (with a profile) of tenant who signed up at
// signup, confirmed their address at activated (nil: not yet) and came
// from tracking (JSON).
func (s *Seed) Member(tenant, signup string, activated *time.Time, tracking string, house bool) int64 {
	s.t.Helper()
	s.n++
	id := s.ID(`INSERT INTO members (tenant_id, email, language, status, signup_date, activated_at, tracking, is_house)
		SELECT id, $2, default_locale, CASE WHEN $4::timestamptz IS NULL THEN 'not_confirmed' ELSE 'active' END, $3, $4, $5, $6
		FROM tenants WHERE slug = $1 RETURNING id`,
		tenant, fmt.Sprintf("dash-%d-%d@example.com", s.n, time.Now().UnixNano()), At(signup), activated, tracking, house)
	s.Exec(`INSERT INTO profiles (id, pool, name, gender, date_of_birth, country)
		SELECT $1, profile_pool, 'Dash', 'female', '1990-01-01', countries[1] FROM tenants WHERE slug = $2`, id, tenant)
	return id
}

// AtPtr is At(s) as a pointer.
func AtPtr(s string) *time.Time { t := At(s); return &t }

// Order is a member's order of amount (minor units) in currency, paid at
// completed ("" for never) with status.
func (s *Seed) Order(member int64, amount int64, currency, completed, status string) int64 {
	s.t.Helper()
	var c *time.Time
	if completed != "" {
		c = AtPtr(completed)
	}
	return s.ID(`INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, status, completed_at)
		SELECT tenant_id, id, 'popular', 100, $2, $3, 'NL', $4, $5 FROM members WHERE id = $1 RETURNING id`,
		member, amount, currency, status, c)
}

// Message is a text message from one member to another at sent.
func (s *Seed) Message(from, to int64, sent string) {
	s.t.Helper()
	lo, hi := min(from, to), max(from, to)
	conv := s.ID(`INSERT INTO conversations (member_lo, member_hi, started_by) VALUES ($1, $2, $3)
		ON CONFLICT (member_lo, member_hi) DO UPDATE SET started_by = conversations.started_by RETURNING id`, lo, hi, from)
	s.Exec(`INSERT INTO messages (conversation_id, sender_id, kind, body, created_at) VALUES ($1, $2, 'text', 'hi', $3)`, conv, from, At(sent))
}

// Photo is a photo of profile made at created with status, reviewed at
// reviewed (nil: not yet).
func (s *Seed) Photo(profile int64, created, status string, reviewed *time.Time) {
	s.t.Helper()
	s.Exec(`INSERT INTO photos (profile_id, filename, thumb_filename, status, created_at, reviewed_at) VALUES ($1, 'f', 't', $2, $3, $4)`,
		profile, status, At(created), reviewed)
}

// Complaint is a complaint to tenant made at created with status, last
// changed at updated.
func (s *Seed) Complaint(tenant, created, status, updated string) {
	s.t.Helper()
	s.Exec(`INSERT INTO complaints (tenant_id, category, email, message, status, created_at, updated_at)
		SELECT id, 'profile', 'x@example.com', 'bad', $2, $3, $4 FROM tenants WHERE slug = $1`, tenant, status, At(created), At(updated))
}
