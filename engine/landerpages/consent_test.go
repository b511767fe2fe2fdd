package landerpages_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rendezvous/engine/landerpages"
	"rendezvous/engine/tenancy"
)

func cookieNamed(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// TestTrackingCookieWaitsForConsent: on a brand with the European rules an
// affiliate link sets rdv_tracking only after the visitor accepted all
// cookies; elsewhere at once.
func TestTrackingCookieWaitsForConsent(t *testing.T) {
	t.Parallel()
	eu := &tenancy.Tenant{Company: tenancy.Company{Country: "NL"}}
	us := &tenancy.Tenant{Company: tenancy.Company{Country: "US"}}
	cases := []struct {
		name    string
		tenant  *tenancy.Tenant
		consent string
		want    bool
	}{
		{"EU brand, not asked yet", eu, "", false},
		{"EU brand, essential only", eu, landerpages.ConsentEssential, false},
		{"EU brand, all accepted", eu, landerpages.ConsentAll, true},
		{"EU brand, forged answer", eu, "yes", false},
		{"brand without the rules", us, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := httptest.NewRequest(http.MethodGet, "/landers/video?network=adnet&ref=r1", nil)
			r = r.WithContext(tenancy.WithTenant(r.Context(), c.tenant))
			if c.consent != "" {
				r.AddCookie(&http.Cookie{Name: landerpages.ConsentCookie, Value: c.consent})
			}
			w := httptest.NewRecorder()
			landerpages.Remember(true)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(w, r)
			if got := cookieNamed(w.Result(), landerpages.Cookie) != nil; got != c.want {
				t.Fatalf("rdv_tracking set %v, want %v", got, c.want)
			}
		})
	}
}

// TestCookieChoice: accepting keeps the answer a year and remembers the
// page's affiliate link with its lander; refusing keeps the answer and
// removes an affiliate cookie; anything else is refused and sets nothing.
func TestCookieChoice(t *testing.T) {
	t.Parallel()
	post := func(body string) *http.Response {
		r := httptest.NewRequest(http.MethodPost, "/api/cookies.php", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		landerpages.ConsentHandler(true)(w, r)
		return w.Result()
	}
	res := post(`{"choice":"all","page":"/landers/video/milf-b?network=adnet&ref=r1&sub1=s"}`)
	consent, tracking := cookieNamed(res, landerpages.ConsentCookie), cookieNamed(res, landerpages.Cookie)
	if res.StatusCode != http.StatusNoContent || consent == nil || consent.Value != "all" || consent.MaxAge < 300*86400 || consent.HttpOnly {
		t.Fatalf("accept: %d %+v", res.StatusCode, consent)
	}
	if tracking == nil || !tracking.HttpOnly || !strings.Contains(tracking.Value, "lander=video") || !strings.Contains(tracking.Value, "network=adnet") {
		t.Fatalf("accept on an affiliate link: tracking %+v", tracking)
	}
	if res := post(`{"choice":"all","page":"https://evil.example/?network=adnet"}`); cookieNamed(res, landerpages.Cookie) != nil {
		t.Fatal("another site's address set the affiliate cookie")
	}
	res = post(`{"choice":"essential","page":"/landers/video?network=adnet"}`)
	consent, tracking = cookieNamed(res, landerpages.ConsentCookie), cookieNamed(res, landerpages.Cookie)
	if consent == nil || consent.Value != "essential" || tracking == nil || tracking.MaxAge >= 0 {
		t.Fatalf("refuse: consent %+v, tracking %+v (want it removed)", consent, tracking)
	}
	res = post(`{"choice":"maybe"}`)
	if res.StatusCode != http.StatusUnprocessableEntity || len(res.Cookies()) != 0 {
		t.Fatalf("a bad choice: %d %v", res.StatusCode, res.Cookies())
	}
}
