package landerpages

import (
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
