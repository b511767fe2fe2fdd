package accounts_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

func TestSignupValidation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	taken := accountstest.NewMember(t, env.Pool, accountstest.Member{Email: "taken@example.com"})
	c := env.Client(t, "localhost")
	before := count(t, env.Pool, "SELECT count(*) FROM members")
	cases := []struct {
		name    string
		body    any
		status  int
		code    string
		message string
	}{
		{"invalid email", signupBody("not-an-email", nil), 422, "email_invalid", "Invalid email"},
		{"email with display name", signupBody("Sanne <s@example.com>", nil), 422, "email_invalid", "Invalid email"},
		{"email without domain dot", signupBody("s@localhost", nil), 422, "email_invalid", "Invalid email"},
		{"duplicate email, other case", signupBody("TAKEN@example.com", nil), 409, "email_taken",
			"This email address already owns an account on this website."},
		{"name is the email", signupBody("sanne@example.com", map[string]any{"name": "Sanne@Example.com"}), 422, "name_is_email",
			"Username may not be the same as your e-mail address"},
		{"name starts with @", signupBody(newEmail("at"), map[string]any{"name": "@sanne"}), 422, "name_at", "Username may not start with @"},
		{"html in name", signupBody(newEmail("h"), map[string]any{"name": "<script>alert(1)</script>"}), 422, "name_invalid", ""},
		{"sql in name", signupBody(newEmail("q"), map[string]any{"name": "x'); DROP TABLE members;--"}), 422, "name_invalid", ""},
		{"empty name", signupBody(newEmail("e"), map[string]any{"name": ""}), 422, "name_invalid", ""},
		{"too young", signupBody(newEmail("y"), map[string]any{"date_of_birth": "2020-01-01"}), 422, "date_of_birth",
			"Enter your date of birth (18+)"},
		{"impossible date", signupBody(newEmail("d"), map[string]any{"date_of_birth": "1990-02-30"}), 422, "date_of_birth_invalid", "Invalid date of birth"},
		{"not a date", signupBody(newEmail("d"), map[string]any{"date_of_birth": "yesterday"}), 422, "date_of_birth_invalid", "Invalid date of birth"},
		{"future date", signupBody(newEmail("d"), map[string]any{"date_of_birth": "2999-01-01"}), 422, "date_of_birth_invalid", "Invalid date of birth"},
		{"short password", signupBody(newEmail("p"), map[string]any{"password": "abc"}), 422, "password_invalid", ""},
		{"bad gender", signupBody(newEmail("g"), map[string]any{"gender": "robot"}), 422, "gender_invalid", ""},
		{"bad seeking", signupBody(newEmail("g"), map[string]any{"seeking": "everyone"}), 422, "seeking_invalid", ""},
		{"country not served", signupBody(newEmail("c"), map[string]any{"country": "US"}), 422, "country_invalid", ""},
		{"markup in city", signupBody(newEmail("c"), map[string]any{"city": "<b>Utrecht</b>"}), 422, "location_invalid", ""},
		{"message too long", signupBody(newEmail("m"), map[string]any{"signup_message": strings.Repeat("x", 1001)}), 422, "signup_message_too_long", ""},
		{"tracking too long", signupBody(newEmail("t"), map[string]any{"tracking": map[string]string{"network": strings.Repeat("n", 101)}}), 422, "tracking_invalid", ""},
		{"malformed json", `{"email": "a@b.nl", `, 400, "invalid_json", ""},
		{"empty body", ``, 400, "invalid_json", ""},
		{"two values", `{} {}`, 400, "invalid_json", ""},
		{"unknown field", signupBody(newEmail("u"), map[string]any{"is_admin": true}), 400, "unknown_field", ""},
		{"wrong type", signupBody(newEmail("w"), map[string]any{"date_of_birth": 19950412}), 422, "wrong_type", ""},
		{"wrong nested type", signupBody(newEmail("w"), map[string]any{"tracking": "google"}), 422, "wrong_type", ""},
		{"profile id as text", signupBody(newEmail("w"), map[string]any{"profile_id": "12"}), 422, "wrong_type", ""},
		{"huge body", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`, 413, "body_too_large", ""},
	}
	for _, tc := range cases {
		res := c.Do("POST", "/api/signup.php", tc.body)
		e := errOf(t, res)
		if res.Status != tc.status || e.Error != tc.code || (tc.message != "" && e.Message != tc.message) {
			t.Errorf("%s: %d %s, want %d %s %q", tc.name, res.Status, res.Body, tc.status, tc.code, tc.message)
		}
		if e.Message == "" {
			t.Errorf("%s: no message in %s", tc.name, res.Body)
		}
	}
	if e := errOf(t, c.Do("POST", "/api/signup.php", signupBody(newEmail("y"), map[string]any{"date_of_birth": "2020-01-01"}))); e.MinAge != 18 {
		t.Errorf("min_age field %d", e.MinAge)
	}
	if after := count(t, env.Pool, "SELECT count(*) FROM members"); after != before {
		t.Fatalf("refused signups made members: %d -> %d", before, after)
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM members WHERE email = $1", taken.Email); n != 1 {
		t.Fatalf("%d members with the taken address", n)
	}
	if got := currentUser(t, c); got != nil {
		t.Fatalf("a refused signup logged in: %+v", got)
	}
}

func TestSignupCreatesMemberProfileCreditsAndActivation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	inView := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Lotte", Gender: "female"})
	c := env.Client(t, "localhost")
	email := newEmail("Sanne")
	res := c.Do("POST", "/api/signup.php", signupBody(email, map[string]any{
		"profile_id": inView.ID, "signup_message": "Hoi Lotte!", "city": "Utrecht", "region": "NL-UT",
		"tracking": map[string]string{"network": "adnet", "ref": "r1", "sub1": "a", "sub2": "b", "sub3": "c"},
	}))
	if res.Status != http.StatusCreated {
		t.Fatalf("signup: %d %s", res.Status, res.Body)
	}
	u := currentUser(t, c)
	if u == nil {
		t.Fatal("not logged in after signup")
	}
	// The signup message goes to the profile in view as the member's
	// first message, sent by a job of the signup (chat tests it).
	messageSent := `SELECT count(*) FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id
		WHERE m.sender_id = $1 AND m.body = 'Hoi Lotte!' AND cm.member_id = $2`
	deadline := time.Now().Add(10 * time.Second)
	for count(t, env.Pool, messageSent, u.ID, inView.ID) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the signup message never reached the profile")
		}
		time.Sleep(10 * time.Millisecond)
	}
	u = currentUser(t, c)
	// 50 signup credits less the 10 of the signup message.
	if u.Email != email || u.Status != "not_confirmed" || u.Credits != 40 || u.Language != "nl" || !u.ActivationReminder ||
		u.SignupProfileID == nil || *u.SignupProfileID != inView.ID {
		t.Fatalf("user %+v", u)
	}
	p := u.Profile
	if p == nil || p.Name != "Sanne" || p.Gender != "female" || p.Seeking != "male" || p.DateOfBirth != "1995-04-12" ||
		p.Country != "NL" || p.City != "Utrecht" || p.Status != "disabled" {
		t.Fatalf("profile %+v", p)
	}
	// The signup credits went through the ledger.
	var kind, tracking, message string
	var delta int64
	if err := env.Pool.QueryRow(context.Background(), `SELECT l.kind, l.delta, m.tracking::text, m.signup_message
		FROM ledger l JOIN members m ON m.id = l.member_id WHERE m.id = $1 AND l.kind = 'signup_bonus'`, u.ID).Scan(&kind, &delta, &tracking, &message); err != nil {
		t.Fatal(err)
	}
	if kind != "signup_bonus" || delta != 50 || !strings.Contains(tracking, `"network": "adnet"`) || !strings.Contains(tracking, `"sub3": "c"`) ||
		message != "Hoi Lotte!" {
		t.Fatalf("ledger %s %d, tracking %s, message %q", kind, delta, tracking, message)
	}
	if n := count(t, env.Pool, messageSent, u.ID, inView.ID); n != 1 {
		t.Fatalf("the signup message reached the profile %d times", n)
	}

	// The activation mail, in the member's language, links to activate.php.
	mail := deliverytest.Await(t, env.Pool, email, "activation", 0)
	if !strings.Contains(mail.Subject, "LustLokaal") || !strings.Contains(mail.Text, "Hoi Sanne,") {
		t.Fatalf("activation mail %q\n%s", mail.Subject, mail.Text)
	}
	if len(mail.Headers) != 0 {
		t.Fatalf("a transactional mail has bulk headers %v", mail.Headers)
	}
	link := mail.Path(t, "/api/activate.php?token=")
	// A foreign tenant cannot use the link.
	if res := env.Client(t, "de.localhost").Do("GET", link, nil); res.Header.Get("Location") != "/activate/error" {
		t.Fatalf("activation on another tenant: %d %s", res.Status, res.Header.Get("Location"))
	}
	res = c.Do("GET", link, nil)
	if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/activate/done" {
		t.Fatalf("activate: %d %s", res.Status, res.Header.Get("Location"))
	}
	u = currentUser(t, c)
	if u.Status != "active" || u.Profile.Status != "active" || u.ActivationReminder {
		t.Fatalf("after activation %+v %+v", u, u.Profile)
	}
	// Single use.
	if res := c.Do("GET", link, nil); res.Header.Get("Location") != "/activate/error" {
		t.Fatalf("second activation: %s", res.Header.Get("Location"))
	}
	if res := c.Do("GET", "/api/activate.php?token=nonsense", nil); res.Header.Get("Location") != "/activate/error" {
		t.Fatalf("bad token: %s", res.Header.Get("Location"))
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM account_tokens WHERE member_id = $1 AND token_hash = convert_to($2, 'UTF8')",
		u.ID, mail.Token(t)); n != 0 {
		t.Fatal("a token is stored in plain text")
	}
}

// A stale or foreign profile link does not stop the signup; it opens no
// profile afterwards.
func TestSignupIgnoresProfileOfAnotherPool(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	german := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "herzklopfen"})
	c := env.Client(t, "localhost")
	if res := c.Do("POST", "/api/signup.php", signupBody(newEmail("p"), map[string]any{"profile_id": german.ID})); res.Status != 201 {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if u := currentUser(t, c); u.SignupProfileID != nil {
		t.Fatalf("signup profile %d of another pool kept", *u.SignupProfileID)
	}
}

func TestSignupMinimumAgeComesFromTheTenant(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setSetting(t, env, "lustlokaal", "min_age", 21)
	c := env.Client(t, "localhost")
	clock := withClock(env)
	year := clock.Now().Year()
	dob := func(age int) string { return clock.Now().AddDate(-age, 0, 0).Format("2006-01-02") }
	res := c.Do("POST", "/api/signup.php", signupBody(newEmail("a"), map[string]any{"date_of_birth": dob(20)}))
	if e := errOf(t, res); res.Status != 422 || e.Message != "Enter your date of birth (21+)" || e.MinAge != 21 {
		t.Fatalf("age 20 (year %d): %d %s", year, res.Status, res.Body)
	}
	if res := c.Do("POST", "/api/signup.php", signupBody(newEmail("a"), map[string]any{"date_of_birth": dob(21)})); res.Status != 201 {
		t.Fatalf("age 21 today: %d %s", res.Status, res.Body)
	}
}

func TestSignupAvailability(t *testing.T) {
	t.Parallel()
	cases := []struct {
		setting  string
		tracking any
		status   int
	}{
		{"all", nil, 201},
		{"with_trafficsource", nil, 403},
		{"with_trafficsource", map[string]string{"sub1": "x"}, 403},
		{"with_trafficsource", map[string]string{"network": "adnet"}, 201},
		{"none", map[string]string{"network": "adnet"}, 403},
	}
	for _, tc := range cases {
		t.Run(tc.setting, func(t *testing.T) {
			t.Parallel()
			env := servertest.New(t)
			setSetting(t, env, "lustlokaal", "signups", tc.setting)
			res := env.Client(t, "localhost").Do("POST", "/api/signup.php", signupBody(newEmail("s"), map[string]any{"tracking": tc.tracking}))
			if res.Status != tc.status {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			if tc.status == 403 {
				var e struct{ Error, Message, Sitename string }
				res.JSON(t, &e)
				if e.Error != "invite_only" || e.Message != "LustLokaal is currently invite-only" || e.Sitename != "LustLokaal" {
					t.Fatalf("%s", res.Body)
				}
			}
		})
	}
}

// Two signups with one address at once: exactly one wins, whatever the
// letter case.
func TestConcurrentSignupsWithOneEmail(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for round := 0; round < 5; round++ {
		email := newEmail("race")
		variants := []string{email, strings.ToUpper(email), email, strings.ToUpper(email[:1]) + email[1:]}
		statuses := make([]int, len(variants))
		codes := make([]string, len(variants))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, v := range variants {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := env.Client(t, "localhost")
				<-start
				res := c.Do("POST", "/api/signup.php", signupBody(v, nil))
				statuses[i], codes[i] = res.Status, res.ErrorCode()
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for i := range variants {
			switch {
			case statuses[i] == 201:
				won++
			case statuses[i] != 409 || codes[i] != "email_taken":
				t.Fatalf("round %d: %d %s", round, statuses[i], codes[i])
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d signups won (%v)", round, won, statuses)
		}
		if n := count(t, env.Pool, "SELECT count(*) FROM members WHERE lower(email) = lower($1)", email); n != 1 {
			t.Fatalf("round %d: %d members", round, n)
		}
	}
}

// A visitor who opened the site through an affiliate link keeps its traffic
// source for the visit: signups 'with_trafficsource' open, and the member
// keeps the source, even when the app sends none.
func TestSignupRemembersTheAffiliateLink(t *testing.T) {
	t.Parallel()
	env := servertest.New(t) // sparkusa takes signups with a traffic source only
	c := env.Client(t, "us.localhost")
	if res := c.Do("POST", "/api/signup.php", signupBody(newEmail("aff"), nil)); res.Status != 403 || res.ErrorCode() != "invite_only" {
		t.Fatalf("without a source: %d %s", res.Status, res.Body)
	}
	if res := c.Do("GET", "/?network=adnet&ref=r9&sub2=spring", nil); res.Status != 200 {
		t.Fatalf("landing page: %d", res.Status)
	}
	if res := c.Do("GET", "/members", nil); res.Status != 200 {
		t.Fatalf("next page: %d", res.Status)
	}
	email := newEmail("aff")
	if res := c.Do("POST", "/api/signup.php", signupBody(email, map[string]any{"date_of_birth": "1990-01-01"})); res.Status != 201 {
		t.Fatalf("with the remembered source: %d %s", res.Status, res.Body)
	}
	if n := count(t, env.Pool, `SELECT count(*) FROM members WHERE lower(email) = lower($1)
		AND tracking->>'network' = 'adnet' AND tracking->>'ref' = 'r9' AND tracking->>'sub2' = 'spring'`, email); n != 1 {
		t.Fatal("the member does not keep the traffic source")
	}
}
