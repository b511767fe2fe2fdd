package accounts

import (
	"strings"
	"unicode/utf8"
)

// maxUserAgent is how much of a browser's user agent a session keeps: enough
// for any real browser's, not a megabyte a client chose to send.
const maxUserAgent = 400

// cut is s in at most n bytes, not splitting a character.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// The browsers and systems a user agent is summarised by, each the first
// of its list whose marker the user agent holds. Order matters: Edge,
// Opera and Samsung Internet also call themselves Chrome and Safari;
// Chrome calls itself Safari; Android calls itself Linux and iPads
// Macintosh.
var (
	browsers = []struct{ marker, name string }{
		{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
		{"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
		{"CriOS/", "Chrome"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	}
	systems = []struct{ marker, name string }{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"},
		{"CrOS", "ChromeOS"}, {"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Linux", "Linux"},
	}
)

// DeviceOf summarises a user agent as the console shows a session's
// device: "Chrome on Android", "Safari on iPhone" (browser and system
// names are the same in every language); a part it does not recognise is
// left out, and a user agent of neither is empty (the console words it).
func DeviceOf(userAgent string) string {
	browser, system := "", ""
	for _, b := range browsers {
		if strings.Contains(userAgent, b.marker) {
			browser = b.name
			break
		}
	}
	for _, s := range systems {
		if strings.Contains(userAgent, s.marker) {
			system = s.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	}
	return system
}
