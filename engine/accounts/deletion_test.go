package accounts_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/server/servertest"
)

func TestDeleteAndReactivate(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Daan"})
	res := c.Do("DELETE", "/api/account.php", nil)
	var answer struct {
		Status  string
		PurgeAt time.Time `json:"purge_at"`
	}
	res.JSON(t, &answer)
	if res.Status != http.StatusAccepted || answer.Status != "deletion_pending" || !answer.PurgeAt.Equal(clock.Now().Add(14*24*time.Hour)) {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	if currentUser(t, c) != nil {
		t.Fatal("still logged in after deletion")
	}
	// Hidden everywhere, and no login.
	if n := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1 AND status = 'hidden'", made.ID); n != 1 {
		t.Fatal("profile not hidden")
	}
	res = c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password})
	if res.Status != http.StatusForbidden || res.ErrorCode() != "account_pending_deletion" {
		t.Fatalf("login while pending: %d %s", res.Status, res.Body)
	}
	if res := c.Do("POST", "/api/reset-password.php", map[string]string{"email": made.Email}); res.ErrorCode() != "account_pending_deletion" {
		t.Fatalf("reset while pending: %d %s", res.Status, res.Body)
	}
	mail := deliverytest.Await(t, env.Pool, made.Email, "deletion", 0)
	// The day as the member's Dutch writes it ("8 december 2026").
	purgeDay := locale.Date("nl", answer.PurgeAt.In(mustLocation(t, "Europe/Amsterdam")))
	if !strings.Contains(mail.Text, purgeDay) || !strings.HasPrefix(mail.Path(t, "token="), "/account-deleted?token=") {
		t.Fatalf("deletion mail %s %v", mail.Text, mail.Links)
	}
	if res := c.Do("POST", "/api/reactivate.php", map[string]string{"token": "forged"}); res.Status != 410 || res.ErrorCode() != "link_invalid" {
		t.Fatalf("forged token: %d %s", res.Status, res.Body)
	}
	clock.Advance(13 * 24 * time.Hour)
	res = c.Do("POST", "/api/reactivate.php", map[string]string{"token": mail.Token(t)})
	var got struct{ User user }
	res.JSON(t, &got)
	if res.Status != 200 || got.User.Status != "active" || got.User.Profile.Status != "active" {
		t.Fatalf("reactivate: %d %s", res.Status, res.Body)
	}
	if currentUser(t, c) == nil {
		t.Fatal("reactivation did not log in")
	}
	if res := c.Do("POST", "/api/reactivate.php", map[string]string{"token": mail.Token(t)}); res.Status != 410 {
		t.Fatalf("second use: %d", res.Status)
	}
	// Nothing is purged for a reactivated account.
	clock.Advance(2 * 24 * time.Hour)
	if n, err := env.PurgeDue(context.Background()); err != nil || n != 0 {
		t.Fatalf("purged %d (%v)", n, err)
	}
}

func TestPurgeAfterFourteenDays(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Femke", Credits: 40, City: "Zwolle"})
	keep := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	ctx := context.Background()
	c.Do("POST", "/api/user.php?push=1", map[string]any{"subscription": pushSubscription("https://push.example.com/femke")})
	c.Do("POST", "/api/alerts.php", map[string]string{"alert": "push"})
	if _, err := env.Pool.Exec(ctx, `UPDATE members SET tracking = '{"network":"adnet"}' WHERE id = $1`, made.ID); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2), ($2, $1)",
		"INSERT INTO blocks (blocker_id, blocked_id) VALUES ($2, $1)",
		`WITH c AS (INSERT INTO conversations (member_lo, member_hi, started_by) VALUES (least($1::bigint, $2::bigint), greatest($1::bigint, $2::bigint), $1) RETURNING id)
		 INSERT INTO messages (conversation_id, sender_id, kind, body) SELECT id, $1, 'text', 'Hoi!' FROM c`,
	} {
		if _, err := env.Pool.Exec(ctx, q, made.ID, keep.ID); err != nil {
			t.Fatal(err)
		}
	}
	if res := c.Do("DELETE", "/api/account.php", nil); res.Status != 202 {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	token := deliverytest.Await(t, env.Pool, made.Email, "deletion", 0).Token(t)

	clock.Advance(14*24*time.Hour - time.Minute)
	if _, err := env.PurgeDue(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM members WHERE id = $1 AND status = 'deletion_pending'", made.ID); n != 1 {
		t.Fatal("purged before 14 days")
	}
	clock.Advance(2 * time.Minute)
	env.Purge(t, made.ID)
	var email, status, hash, tracking string
	var credits int64
	if err := env.Pool.QueryRow(ctx, "SELECT email, status, password_hash, tracking::text, credits FROM members WHERE id = $1", made.ID).
		Scan(&email, &status, &hash, &tracking, &credits); err != nil {
		t.Fatal(err)
	}
	if status != "deleted" || strings.Contains(email, made.Email) || !strings.HasSuffix(email, "@deleted.invalid") || hash != "" {
		t.Fatalf("member after purge: %s %s %q", email, status, hash)
	}
	// Accounting keeps its rows: the ledger and the affiliate tracking.
	if n := count(t, env.Pool, "SELECT count(*) FROM ledger WHERE member_id = $1", made.ID); n != 1 || credits != 40 || !strings.Contains(tracking, "adnet") {
		t.Fatalf("accounting lost: %d ledger rows, %d credits, tracking %s", n, credits, tracking)
	}
	for _, q := range []string{
		"SELECT count(*) FROM profiles WHERE id = $1",
		"SELECT count(*) FROM push_subscriptions WHERE member_id = $1",
		"SELECT count(*) FROM alert_dismissals WHERE member_id = $1",
		"SELECT count(*) FROM account_tokens WHERE member_id = $1",
		"SELECT count(*) FROM likes WHERE liker_id = $1 OR liked_id = $1",
		"SELECT count(*) FROM blocks WHERE blocker_id = $1 OR blocked_id = $1",
		"SELECT count(*) FROM conversations WHERE member_lo = $1 OR member_hi = $1",
		"SELECT count(*) FROM messages WHERE sender_id = $1",
		"SELECT count(*) FROM swipes WHERE member_id = $1 OR profile_id = $1",
	} {
		if n := count(t, env.Pool, q, made.ID); n != 0 {
			t.Errorf("%s: %d rows left", q, n)
		}
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1", keep.ID); n != 1 {
		t.Fatal("another member was purged")
	}
	// The address is free again, the link and the login are gone.
	if res := c.Do("POST", "/api/reactivate.php", map[string]string{"token": token}); res.Status != 410 {
		t.Fatalf("reactivate after purge: %d", res.Status)
	}
	if res := c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}); res.Status != 401 {
		t.Fatalf("login after purge: %d", res.Status)
	}
	if res := env.Client(t, "localhost").Do("POST", "/api/signup.php", signupBody(made.Email, nil)); res.Status != 201 {
		t.Fatalf("signup with a purged address: %d %s", res.Status, res.Body)
	}
	// A second run finds nothing more.
	if n, err := env.PurgeDue(ctx); err != nil || n != 0 {
		t.Fatalf("second purge %d %v", n, err)
	}
}

func mustLocation(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
