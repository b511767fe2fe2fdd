package limits

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
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
	// Visit counts affiliate visits recorded per client address (package
	// traffic): past it the page is served but no visit written, so that
	// varying sub-ids or the browser cannot fill the visits table.
	Visit = "visit"
	// SMSClient counts the direct debit starts that text a code, per
	// client address: each is an SMS the operator pays for.
	SMSClient = "sms_client"
	// SMSNumber counts the same starts per mobile number texted (subject
	// PhoneSubject), whoever asks.
	SMSNumber = "sms_number"
	// NewPassword counts new passwords set with a mailed reset link
	// (reset-password.php?do=1) per client address, whether or not the
	// link is valid: guessing links or sending junk ones costs the sender
	// their count, not the engine its CPU.
	NewPassword = "new_password"
	// AccountChange counts changes of email address or password
	// (PUT account.php) per member; each checks the old password, so the
	// rule also bounds guessing it in a session left open.
	AccountChange = "account_change"
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
		Visit:          {Max: 100, Window: time.Hour},
		// A member needs one code, two or three with typos; these stop a
		// script texting (premium) numbers through the sites.
		SMSClient:     {Max: 20, Window: 24 * time.Hour},
		SMSNumber:     {Max: 10, Window: 24 * time.Hour},
		NewPassword:   {Max: 10, Window: time.Hour},
		AccountChange: {Max: 10, Window: time.Hour},
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

// Refusal is the refusal of a hit over its rule (429 rate_limited, with
// retry_after in whole seconds, at least 1); nil when it is allowed.
func (d Decision) Refusal() error {
	if d.Allowed {
		return nil
	}
	seconds := int(math.Ceil(d.RetryAfter.Seconds()))
	if seconds < 1 {
		seconds = 1
	}
	return errLimited.With(map[string]any{"retry_after": seconds})
}

// Hit counts one hit of rule name for subject on tenant and says whether it
// is within the rule. Refused hits count too (they never extend the window).
func (l *Limiter) Hit(ctx context.Context, tenantID int64, name, subject string) (Decision, error) {
	h, err := l.hit(tenantID, name, subject)
	if err != nil {
		return Decision{}, err
	}
	h.row, h.err = db.New(l.pool).Hit(ctx, h.params)
	return h.decision()
}

// QueuedHit is a hit counted inside the caller's transaction (QueueHit).
type QueuedHit struct {
	l      *Limiter
	rule   Rule
	params db.HitParams
	row    db.HitRow
	err    error
}

// QueueHit is Hit for a caller that counts the hit in its own transaction
// with the statement it sends next (database.Ahead): one round trip and
// one commit fewer than Hit. Done answers once that statement's batch has
// been read. The count goes with the transaction: when it rolls back, the
// caller counts the hit again on its own (Recount), as refused hits count
// too.
func (l *Limiter) QueueHit(b *pgx.Batch, tenantID int64, name, subject string) (*QueuedHit, error) {
	h, err := l.hit(tenantID, name, subject)
	if err != nil {
		return nil, err
	}
	db.QueueHit(b, h.params, &h.row, &h.err)
	return h, nil
}

// Done is nil for a hit within its rule and the 429 refusal for one over
// it (Decision.Refusal), or the statement's error.
func (h *QueuedHit) Done() error {
	d, err := h.decision()
	if err != nil {
		return err
	}
	return d.Refusal()
}

// Recount counts the hit again on its own, after the transaction that
// counted it rolled back.
func (h *QueuedHit) Recount(ctx context.Context) error {
	_, err := h.l.Hit(ctx, h.params.TenantID, h.params.Rule, h.params.Subject)
	return err
}

// hit is a hit of rule name at the limiter's now, not counted yet.
func (l *Limiter) hit(tenantID int64, name, subject string) (*QueuedHit, error) {
	rule, ok := l.Rule(name)
	if !ok {
		return nil, fmt.Errorf("rate limit %q is not a rule", name)
	}
	now := l.Now()
	return &QueuedHit{l: l, rule: rule, params: db.HitParams{
		TenantID: tenantID, Rule: name, Subject: subject, ResetsAt: now.Add(rule.Window), Now: now,
	}}, nil
}

// decision reads the counted hit against its rule.
func (h *QueuedHit) decision() (Decision, error) {
	if h.err != nil {
		return Decision{}, fmt.Errorf("count %s hit: %w", h.params.Rule, h.err)
	}
	return Decision{Allowed: int(h.row.Hits) <= h.rule.Max, RetryAfter: h.row.ResetsAt.Sub(h.params.Now)}, nil
}

// DeleteExpired removes the counters whose window has ended.
func (l *Limiter) DeleteExpired(ctx context.Context) (int64, error) {
	n, err := db.New(l.pool).DeleteExpired(ctx, l.Now())
	if err != nil {
		return 0, fmt.Errorf("delete expired rate limits: %w", err)
	}
	return n, nil
}
