package landerpages

import (
	"slices"
	"strings"

	"rendezvous/engine/platform/httpx"
)

// VisitVariant is the A/B variant a visit of address p records: the slug of
// a lander (/landers/{name}/{slug}, Variant) or of a member landing
// (/members/{id}/landing2/{slug}, /members/{id}/landing3/{slug}), which the
// member app draws; "" for other pages. The traffic report counts an
// affiliate's visits per variant either way.
func VisitVariant(p string) string {
	if v := Variant(p); v != "" {
		return v
	}
	return MemberLandingSlug(p)
}

// VisitLander is the lander a visit of address p landed on: a lander's
// name (/landers/{name}/{slug?}), the member landing's design ("landing",
// "landing2", "landing3" of /members/{id}/landing...), "" for other pages.
// Affiliates compare their landers by it.
func VisitLander(p string) string {
	if r, ok := ParseRoute(p); ok {
		return r.Name
	}
	rest, found := strings.CutPrefix(strings.TrimSuffix(p, "/"), "/members/")
	if !found {
		return ""
	}
	segs := strings.Split(rest, "/")
	if len(segs) < 2 || len(segs) > 3 || !slices.Contains(MemberLandings, segs[1]) {
		return ""
	}
	if _, ok := httpx.ID(segs[0]); !ok {
		return ""
	}
	return segs[1]
}

// MemberLandings are the designs of a member landing, as their addresses
// name them.
var MemberLandings = []string{"landing", "landing2", "landing3"}

// MemberLandingSlug is the slug of a member landing's address, "" for none
// (/members/{id}/landing has none) and for any other address.
func MemberLandingSlug(p string) string {
	rest, found := strings.CutPrefix(strings.TrimSuffix(p, "/"), "/members/")
	if !found {
		return ""
	}
	segs := strings.Split(rest, "/")
	if len(segs) != 3 || (segs[1] != "landing2" && segs[1] != "landing3") || segs[2] == "" || !plain(segs[2]) {
		return ""
	}
	if _, ok := httpx.ID(segs[0]); !ok {
		return ""
	}
	return segs[2]
}
