package limits

import (
	"net/http"
	"net/netip"
	"strconv"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Code is the error code of a request over a limit (429); the answer's
// retry_after says in how many seconds the window ends, as does the
// Retry-After header.
const Code = "rate_limited"

// errLimited refuses a request over its limit.
var errLimited = refusal.New(refusal.TooMany, Code, "Too many requests. Please try again in a little while.")

// Subject says whose hits a request is; false leaves the request uncounted.
type Subject func(r *http.Request) (string, bool)

// ByClient counts per client address (httpx.ClientIP, so behind trusted
// proxies the visitor's). An IPv6 client counts per /64, the block one
// connection is given.
func ByClient(r *http.Request) (string, bool) {
	ip := httpx.ClientIP(r)
	if !ip.IsValid() {
		return "", false
	}
	ip = ip.Unmap()
	if ip.Is6() {
		return "ip:" + netip.PrefixFrom(ip, 64).Masked().String(), true
	}
	return "ip:" + ip.String(), true
}

// ByMember counts per member; member gives the logged-in member's id (0:
// nobody, not counted).
func ByMember(member func(r *http.Request) int64) Subject {
	return func(r *http.Request) (string, bool) {
		id := member(r)
		return MemberSubject(id), id > 0
	}
}

// PhoneSubject is the subject of the hits on a mobile number (E.164).
func PhoneSubject(e164 string) string { return "phone:" + e164 }

// MemberSubject is the subject of a member's hits (ByMember, QueueHit).
func MemberSubject(id int64) string { return "member:" + strconv.FormatInt(id, 10) }

// Limit counts every request of the route against the rule called name for
// its subject in the request's tenant, and answers 429 rate_limited once the
// rule's count is used up, before the handler runs.
func (l *Limiter) Limit(name string, by Subject) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			t := tenancy.FromContext(r.Context())
			subject, ok := by(r)
			if t == nil || !ok {
				next.ServeHTTP(w, r)
				return
			}
			d, err := l.Hit(r.Context(), t.ID, name, subject)
			if err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			if err := d.Refusal(); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
