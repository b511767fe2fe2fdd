package accounts

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// SessionLifetime is how long a login lasts (SPEC.md section 9).
const SessionLifetime = 30 * 24 * time.Hour

// Session keys.
const (
	keyMember = "member_id"
	keyTenant = "tenant_id"
	keyEpoch  = "epoch"
)

// NewSessions keeps sessions in PostgreSQL, so every engine instance knows
// every login. secure marks the cookie Secure (behind HTTPS).
func NewSessions(pool *pgxpool.Pool, secure bool, cleanup time.Duration) *scs.SessionManager {
	s := scs.New()
	s.Store = pgxstore.NewWithCleanupInterval(pool, cleanup)
	s.Lifetime = SessionLifetime
	s.Cookie.Name = "rdv_session"
	s.Cookie.HttpOnly = true
	s.Cookie.SameSite = http.SameSiteLaxMode
	s.Cookie.Secure = secure
	s.Cookie.Persist = true
	s.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }
	return s
}

type ctxKey int

const memberKey ctxKey = iota

// CurrentMember returns the logged-in member of the request, or nil.
func CurrentMember(ctx context.Context) *Member {
	m, _ := ctx.Value(memberKey).(*Member)
	return m
}

// WithMember stores m as the request's logged-in member.
func WithMember(ctx context.Context, m *Member) context.Context {
	return context.WithValue(ctx, memberKey, m)
}

// Identify finds the logged-in member of each request. A session counts only
// on the tenant that made it, only for a member who can still log in, and
// only while the member's password is the one it was made with.
func (s *Service) Identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id := s.Sessions.GetInt64(ctx, keyMember)
		if id == 0 {
			next.ServeHTTP(w, r)
			return
		}
		t := tenancy.FromContext(ctx)
		m, err := MemberByID(ctx, s.Pool, id)
		if err != nil && !errors.Is(err, ErrNotFound) {
			httpx.WriteError(w, r, err)
			return
		}
		if m == nil || m.TenantID != t.ID || s.Sessions.GetInt64(ctx, keyTenant) != t.ID ||
			int32(s.Sessions.GetInt(ctx, keyEpoch)) != m.SessionEpoch ||
			m.Status == StatusDeletionPending || m.Status == StatusDeleted {
			_ = s.Sessions.Destroy(ctx)
			next.ServeHTTP(w, r)
			return
		}
		if s.Now().Sub(m.LastSeenAt) > time.Minute {
			s.markSeen(ctx, m.ID)
		}
		next.ServeHTTP(w, r.WithContext(WithMember(ctx, m)))
	})
}

// RequireMember refuses logged-out requests with 403 authentication_required.
func RequireMember(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if CurrentMember(r.Context()) == nil {
			httpx.WriteError(w, r, httpx.ErrAuthenticationRequired)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// startSession logs m in on a fresh session token, so a token planted
// before login is worthless afterwards.
func (s *Service) startSession(ctx context.Context, m *Member) error {
	if err := s.Sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.Sessions.Put(ctx, keyMember, m.ID)
	s.Sessions.Put(ctx, keyTenant, m.TenantID)
	s.Sessions.Put(ctx, keyEpoch, int(m.SessionEpoch))
	return nil
}
