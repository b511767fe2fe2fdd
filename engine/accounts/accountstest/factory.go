package accountstest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Password is the password of every member the factory makes.
const Password = "correct horse battery"

// FastHash is argon2id with test-sized parameters; production uses the
// defaults.
var FastHash = &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

var (
	counter  atomic.Int64
	hashOnce sync.Once
	hash     string
)

// passwordHash hashes Password once per test binary.
func passwordHash(tb testing.TB) string {
	hashOnce.Do(func() {
		h, err := argon2id.CreateHash(Password, FastHash)
		if err != nil {
			tb.Fatal(err)
		}
		hash = h
	})
	return hash
}

// Member describes a member to make; zero fields get sensible values.
type Member struct {
	TenantSlug string // default lustlokaal
	Email      string
	Name       string
	Gender     string // default male
	Seeking    string // default female
	BirthDate  time.Time
	Country    string
	Region     string
	City       string
	Status     string // default active
	Credits    int64  // booked through the ledger as a correction
	PaidUser   bool
	IsHouse    bool
	Invisible  bool
	SignupDate time.Time
}

// Made is a member the factory made.
type Made struct {
	ID       int64
	TenantID int64
	Email    string
	Password string
	Name     string
}

// NewMember inserts a member with an active profile in the tenant's pool.
func NewMember(tb testing.TB, pool *pgxpool.Pool, m Member) Made {
	tb.Helper()
	ctx := context.Background()
	n := counter.Add(1)
	if m.TenantSlug == "" {
		m.TenantSlug = "lustlokaal"
	}
	if m.Email == "" {
		m.Email = fmt.Sprintf("member%d-%d@example.com", n, time.Now().UnixNano()%100000)
	}
	if m.Name == "" {
		m.Name = fmt.Sprintf("Member%d", n)
	}
	if m.Gender == "" {
		m.Gender = "male"
	}
	if m.Seeking == "" {
		m.Seeking = "female"
	}
	if m.BirthDate.IsZero() {
		m.BirthDate = time.Date(1990, 5, 17, 0, 0, 0, 0, time.UTC)
	}
	if m.Status == "" {
		m.Status = "active"
	}
	if m.SignupDate.IsZero() {
		m.SignupDate = time.Now()
	}
	profileStatus := "active"
	if m.Status != "active" {
		profileStatus = "disabled"
	}
	var made Made
	err := pgxBegin(ctx, pool, func(q querier) error {
		var pool, lang string
		var countries []string
		if err := q.QueryRow(ctx, "SELECT id, profile_pool, default_locale, countries FROM tenants WHERE slug = $1", m.TenantSlug).
			Scan(&made.TenantID, &pool, &lang, &countries); err != nil {
			return fmt.Errorf("tenant %s: %w", m.TenantSlug, err)
		}
		if m.Country == "" {
			m.Country = countries[0]
		}
		if err := q.QueryRow(ctx, `INSERT INTO members (tenant_id, email, password_hash, status, paid_user, language, is_house, signup_date)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
			made.TenantID, m.Email, passwordHash(tb), m.Status, m.PaidUser, lang, m.IsHouse, m.SignupDate).Scan(&made.ID); err != nil {
			return fmt.Errorf("insert member: %w", err)
		}
		if _, err := q.Exec(ctx, `INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, city, status, invisible)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			made.ID, pool, m.Name, m.Gender, m.Seeking, m.BirthDate, m.Country, m.Region, m.City, profileStatus, m.Invisible); err != nil {
			return fmt.Errorf("insert profile: %w", err)
		}
		if m.Credits > 0 {
			if _, err := q.Exec(ctx, "UPDATE members SET credits = $2 WHERE id = $1", made.ID, m.Credits); err != nil {
				return err
			}
			if _, err := q.Exec(ctx, `INSERT INTO ledger (member_id, delta, balance_after, kind, note) VALUES ($1, $2, $2, 'correction', 'test factory')`,
				made.ID, m.Credits); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("accountstest: %v", err)
	}
	made.Email, made.Password, made.Name = m.Email, Password, m.Name
	return made
}

// Clock is a clock a test moves by hand; give its Now to a service.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at now.
func NewClock(now time.Time) *Clock { return &Clock{now: now} }

// Now tells the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
