package landerpages

import (
	"net/http"
	"net/url"
	"time"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// ConsentCookie keeps a visitor's answer to the cookie question of brands
// with the European rules: ConsentAll allows the affiliate cookie
// (rdv_tracking), ConsentEssential keeps to the cookies the site needs to
// work (session, language, the adults-only answer, this one), which ask
// no consent. The page's script reads it, so it is not HttpOnly.
const (
	ConsentCookie    = "rdv_consent"
	ConsentAll       = "all"
	ConsentEssential = "essential"
)

// consentLife is how long the answer is kept before the question comes
// again.
const consentLife = 365 * 24 * time.Hour

var errConsentChoice = refusal.New(refusal.Invalid, "cookie_choice_invalid", "Choose all or essential cookies.")

// TrackingAllowed reports whether the affiliate cookie may be set for the
// request: always on a brand without the European rules, else only after
// the visitor accepted all cookies. Without it the signup carries the
// traffic source itself (the link's parameters, which the page keeps).
func TrackingAllowed(r *http.Request) bool {
	t := tenancy.FromContext(r.Context())
	if t == nil || !t.EURules() {
		return true
	}
	return ConsentAsked(r) == ConsentAll
}

// ConsentAsked is the visitor's answer to the cookie question: ConsentAll,
// ConsentEssential, or "" when not answered yet.
func ConsentAsked(r *http.Request) string {
	c, err := r.Cookie(ConsentCookie)
	if err != nil || (c.Value != ConsentAll && c.Value != ConsentEssential) {
		return ""
	}
	return c.Value
}

// CookieChoice is the body of POST /api/cookies.php: the visitor's answer
// and the page they answered on (path and query), whose affiliate link
// the affiliate cookie then remembers.
type CookieChoice struct {
	Choice string `json:"choice"`
	Page   string `json:"page"`
}

// ConsentHandler answers POST /api/cookies.php {choice, page}: 204 with the
// answer kept (ConsentCookie). Accepting on a page opened through an
// affiliate link sets the affiliate cookie for that link, as the page would
// have; refusing removes an affiliate cookie set before.
func ConsentHandler(secure bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var c CookieChoice
		if err := httpx.DecodeJSON(w, r, &c); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if c.Choice != ConsentAll && c.Choice != ConsentEssential {
			httpx.WriteError(w, r, errConsentChoice)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: ConsentCookie, Value: c.Choice, Path: "/", MaxAge: int(consentLife.Seconds()),
			Secure: secure, SameSite: http.SameSiteLaxMode})
		switch {
		case c.Choice == ConsentEssential:
			http.SetCookie(w, &http.Cookie{Name: Cookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
		default:
			if page, err := url.Parse(c.Page); err == nil && page.Scheme == "" && page.Host == "" {
				if t := fromValues(page.Query()); t != nil {
					t.Lander = VisitLander(page.Path)
					rememberTracking(w, t, secure)
				}
			}
		}
		httpx.NoContent(w)
	}
}
