package staff

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff/internal/db"
)

// Console sessions last a working day and end after an idle hour: staff see
// members' data and money, so a forgotten browser should not stay logged in.
const (
	SessionLifetime    = 12 * time.Hour
	SessionIdleTimeout = time.Hour
)

// SessionCookie is the console's session cookie; members' is rdv_session.
const SessionCookie = "rdv_console"

// Session keys.
const (
	keyStaff    = "staff_id"
	keyEpoch    = "epoch"
	keyVerified = "verified"
)

// newSessions keeps console sessions in the staff_sessions table, never in
// the members' sessions table, so neither kind of token opens the other.
func newSessions(pool *pgxpool.Pool, secure bool) *scs.SessionManager {
	s := scs.New()
	s.Store = &sessionStore{pool: pool, now: time.Now}
	s.Codec = identity.SessionCodec{}
	s.Lifetime = SessionLifetime
	s.IdleTimeout = SessionIdleTimeout
	s.Cookie.Name = SessionCookie
	s.Cookie.Path = "/"
	s.Cookie.HttpOnly = true
	s.Cookie.SameSite = http.SameSiteStrictMode
	s.Cookie.Secure = secure
	s.Cookie.Persist = false
	s.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }
	return s
}

// sessionStore is scs's store over the staff_sessions table.
type sessionStore struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

var _ scs.CtxStore = (*sessionStore)(nil)

func (s *sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	data, err := db.New(s.pool).SessionFind(ctx, db.SessionFindParams{Token: token, Now: s.now()})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("find console session: %w", err)
	}
	return data, true, nil
}

func (s *sessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	if err := db.New(s.pool).SessionCommit(ctx, db.SessionCommitParams{Token: token, Data: b, Expiry: expiry}); err != nil {
		return fmt.Errorf("save console session: %w", err)
	}
	return nil
}

func (s *sessionStore) DeleteCtx(ctx context.Context, token string) error {
	if err := db.New(s.pool).SessionDelete(ctx, token); err != nil {
		return fmt.Errorf("delete console session: %w", err)
	}
	return nil
}

func (s *sessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *sessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}

func (s *sessionStore) Delete(token string) error { return s.DeleteCtx(context.Background(), token) }
