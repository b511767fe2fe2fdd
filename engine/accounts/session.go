package accounts

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

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
// nil; other areas know the member through identity.Current. It is the
// account as the database holds it: when Identify decided with a member
// kept in memory (SessionStore), the first call reads the account (once
// per request), so a balance or a setting is never a moment old.
func CurrentMember(ctx context.Context) *Account {
	a, _ := ctx.Value(accountKey).(*currentAccount)
	if a == nil {
		return nil
	}
	return a.get(ctx)
}

// LastSeen is when the request's logged-in member was last seen, as this
// instance knows it, without reading the account; ok is false for a
// visitor.
func LastSeen(ctx context.Context) (member int64, at time.Time, ok bool) {
	a, _ := ctx.Value(accountKey).(*currentAccount)
	if a == nil {
		return 0, time.Time{}, false
	}
	return a.id, a.lastSeen, true
}

// currentAccount is the request's account: m, read with the session, or,
// when stale, the member kept in memory, which get reads afresh once.
type currentAccount struct {
	id       int64
	lastSeen time.Time
	svc      *Service
	m        *Account
	stale    bool
	once     sync.Once
	fresh    *Account
}

func (a *currentAccount) get(ctx context.Context) *Account {
	if !a.stale {
		return a.m
	}
	a.once.Do(func() {
		m, err := MemberByID(ctx, a.svc.Pool, a.id)
		if err != nil {
			// The session counted a moment ago: the request goes on
			// with the account as it was then, and meets the database's
			// trouble in its own statements.
			a.svc.Log.Warn("read the account of a session kept in memory", "member", a.id, "err", err)
			m = cloneAccount(a.m)
		}
		a.fresh = m
	})
	return a.fresh
}

// WithMember stores m as the request's logged-in member, both as its account
// and as the identity every area sees.
func WithMember(ctx context.Context, m *Account) context.Context {
	return withLogin(ctx, &currentAccount{id: m.ID, lastSeen: m.LastSeenAt, m: m}, "")
}

// withLogin is WithMember for a request whose session has token: the
// identity names the session too (identity.SessionID), so what the
// request opens (a live stream) can end with it.
func withLogin(ctx context.Context, a *currentAccount, token string) context.Context {
	ctx = context.WithValue(ctx, accountKey, a)
	m := a.m
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
		memo, _ := ctx.Value(memoKey).(*sessionMemo)
		var m *Account
		cached, lastSeen := false, time.Time{}
		if memo != nil {
			m, cached, lastSeen = memo.member, memo.cached, memo.lastSeen
		}
		var err error
		if m == nil || m.ID != login.MemberID {
			m, err = MemberByID(ctx, s.Pool, login.MemberID)
			cached = false
			if m != nil {
				lastSeen = m.LastSeenAt
			}
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
		a := &currentAccount{id: m.ID, lastSeen: lastSeen, svc: s, m: m, stale: cached}
		next.ServeHTTP(w, r.WithContext(withLogin(ctx, a, s.Sessions.Token(ctx))))
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		load.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), memoKey, &sessionMemo{userAgent: cut(r.UserAgent(), maxUserAgent), address: httpx.ClientIP(r)})))
	})
}

// StartSession logs m in on the request's session (a fresh token).
func (s *Service) StartSession(ctx context.Context, m *Account) error {
	return s.Sessions.Start(ctx, identity.Login{MemberID: m.ID, TenantID: m.TenantID, Epoch: m.SessionEpoch})
}
