package identity

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

// SessionLifetime is how long a login lasts.
const SessionLifetime = 30 * 24 * time.Hour

// Session keys.
const (
	keyMember = "member_id"
	keyTenant = "tenant_id"
	keyEpoch  = "epoch"
)

// SessionCookie is the members' session cookie.
const SessionCookie = "rdv_session"

// Sessions are the members' logins, kept in PostgreSQL so every engine
// instance knows every login. The embedded manager gives LoadAndSave, the
// middleware that loads a request's session.
type Sessions struct {
	*scs.SessionManager
}

// NewSessions keeps sessions in store (accounts.SessionStore: the
// sessions table); secure marks the cookie Secure (behind HTTPS).
func NewSessions(store scs.Store, secure bool) *Sessions {
	s := scs.New()
	s.Store = store
	s.Codec = newDecodedSessions()
	s.Lifetime = SessionLifetime
	s.Cookie.Name = SessionCookie
	s.Cookie.HttpOnly = true
	s.Cookie.SameSite = http.SameSiteLaxMode
	s.Cookie.Secure = secure
	s.Cookie.Persist = true
	s.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }
	return &Sessions{SessionManager: s}
}

// Login is what a session remembers of a login: the member, the tenant it
// was made on and the member's session epoch then (a password change moves
// the epoch on, which ends every older session).
type Login struct {
	MemberID int64
	TenantID int64
	Epoch    int32
}

// Start logs l in on a fresh session token, so a token planted before login
// is worthless afterwards.
func (s *Sessions) Start(ctx context.Context, l Login) error {
	if err := s.RenewToken(ctx); err != nil {
		return err
	}
	s.Put(ctx, keyMember, l.MemberID)
	s.Put(ctx, keyTenant, l.TenantID)
	s.Put(ctx, keyEpoch, int(l.Epoch))
	return nil
}

// End logs the request's session out.
func (s *Sessions) End(ctx context.Context) error { return s.Destroy(ctx) }

// SessionMember is the member whose login the stored session b (as
// SessionCodec wrote it) is, 0 for none: the session store keeps it
// beside the data.
func SessionMember(b []byte) int64 {
	_, values, err := SessionCodec{}.Decode(b)
	if err != nil {
		return 0
	}
	id, _ := values[keyMember].(int64)
	return id
}

// Login is the login of the request's session; ok is false for visitors.
func (s *Sessions) Login(ctx context.Context) (l Login, ok bool) {
	id := s.GetInt64(ctx, keyMember)
	if id == 0 {
		return Login{}, false
	}
	return Login{MemberID: id, TenantID: s.GetInt64(ctx, keyTenant), Epoch: int32(s.GetInt(ctx, keyEpoch))}, true
}

// Member is the logged-in member of a request, as every area sees it; the
// account itself is the accounts area's.
type Member struct {
	ID       int64
	TenantID int64
	// PaidUser is true for premium members.
	PaidUser bool
	// Language is the member's language of the site.
	Language string
	// Epoch is the member's session epoch the request's login was made
	// with, and Session names the request's session (SessionID of its
	// token, empty when the request has none): what the request opens
	// (a live stream) ends with the login.
	Epoch   int32
	Session string
}

// SessionID names a session where its token must not go (the database's
// notification that it ended): the SHA-256 of the token in hex, as the
// sessions table's trigger computes it.
func SessionID(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

type ctxKey int

const memberKey ctxKey = iota

// WithMember stores m as the request's logged-in member.
func WithMember(ctx context.Context, m Member) context.Context {
	return context.WithValue(ctx, memberKey, &m)
}

// Current returns the request's logged-in member, or nil for a visitor.
func Current(ctx context.Context) *Member {
	m, _ := ctx.Value(memberKey).(*Member)
	return m
}

// Refusals of the guards.
var (
	ErrAuthenticationRequired = refusal.New(refusal.Forbidden, "authentication_required", "You need to log in for this.")
	ErrClientRequestRequired  = refusal.New(refusal.Forbidden, "request_type_required",
		"This call needs the header X-Request-Type: client.")
)

// RequireMember refuses logged-out requests with 403 authentication_required.
func RequireMember(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if Current(r.Context()) == nil {
			httpx.WriteError(w, r, ErrAuthenticationRequired)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// RequireClientRequest refuses calls without X-Request-Type: client, the
// header the member app sends with its calls; a cross-site form cannot set
// it.
func RequireClientRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Request-Type") != "client" {
			httpx.WriteError(w, r, ErrClientRequestRequired)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// MemberOnly returns the request's logged-in member, or answers 403
// authentication_required and returns nil. Handlers of member-only calls use
// it as a second guard should a route ever miss RequireMember.
func MemberOnly(w http.ResponseWriter, r *http.Request) *Member {
	m := Current(r.Context())
	if m == nil {
		httpx.WriteError(w, r, ErrAuthenticationRequired)
	}
	return m
}
