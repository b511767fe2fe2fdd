package accounts

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/semaphore"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/delivery"
	"rendezvous/engine/identity"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/tenancy"
)

// Service holds what the account rules need.
type Service struct {
	Pool     *pgxpool.Pool
	Sessions *identity.Sessions
	Log      *slog.Logger
	// Now is the clock; tests replace it.
	Now func() time.Time
	// HashParams are the argon2id parameters of new password hashes.
	HashParams *argon2id.Params
	// Mailer renders and queues the account mails.
	Mailer *delivery.Mailer
	// Block is the login block policy.
	Block BlockPolicy
	// HookSecret authenticates the mail webhooks (MAIL_WEBHOOK_SECRET);
	// empty accepts them unauthenticated, which only the development
	// mailbox setup allows.
	HookSecret string
	// Links makes the addresses of mailed links; nil is plain
	// tenancy.Links (https only behind Secure cookies, no port).
	Links *tenancy.Links
	// Postbacks tells the members' affiliate networks of their signups and
	// activations; nil tells none.
	Postbacks *affiliates.Postbacks
	// Outbound decides which push endpoints may be saved; nil is the
	// strict guard.
	Outbound *outbound.Guard

	// hashGate bounds the password hashes running at once (hashing.go).
	hashGate *semaphore.Weighted

	dummyOnce sync.Once
	dummy     string
}

// NewService returns a service with the real clock and production hashing.
// d.Mailer queues the account mails; d.HookSecret is MAIL_WEBHOOK_SECRET.
func NewService(d Deps) *Service {
	s := &Service{Pool: d.Pool, Sessions: d.Sessions, Log: d.Log, Now: time.Now, HashParams: argon2id.DefaultParams,
		Mailer: d.Mailer, Links: d.Links, Block: DefaultBlockPolicy, HookSecret: d.HookSecret,
		Postbacks: d.Postbacks, Outbound: d.Outbound, hashGate: newHashGate(argon2id.DefaultParams)}
	// The sessions kept in memory age on the service's clock, so a test
	// that moves it on sees them read again.
	if store := s.sessionStore(); store != nil {
		store.now = func() time.Time { return s.Now() }
	}
	return s
}

// Deps are what the account rules take from the rest of the engine; each
// is described on Service.
type Deps struct {
	Pool       *pgxpool.Pool
	Sessions   *identity.Sessions
	Mailer     *delivery.Mailer
	Links      *tenancy.Links
	HookSecret string
	Postbacks  *affiliates.Postbacks
	Outbound   *outbound.Guard
	Log        *slog.Logger
}

// dummyHash is compared against when no member has the email, so a login
// takes as long whether or not the address exists. It is made at the first
// login with an unknown address, with the service's own parameters: made
// when the package loaded, it cost every start of every command one
// argon2id hash (64 MiB; 7 s of a second `make run` on a loaded 2-core
// machine; engine/cmd/bench/HISTORY.md).
func (s *Service) dummyHash() string {
	s.dummyOnce.Do(func() { s.dummy, _ = argon2id.CreateHash("rendezvous-no-such-member", s.HashParams) })
	return s.dummy
}

// MarkSeen records that member id was seen now, and on the request's
// session; the web app shows when members were last online, the console
// when each session was last used. engine/membership calls it at most once
// a minute per member. Outside a request Identify loaded (no session) only
// the member is marked.
func (s *Service) MarkSeen(ctx context.Context, id int64) error {
	token := ""
	if _, ok := ctx.Value(memoKey).(*sessionMemo); ok {
		token = s.Sessions.Token(ctx)
	}
	if err := db.New(s.Pool).MemberSeen(ctx, db.MemberSeenParams{ID: id, Token: token}); err != nil {
		return fmt.Errorf("mark member %d seen: %w", id, err)
	}
	// The member's sessions kept in memory know it too, so their next
	// requests do not mark the member again.
	if store := s.sessionStore(); store != nil {
		store.cache.seen(id, s.Now())
	}
	return nil
}

// SessionsEnding tells this instance at once that member's sessions end or
// may stop counting, from a transaction that moves the member's session
// epoch on (a ban, a suspension, an operator's "end sessions"): its next
// requests here are identified from the database, not from memory, even
// before the transaction commits. The database's notification tells every
// instance when it commits (live.Hub.WatchSessions); this spares the
// member's next request on this instance the moment that takes.
func (s *Service) SessionsEnding(member int64) {
	if store := s.sessionStore(); store != nil {
		store.cache.forgetMember(member, store.now())
	}
}

// sessionStore is the store of the members' sessions, nil when they are
// kept elsewhere (a test's memory store).
func (s *Service) sessionStore() *SessionStore {
	if s.Sessions == nil {
		return nil
	}
	store, _ := s.Sessions.Store.(*SessionStore)
	return store
}
