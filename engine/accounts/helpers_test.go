package accounts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

var seq atomic.Int64

// newEmail is an address no other test uses.
func newEmail(prefix string) string {
	return fmt.Sprintf("%s%d-%d@example.com", prefix, seq.Add(1), time.Now().UnixNano()%1000000)
}

// signupBody is a valid signup; over replaces fields.
func signupBody(email string, over map[string]any) map[string]any {
	b := map[string]any{
		"email": email, "name": "Sanne", "date_of_birth": "1995-04-12", "password": "secret123",
		"gender": "female", "seeking": "male", "orientation_consent": true,
	}
	for k, v := range over {
		if v == nil {
			delete(b, k)
			continue
		}
		b[k] = v
	}
	return b
}

// withClock gives the engine a clock the test moves.
func withClock(env *servertest.Env) *accountstest.Clock {
	c := accountstest.NewClock(time.Now())
	env.Accounts.Now = c.Now
	return c
}

// setSetting changes a tenant setting, which the engine's next request
// sees.
func setSetting(t *testing.T, env *servertest.Env, slug, key string, value any) {
	t.Helper()
	raw, _ := json.Marshal(value)
	env.ChangeTenants(t, "UPDATE tenants SET settings = jsonb_set(settings, ARRAY[$2::text], $3::jsonb) WHERE slug = $1", slug, key, string(raw))
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// user is the user object as tests read it.
type user struct {
	ID                        int64
	Email                     string
	Status                    string
	Credits                   int64
	Language                  string
	NotificationsDisabled     []string             `json:"notifications_disabled"`
	ActivationReminder        bool                 `json:"activation_reminder"`
	DismissedAlerts           map[string]time.Time `json:"dismissed_alerts"`
	PendingEmail              string               `json:"pending_email"`
	SignupProfileID           *int64               `json:"signup_profile_id"`
	NotificationTypesDisabled []string             `json:"notification_types_disabled"`
	Profile                   *struct {
		ID          int64
		Name        string
		Gender      string
		Seeking     string
		DateOfBirth string `json:"date_of_birth"`
		Country     string
		City        string
		Status      string
	}
}

func currentUser(t *testing.T, c *servertest.Client) *user {
	t.Helper()
	var got struct{ User *user }
	c.Do("GET", "/api/user.php", nil).JSON(t, &got)
	return got.User
}

type apiErr struct {
	Error   string
	Message string
	MinAge  int `json:"min_age"`
	Minutes int
}

func errOf(t *testing.T, res servertest.Response) apiErr {
	t.Helper()
	var e apiErr
	res.JSON(t, &e)
	return e
}
