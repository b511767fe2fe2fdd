package webapp

import "strings"

// appRoutes are the member app's routes. A segment "*" matches one path
// segment; a trailing "?" segment is optional. The landers (/landers/...)
// are not among them: the engine serves them (engine/landerpages).
var appRoutes = []string{
	"/",
	"/likes", "/likes/*", "/likes/m/*",
	"/chats", "/chats/*",
	"/members", "/members/*", "/members/*/chat", "/members/*/landing", "/members/*/signup",
	"/members/*/landing2/?", "/members/*/landing3/?",
	"/account-deleted", "/complaints", "/complete-signup",
	"/credits", "/credits/*/?", "/credits/repeat-order", "/directdebit",
	"/lang-config", "/login", "/match-finder", "/matches", "/notifications",
	"/premium", "/pricing", "/profile",
	"/reset-password", "/reset-password/do",
	"/signup", "/signup-matches", "/swipe-game",
	"/activate/done", "/activate/error", "/mail-change/do",
	"/transactions/?",
	"/pages/ban", "/pages/cookies", "/pages/faq", "/pages/privacy", "/pages/return-policy", "/pages/service", "/pages/terms",
	// {token}: the static info pages addressed by their token at the root.
	"/ban", "/cookies", "/faq", "/privacy", "/return-policy", "/service", "/terms",
}

// IsAppRoute reports whether the member app has a page at path.
func IsAppRoute(path string) bool { return matchesAny(appRoutes, path) }

// matchesAny reports whether path is one of routes (patterns as appRoutes).
func matchesAny(routes []string, path string) bool {
	segs := split(path)
	for _, route := range routes {
		if match(split(route), segs) {
			return true
		}
	}
	return false
}

func split(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func match(route, path []string) bool {
	if len(route) > 0 && route[len(route)-1] == "?" {
		opt := route[:len(route)-1]
		return match(opt, path) || match(append(append([]string{}, opt...), "*"), path)
	}
	if len(route) != len(path) {
		return false
	}
	for i, seg := range route {
		if seg != "*" && seg != path[i] {
			return false
		}
		if seg == "*" && path[i] == "" {
			return false
		}
	}
	return true
}
