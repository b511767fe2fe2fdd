package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/identity"
)

// SessionStore keeps the members' sessions in the sessions table
// (pgxstore's layout, which deletes them and their expired ones, plus the
// member whose login each is) and reads a session's member in the same
// statement as the session: Identify needs both on every request that
// loads the session, one round trip fewer on each.
//
// Within SessionCacheTTL it answers a member's session from memory while
// the instance hears the notifications that end sessions (Hearing,
// Changed; live.Hub.WatchSessions calls them).
type SessionStore struct {
	*pgxstore.PostgresStore
	pool  *pgxpool.Pool
	cache *sessionCache
	// now is the cache's clock: the accounts service's (Service.Now,
	// which tests move), once a service uses the store.
	now func() time.Time
}

// NewSessionStore keeps sessions in pool; expired sessions are deleted
// every cleanup (0 never).
func NewSessionStore(pool *pgxpool.Pool, cleanup time.Duration) *SessionStore {
	return &SessionStore{PostgresStore: pgxstore.NewWithCleanupInterval(pool, cleanup), pool: pool,
		cache: newSessionCache(SessionCacheTTL), now: time.Now}
}

// Hearing is told whether this instance hears, from now on, every
// instance's notifications of ended sessions and changed members: only
// then are sessions answered from memory.
func (s *SessionStore) Hearing(on bool) { s.cache.setHearing(on) }

// Changed is told that member's sessions ended, all or one, or that facts
// of the member a session counts by changed, on any instance.
func (s *SessionStore) Changed(member int64) { s.cache.forgetMember(member, s.now()) }

// sessionMemo is where FindCtx leaves the member it read with the session,
// for Identify; Identify puts one in each request's context, with the
// request's device and address for a session the request makes.
type sessionMemo struct {
	member *Account
	// cached is true when member came from memory (sessionCache): shared
	// by requests, never changed, a moment old; lastSeen is when the
	// member was last seen as this instance knows it.
	cached    bool
	lastSeen  time.Time
	userAgent string
	address   netip.Addr
}

// FindCtx reads the session of token and, when the session names its
// member, the member with it (into the request's sessionMemo). A session
// whose member is not recorded (a visitor's, or one from before migration
// 01750) is read as pgxstore reads it.
//
// A member's session read within SessionCacheTTL comes from memory, with
// the member as it was read then (memo.cached).
func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	memo, _ := ctx.Value(memoKey).(*sessionMemo)
	if hit, ok := s.cache.get(token, s.now()); ok {
		if memo != nil {
			memo.member, memo.cached, memo.lastSeen = hit.member, true, hit.lastSeen
		}
		return hit.data, true, nil
	}
	gen := s.cache.begin()
	row, err := db.New(s.pool).SessionWithMember(ctx, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return s.PostgresStore.Find(token)
	}
	if err != nil {
		return nil, false, fmt.Errorf("find session: %w", err)
	}
	m := memberFromRow(row.Member)
	if memo != nil {
		memo.member, memo.cached, memo.lastSeen = m, false, m.LastSeenAt
	}
	s.cache.put(token, gen, row.Data, m, s.now())
	return row.Data, true, nil
}

// DeleteCtx deletes the session of token, at once from memory too (the
// database's notification of its end reaches the other instances).
// A request that read the session while it was being deleted does not
// keep it either: the forgetting after the delete moves the cache's
// generation on.
func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	s.cache.forgetSession(token)
	defer s.cache.forgetSession(token)
	return s.PostgresStore.Delete(token)
}

// Delete is DeleteCtx without a request.
func (s *SessionStore) Delete(token string) error { return s.DeleteCtx(context.Background(), token) }

// Find is FindCtx without a request.
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

// CommitCtx writes the session with the member whose login it is and,
// when the request made it, the request's device and address.
func (s *SessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	var member pgtype.Int8
	if id := identity.SessionMember(b); id != 0 {
		member = pgtype.Int8{Int64: id, Valid: true}
	}
	p := db.SessionCommitParams{Token: token, Data: b, Expiry: expiry, MemberID: member}
	if memo, ok := ctx.Value(memoKey).(*sessionMemo); ok {
		p.UserAgent, p.Device, p.CreatedFrom = memo.userAgent, DeviceOf(memo.userAgent), knownAddr(memo.address)
	}
	err := db.New(s.pool).SessionCommit(ctx, p)
	if err != nil {
		return fmt.Errorf("commit session: %w", err)
	}
	return nil
}

// Commit is CommitCtx without a request.
func (s *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}
