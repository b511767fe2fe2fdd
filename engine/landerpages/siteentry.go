package landerpages

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"rendezvous/engine/identity"
	"rendezvous/engine/tenancy"
)

// SiteEntryCookie remembers that the visitor answered the adults-only
// question; the member app sets and reads it too (beside its own storage),
// so the question is asked once, wherever the visitor arrives first.
const SiteEntryCookie = "rdv_site_entry"

// siteEntryLife is how long the answer is remembered.
const siteEntryLife = 365 * 24 * time.Hour

// SiteEntryWanted reports whether a lander asks the visitor the
// adults-only question, by the app's rule: the brand asks it
// (enable_site_entry_popup is not "no") of visitors from its own countries,
// until they answered it, and never of a logged-in member. Landers load no
// session; a visitor carrying the member session's cookie counts as
// logged in.
func SiteEntryWanted(r *http.Request, t *tenancy.Tenant, country string) bool {
	if t.Settings.EnableSiteEntryPopup == "no" || country == "" || !t.HasCountry(strings.ToUpper(country)) {
		return false
	}
	if c, err := r.Cookie(SiteEntryCookie); err == nil && c.Value != "" {
		return false
	}
	_, err := r.Cookie(identity.SessionCookie)
	return err != nil
}

// EnterHandler answers POST /landers/enter, the adults-only question
// answered without the page's script: the answer is remembered and the
// visitor returns to the lander they came from (back; any other address
// returns to the first lander).
func EnterHandler(secure bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
		back := Prefix + Names[0]
		if err := r.ParseForm(); err == nil {
			if u, err := url.Parse(r.PostForm.Get("back")); err == nil && u.Scheme == "" && u.Host == "" {
				if _, ok := ParseRoute(u.Path); ok {
					back = u.RequestURI()
				}
			}
		}
		http.SetCookie(w, &http.Cookie{Name: SiteEntryCookie, Value: "1", Path: "/", MaxAge: int(siteEntryLife.Seconds()),
			Secure: secure, SameSite: http.SameSiteLaxMode})
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
}
