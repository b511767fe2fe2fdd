package accounts_test

import (
	"net/http"
	"slices"
	"testing"

	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

type consentState struct {
	TermsVersion    string `json:"terms_version"`
	PrivacyVersion  string `json:"privacy_version"`
	AcceptedTerms   string `json:"accepted_terms"`
	AcceptedPrivacy string `json:"accepted_privacy"`
	Orientation     bool
	Outdated        []string
	History         []struct {
		Kind, Version, Address string
		Granted                bool
	}
}

func consentsOf(t *testing.T, c *servertest.Client) consentState {
	t.Helper()
	var st consentState
	res := c.Do(http.MethodGet, "/api/consents.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &st)
	return st
}

// TestSignupAsksOrientationConsent: a signup without the explicit consent to
// process orientation and preferences is refused and stores nothing; with
// it, the terms, the privacy statement (their current versions) and the
// consent are recorded with the signup's address.
func TestSignupAsksOrientationConsent(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	email := newEmail("consent")
	before := count(t, env.Pool, "SELECT count(*) FROM members")
	for _, v := range []any{nil, false} {
		res := c.Do(http.MethodPost, "/api/signup.php", signupBody(email, map[string]any{"orientation_consent": v}))
		res.Want(t, http.StatusUnprocessableEntity, "orientation_consent_required")
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM members"); n != before {
		t.Fatalf("a refused signup stored a member: %d -> %d", before, n)
	}
	c.Do(http.MethodPost, "/api/signup.php", signupBody(email, nil)).Want(t, http.StatusCreated, "")
	st := consentsOf(t, c)
	if st.TermsVersion == "" || st.AcceptedTerms != st.TermsVersion || st.AcceptedPrivacy != st.PrivacyVersion || !st.Orientation {
		t.Fatalf("consents after signup: %+v", st)
	}
	if len(st.Outdated) != 0 || len(st.History) != 3 {
		t.Fatalf("want three answers and nothing outdated, got %+v", st)
	}
	for _, h := range st.History {
		if h.Address != "127.0.0.1" || !h.Granted {
			t.Errorf("answer %+v: want granted from 127.0.0.1", h)
		}
	}
}

// TestNewTermsVersionAsksAgain: when the brand's terms version changes, a
// logged-in member is asked to accept the new one; accepting an older
// version is refused, the current one recorded.
func TestNewTermsVersionAsksAgain(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setSetting(t, env, "lustlokaal", "terms_version", "2026-11")
	c := env.Client(t, "localhost")
	c.Do(http.MethodPost, "/api/signup.php", signupBody(newEmail("terms"), nil)).Want(t, http.StatusCreated, "")
	env.Exec(t, `UPDATE consents SET version = '2025-01' WHERE kind = 'terms'`)
	st := consentsOf(t, c)
	if !slices.Equal(st.Outdated, []string{"terms"}) || st.TermsVersion != "2026-11" {
		t.Fatalf("want the terms outdated, got %+v", st)
	}
	c.Do(http.MethodPost, "/api/consents.php", map[string]any{"terms_version": "2025-01"}).Want(t, http.StatusConflict, "consent_version_changed")
	c.Do(http.MethodPost, "/api/consents.php", map[string]any{}).Want(t, http.StatusUnprocessableEntity, "consent_nothing")
	c.Do(http.MethodPost, "/api/consents.php", map[string]any{"terms_version": "2026-11"}).Want(t, http.StatusOK, "")
	if st := consentsOf(t, c); len(st.Outdated) != 0 || st.AcceptedTerms != "2026-11" || len(st.History) != 4 {
		t.Fatalf("after accepting: %+v", st)
	}
}

// TestWithdrawOrientationDeletesAccount: withdrawing the orientation
// consent is recorded and starts the account's deletion like DELETE
// account.php: the session ends, the profile is hidden, the mail goes out.
func TestWithdrawOrientationDeletesAccount(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	c.Do(http.MethodPost, "/api/signup.php", signupBody(newEmail("withdraw"), nil)).Want(t, http.StatusCreated, "")
	me := currentUser(t, c)
	c.Do(http.MethodDelete, "/api/consents.php?kind=terms", nil).Want(t, http.StatusUnprocessableEntity, "consent_kind_invalid")
	c.Do(http.MethodDelete, "/api/consents.php?kind=orientation", nil).Want(t, http.StatusAccepted, "")
	if n := count(t, env.Pool, "SELECT count(*) FROM consents WHERE member_id = $1 AND kind = 'orientation' AND NOT granted AND address IS NOT NULL", me.ID); n != 1 {
		t.Fatalf("withdrawals recorded: %d", n)
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM members WHERE id = $1 AND status = 'deletion_pending'", me.ID); n != 1 {
		t.Fatal("the account is not deletion-pending")
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1 AND status = 'hidden'", me.ID); n != 1 {
		t.Fatal("the profile is still shown")
	}
	c.Do(http.MethodGet, "/api/consents.php", nil).Want(t, http.StatusForbidden, "authentication_required")

	// Coming back with the mailed link logs the member in, but nobody is
	// matched without the consent: the profile stays hidden until the
	// member gives it again.
	mail := deliverytest.Await(t, env.Pool, me.Email, "deletion", 0)
	res := c.Do(http.MethodPost, "/api/reactivate.php", map[string]string{"token": mail.Token(t)})
	res.Want(t, http.StatusOK, "")
	var back struct{ User user }
	res.JSON(t, &back)
	if back.User.Status != "active" || back.User.Profile.Status != "hidden" {
		t.Fatalf("reactivated without the consent: %s", res.Body)
	}
	if st := consentsOf(t, c); st.Orientation || !slices.Contains(st.Outdated, "orientation") {
		t.Fatalf("the consent is not asked again: %+v", st)
	}
	c.Do(http.MethodPost, "/api/consents.php", map[string]any{"orientation": true}).Want(t, http.StatusOK, "")
	if n := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1 AND status = 'active'", me.ID); n != 1 {
		t.Fatal("the profile is not shown after the consent was given again")
	}
}

// TestMarketingOffOnEuropeanBrands: a new member of a brand with the
// European rules starts without news, promotions and weekly updates unless
// they tick the box; elsewhere they are on unless the member says no, and a
// brand setting turns the rules on.
func TestMarketingOffOnEuropeanBrands(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	setSetting(t, env, "herzklopfen", "eu_rules", false)
	marketing := []string{"news", "promotions", "weekly_updates"}
	cases := []struct {
		host   string
		choice any
		want   []string
	}{
		{"localhost", nil, marketing},
		{"localhost", false, marketing},
		{"localhost", true, []string{}},
		{"us.localhost", nil, []string{}},
		{"us.localhost", false, marketing},
		{"de.localhost", nil, []string{}},
	}
	for _, tc := range cases {
		c := env.Client(t, tc.host)
		body := signupBody(newEmail("mk"), map[string]any{"marketing": tc.choice})
		if tc.host == "us.localhost" {
			body["country"] = "US"
			body["tracking"] = map[string]string{"network": "adnet"} // the brand signs up traffic only
		} else if tc.host == "de.localhost" {
			body["country"] = "DE"
		}
		c.Do(http.MethodPost, "/api/signup.php", body).Want(t, http.StatusCreated, "")
		if got := currentUser(t, c).NotificationTypesDisabled; !slices.Equal(got, tc.want) {
			t.Errorf("%s with marketing %v: disabled %v, want %v", tc.host, tc.choice, got, tc.want)
		}
	}
}
