package landerpages_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rendezvous/engine/landerpages"
)

func TestRememberAndFromRequest(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		query      string
		cookie     string
		wantCookie bool
		want       *landerpages.Tracking
	}{
		{"no source", "/?x=1", "", false, nil},
		{"network link", "/?network=adnet&ref=r1&sub1=a&sub3=c", "", true, &landerpages.Tracking{Network: "adnet", Ref: "r1", Sub1: "a", Sub3: "c"}},
		{"ref only", "/members?ref=friend", "", true, &landerpages.Tracking{Ref: "friend"}},
		{"only sub ids", "/?sub1=a", "", false, nil},
		{"markup refused", "/?network=%3Cscript%3E", "", false, nil},
		{"too long refused", "/?network=" + strings.Repeat("n", 101), "", false, nil},
		{"remembered", "/members", "network=adnet&sub2=b", false, &landerpages.Tracking{Network: "adnet", Sub2: "b"}},
		{"forged cookie", "/members", "network=%3Cb%3E", false, nil},
		{"garbage cookie", "/members", "%zz", false, nil},
		{"lander link keeps its lander", "/landers/video/milf-b?network=adnet", "", true, &landerpages.Tracking{Network: "adnet", Lander: "video"}},
		{"member landing", "/members/12/landing2/b?ref=r1", "", true, &landerpages.Tracking{Ref: "r1", Lander: "landing2"}},
		{"the query names no lander", "/?network=adnet&lander=video", "", true, &landerpages.Tracking{Network: "adnet"}},
		{"newer link wins", "/?network=second", "network=first", true, &landerpages.Tracking{Network: "second"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := httptest.NewRequest(http.MethodGet, c.query, nil)
			if c.cookie != "" {
				r.AddCookie(&http.Cookie{Name: landerpages.Cookie, Value: c.cookie})
			}
			var seen *landerpages.Tracking
			w := httptest.NewRecorder()
			landerpages.Remember(true)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				seen = landerpages.FromRequest(r)
			})).ServeHTTP(w, r)
			set := w.Result().Cookies()
			if got := len(set) == 1 && set[0].Name == landerpages.Cookie; got != c.wantCookie {
				t.Fatalf("cookie set %v, want %v", set, c.wantCookie)
			}
			if c.wantCookie && (!set[0].HttpOnly || !set[0].Secure || set[0].MaxAge < 86400) {
				t.Fatalf("cookie %+v", set[0])
			}
			if (seen == nil) != (c.want == nil) || seen != nil && *seen != *c.want {
				t.Fatalf("tracking %+v, want %+v", seen, c.want)
			}
			if c.wantCookie {
				// The remembered cookie alone gives back the same source.
				again := httptest.NewRequest(http.MethodGet, "/api/members.php", nil)
				again.AddCookie(set[0])
				if got := landerpages.FromRequest(again); got == nil || *got != *c.want {
					t.Fatalf("from cookie %+v, want %+v", got, c.want)
				}
			}
		})
	}
}
