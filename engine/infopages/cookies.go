package infopages

// Cookie is one cookie the engine sets, as the cookie page lists it.
type Cookie struct {
	Name string
	// Days is how long it lives; 0 is until the browser closes.
	Days int
	// Purpose names the paragraph of the cookie page that explains it
	// (session, locale, tracking, entry, consent, console).
	Purpose string
}

// Cookies are every cookie the engine sets, in one place: the cookie page
// of every language lists them from here, and TestCookiesListed fails when
// the engine's code sets a cookie that is not among them. None is for
// advertising or analytics.
var Cookies = []Cookie{
	{Name: "rdv_session", Days: 30, Purpose: "session"},
	{Name: "locale", Days: 365, Purpose: "locale"},
	{Name: "rdv_tracking", Days: 30, Purpose: "tracking"},
	{Name: "rdv_site_entry", Days: 365, Purpose: "entry"},
	// The answer to the cookie question of brands with the European rules
	// (engine/landerpages, ConsentCookie).
	{Name: "rdv_consent", Days: 365, Purpose: "consent"},
	{Name: "rdv_console", Days: 0, Purpose: "console"},
}
