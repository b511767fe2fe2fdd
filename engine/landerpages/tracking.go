package landerpages

import (
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
)

// Cookie keeps a visitor's traffic source after the affiliate link's first
// hit.
const Cookie = "rdv_tracking"

// cookieLife is how long an affiliate is credited with a visitor who signs
// up later.
const cookieLife = 30 * 24 * time.Hour

// maxField bounds each value; longer ones are not a real affiliate's.
const maxField = 100

// Tracking is where a visitor came from.
type Tracking struct {
	Network string `json:"network"`
	Ref     string `json:"ref"`
	Sub1    string `json:"sub1"`
	Sub2    string `json:"sub2"`
	Sub3    string `json:"sub3"`
	// Lander is the lander the link landed on (VisitLander), kept so that
	// signups and purchases count for it; "" for other pages.
	Lander string `json:"lander,omitempty"`
}

// IsTrafficSource reports whether the visitor came through an affiliate
// network or referrer.
func (t *Tracking) IsTrafficSource() bool {
	return t != nil && (strings.TrimSpace(t.Network) != "" || strings.TrimSpace(t.Ref) != "")
}

// Valid reports whether every value is short printable text.
func (t *Tracking) Valid() bool {
	for _, f := range t.fields() {
		if !plain(*f) {
			return false
		}
	}
	return true
}

func (t *Tracking) fields() []*string {
	return []*string{&t.Network, &t.Ref, &t.Sub1, &t.Sub2, &t.Sub3, &t.Lander}
}

func plain(s string) bool {
	if len(s) > maxField {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '<' || r == '>' {
			return false
		}
	}
	return true
}

// fromValues reads a traffic source from query-shaped values; nil when they
// name none or are not plausible.
func fromValues(v url.Values) *Tracking {
	t := &Tracking{Network: v.Get("network"), Ref: v.Get("ref"), Sub1: v.Get("sub1"), Sub2: v.Get("sub2"), Sub3: v.Get("sub3"), Lander: v.Get("lander")}
	for _, f := range t.fields() {
		*f = strings.TrimSpace(*f)
	}
	if !t.IsTrafficSource() || !t.Valid() {
		return nil
	}
	return t
}

func (t *Tracking) values() url.Values {
	v := url.Values{}
	for k, f := range map[string]string{"network": t.Network, "ref": t.Ref, "sub1": t.Sub1, "sub2": t.Sub2, "sub3": t.Sub3, "lander": t.Lander} {
		if f != "" {
			v.Set(k, f)
		}
	}
	return v
}

// FromRequest is the request's traffic source: the affiliate link's own
// query on its first hit, else the remembered cookie; nil for none.
func FromRequest(r *http.Request) *Tracking {
	if t := FromQuery(r); t != nil {
		return t
	}
	c, err := r.Cookie(Cookie)
	if err != nil {
		return nil
	}
	v, err := url.ParseQuery(c.Value)
	if err != nil {
		return nil
	}
	return fromValues(v)
}

// FromQuery is the traffic source of the request's own query (an affiliate
// link's hit), not the remembered one; nil for none.
// Its lander is the page's own (VisitLander), never the query's.
func FromQuery(r *http.Request) *Tracking {
	t := fromValues(r.URL.Query())
	if t != nil {
		t.Lander = VisitLander(r.URL.Path)
	}
	return t
}

// HasTrafficSource reports whether the request comes with a traffic source.
func HasTrafficSource(r *http.Request) bool { return FromRequest(r) != nil }

// Remember sets the tracking cookie when a page is opened through an
// affiliate link (on a brand with the European rules only after the visitor
// accepted it, TrackingAllowed), so later calls of the visit (search, signup) still know
// the traffic source. A newer link replaces an older one: the last
// affiliate before signup is credited.
func Remember(secure bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if t := FromQuery(r); t != nil && r.Method == http.MethodGet && TrackingAllowed(r) {
				rememberTracking(w, t, secure)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// rememberTracking sets the affiliate cookie for t.
func rememberTracking(w http.ResponseWriter, t *Tracking, secure bool) {
	http.SetCookie(w, &http.Cookie{
		Name: Cookie, Value: t.values().Encode(), Path: "/", MaxAge: int(cookieLife.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
}
