package accounts

import (
	"context"
	"errors"
	"net/http"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

type ctxKey int

const (
	accountKey ctxKey = iota
	memoKey
)

// CurrentMember returns the account of the request's logged-in member, or
// nil. Identify loads it once per request; other areas know the member
// through identity.Current.
func CurrentMember(ctx context.Context) *Account {
	m, _ := ctx.Value(accountKey).(*Account)
	return m
}

// WithMember stores m as the request's logged-in member, both as its account
// and as the identity every area sees.
func WithMember(ctx context.Context, m *Account) context.Context {
	return withLogin(ctx, m, "")
}

// withLogin is WithMember for a request whose session has token: the
// identity names the session too (identity.SessionID), so what the
// request opens (a live stream) can end with it.
func withLogin(ctx context.Context, m *Account, token string) context.Context {
	ctx = context.WithValue(ctx, accountKey, m)
	im := identity.Member{ID: m.ID, TenantID: m.TenantID, PaidUser: m.PaidUser, Language: m.Language, Epoch: m.SessionEpoch}
	if token != "" {
		im.Session = identity.SessionID(token)
	}
	return identity.WithMember(ctx, im)
}

// Identify loads the session of each request (the session manager's
// LoadAndSave) and finds its logged-in member, read with the session by
// SessionStore or else on its own. A session counts only on the tenant
// that made it, only for a member who can still log in, and only while the
// member's password is the one it was made with.
func (s *Service) Identify(next http.Handler) http.Handler {
	load := s.Sessions.LoadAndSave(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		login, ok := s.Sessions.Login(ctx)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		t := tenancy.FromContext(ctx)
		m := sessionMember(ctx)
		var err error
		if m == nil || m.ID != login.MemberID {
			m, err = MemberByID(ctx, s.Pool, login.MemberID)
		}
		if err != nil && !errors.Is(err, ErrNotFound) {
			httpx.WriteError(w, r, err)
			return
		}
		if m == nil || m.TenantID != t.ID || login.TenantID != t.ID || login.Epoch != m.SessionEpoch ||
			m.Status == StatusDeletionPending || m.Status == StatusDeleted || m.Banned || m.DemoOff {
			_ = s.Sessions.End(ctx)
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r.WithContext(withLogin(ctx, m, s.Sessions.Token(ctx))))
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		load.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), memoKey, &sessionMemo{userAgent: cut(r.UserAgent(), maxUserAgent), address: httpx.ClientIP(r)})))
	})
}

// sessionMember is the member SessionStore read with the request's session, or nil.
func sessionMember(ctx context.Context) *Account {
	if memo, ok := ctx.Value(memoKey).(*sessionMemo); ok {
		return memo.member
	}
	return nil
}

// StartSession logs m in on the request's session (a fresh token).
func (s *Service) StartSession(ctx context.Context, m *Account) error {
	return s.Sessions.Start(ctx, identity.Login{MemberID: m.ID, TenantID: m.TenantID, Epoch: m.SessionEpoch})
}
