// Package limits keeps abuse in check: how many signups, complaints, reset
// and activation mails one client address may cause, and how many messages
// and likes one member may send in a burst. The counters live in PostgreSQL
// (the rate_limits table, owned here), so every engine instance counts the
// same hits. The per-account limits of accounts (reset_limit,
// activation_limit, login blocks) stay where they are; these come on top.
package limits

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/limits/internal/db"
)

// The rules. Each counts one kind of action per tenant and subject.
const (
	// Signup counts signups per client address.
	Signup = "signup"
	// Complaint counts filed complaints per client address.
	Complaint = "complaint"
	// ResetMail counts password reset mails asked for per client address.
	ResetMail = "reset_mail"
	// ActivationMail counts activation mails asked for per client address.
	ActivationMail = "activation_mail"
	// Message counts chat messages per member.
	Message = "message"
	// Like counts likes (like.php and the swipe game) per member.
	Like = "like"
	// Typing counts typing signals (typing.php) per member; the client
	// sends one every few seconds while the member writes.
	Typing = "typing"
	// Note counts saves of private profile notes (note.php) per member.
	Note = "note"
)

// Rule allows Max hits per Window; the window starts with its first hit.
type Rule struct {
	Max    int
	Window time.Duration
}

func (r Rule) String() string { return fmt.Sprintf("%d/%s", r.Max, r.Window) }

// Defaults are chosen so that no real member ever meets them: a person
// signs up once, complains now and then, asks for a reset mail or two and
// types or swipes at human speed. Shared addresses (offices, mobile
// carriers' NAT) are why the per-address limits are not lower.
func Defaults() map[string]Rule {
	return map[string]Rule{
		Signup:         {Max: 10, Window: time.Hour},
		Complaint:      {Max: 10, Window: time.Hour},
		ResetMail:      {Max: 5, Window: time.Hour},
		ActivationMail: {Max: 10, Window: time.Hour},
		Message:        {Max: 30, Window: time.Minute},
		Like:           {Max: 100, Window: time.Minute},
		Typing:         {Max: 40, Window: time.Minute},
		Note:           {Max: 30, Window: time.Minute},
	}
}

// Parse reads overrides of the defaults, as in RATE_LIMITS:
// "signup=200/1h,message=1000/1m" (a count and a Go duration per rule).
func Parse(spec string) (map[string]Rule, error) {
	rules := Defaults()
	for _, part := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, value, ok := strings.Cut(part, "=")
		count, window, ok2 := strings.Cut(value, "/")
		if _, known := rules[name]; !ok || !ok2 || !known {
			return nil, fmt.Errorf("rate limit %q: want rule=count/duration with a rule of %s", part, names(rules))
		}
		max, err := strconv.Atoi(count)
		if err != nil || max < 1 {
			return nil, fmt.Errorf("rate limit %q: the count must be a positive number", part)
		}
		d, err := time.ParseDuration(window)
		if err != nil || d < time.Second {
			return nil, fmt.Errorf("rate limit %q: the window must be a duration of a second or more (1m, 1h)", part)
		}
		rules[name] = Rule{Max: max, Window: d}
	}
	return rules, nil
}

func names(rules map[string]Rule) string {
	return strings.Join(slices.Sorted(maps.Keys(rules)), ", ")
}

// Limiter counts hits against its rules.
type Limiter struct {
	pool *pgxpool.Pool
	log  *slog.Logger
	// Now is the clock; tests move it to see windows end.
	Now func() time.Time

	mu    sync.RWMutex
	rules map[string]Rule
}

// New returns a limiter with rules (Defaults or Parse).
func New(pool *pgxpool.Pool, rules map[string]Rule, log *slog.Logger) *Limiter {
	return &Limiter{pool: pool, log: log, Now: time.Now, rules: rules}
}

// Rule returns the rule called name.
func (l *Limiter) Rule(name string) (Rule, bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	r, ok := l.rules[name]
	return r, ok
}

// Set replaces the rule called name, for tests that need a low limit.
func (l *Limiter) Set(name string, r Rule) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rules[name] = r
}

// Decision is the outcome of one hit.
type Decision struct {
	Allowed bool
	// RetryAfter is how long until the window ends; it is what a refused
	// client has to wait.
	RetryAfter time.Duration
}

// Hit counts one hit of rule name for subject on tenant and says whether it
// is within the rule. Refused hits count too (they never extend the window).
func (l *Limiter) Hit(ctx context.Context, tenantID int64, name, subject string) (Decision, error) {
	rule, ok := l.Rule(name)
	if !ok {
		return Decision{}, fmt.Errorf("rate limit %q is not a rule", name)
	}
	now := l.Now()
	row, err := db.New(l.pool).Hit(ctx, db.HitParams{
		TenantID: tenantID, Rule: name, Subject: subject, ResetsAt: now.Add(rule.Window), Now: now,
	})
	if err != nil {
		return Decision{}, fmt.Errorf("count %s hit: %w", name, err)
	}
	return Decision{Allowed: int(row.Hits) <= rule.Max, RetryAfter: row.ResetsAt.Sub(now)}, nil
}

// DeleteExpired removes the counters whose window has ended.
func (l *Limiter) DeleteExpired(ctx context.Context) (int64, error) {
	n, err := db.New(l.pool).DeleteExpired(ctx, l.Now())
	if err != nil {
		return 0, fmt.Errorf("delete expired rate limits: %w", err)
	}
	return n, nil
}
