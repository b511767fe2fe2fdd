package outbound

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Guard decides which addresses outgoing calls may reach. The zero value
// and NewGuard() without options refuse every forbidden address; a nil
// *Guard is the same strict guard.
type Guard struct {
	allowLoopback bool
}

// Option changes a Guard.
type Option func(*Guard)

// AllowLoopbackForTests lets the guard reach loopback addresses (127.0.0.0/8
// and ::1) and nothing else forbidden, so that tests can stand in for a
// network or a push service with a local httptest server. The engine's own
// wiring never passes it; only tests do.
func AllowLoopbackForTests() Option {
	return func(g *Guard) { g.allowLoopback = true }
}

// NewGuard returns a guard; without options it is strict.
func NewGuard(opts ...Option) *Guard {
	g := &Guard{}
	for _, o := range opts {
		o(g)
	}
	return g
}

// ErrForbidden is what a refused address's error wraps.
var ErrForbidden = errors.New("forbidden address")

// ForbiddenError is a host or address the guard refuses, with why.
type ForbiddenError struct {
	// Host is the name or address asked for.
	Host string
	// Reason names the kind of address ("a loopback address").
	Reason string
}

func (e *ForbiddenError) Error() string {
	return fmt.Sprintf("%s is %s, which outgoing calls may not reach", e.Host, e.Reason)
}

// Unwrap makes errors.Is(err, ErrForbidden) hold.
func (e *ForbiddenError) Unwrap() error { return ErrForbidden }

// reserved are the ranges that net/netip's predicates do not name but that
// are no public host either: "this network", carrier-grade NAT (where some
// clouds put their metadata service), IETF protocol assignments,
// benchmarking, the reserved and broadcast block, and the IPv6 prefixes
// that carry an IPv4 address inside (NAT64, 6to4, Teredo), which could
// point at a forbidden IPv4 address.
var reserved = []struct {
	prefix netip.Prefix
	reason string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "a 'this network' address"},
	{netip.MustParsePrefix("100.64.0.0/10"), "a carrier-grade NAT address"},
	{netip.MustParsePrefix("192.0.0.0/24"), "a reserved address"},
	{netip.MustParsePrefix("192.0.2.0/24"), "a documentation address"},
	{netip.MustParsePrefix("198.18.0.0/15"), "a benchmarking address"},
	{netip.MustParsePrefix("198.51.100.0/24"), "a documentation address"},
	{netip.MustParsePrefix("203.0.113.0/24"), "a documentation address"},
	{netip.MustParsePrefix("240.0.0.0/4"), "a reserved address"},
	{netip.MustParsePrefix("64:ff9b::/96"), "a NAT64 address"},
	{netip.MustParsePrefix("64:ff9b:1::/48"), "a NAT64 address"},
	{netip.MustParsePrefix("2001::/32"), "a Teredo address"},
	{netip.MustParsePrefix("2001:db8::/32"), "a documentation address"},
	{netip.MustParsePrefix("2002::/16"), "a 6to4 address"},
	{netip.MustParsePrefix("fec0::/10"), "a site-local address"},
}

// Refusal is why the guard refuses a, or "" when a may be called.
func (g *Guard) Refusal(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case !a.IsValid():
		return "not an address"
	case a.IsLoopback():
		if g != nil && g.allowLoopback {
			return ""
		}
		return "a loopback address"
	case a.IsUnspecified():
		return "an unspecified address"
	case a.IsPrivate():
		return "a private network address"
	case a.IsLinkLocalUnicast():
		// 169.254.169.254, the metadata service of most clouds, is one.
		return "a link-local address"
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return "a multicast address"
	}
	for _, r := range reserved {
		if r.prefix.Contains(a) {
			return r.reason
		}
	}
	return ""
}

// lookupTimeout bounds the name lookup of CheckHost.
const lookupTimeout = 3 * time.Second

// CheckHost refuses host (a name or an address, as in a URL) when it is
// a forbidden address, a localhost name, or a name any of whose addresses
// is forbidden. A name that does not resolve now passes: it may resolve
// later, and then every call is checked where it connects.
func (g *Guard) CheckHost(ctx context.Context, host string) error {
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if a, err := netip.ParseAddr(host); err == nil {
		if reason := g.Refusal(a); reason != "" {
			return &ForbiddenError{Host: host, Reason: reason}
		}
		return nil
	}
	lower := strings.ToLower(host)
	if lower == "localhost" || strings.HasSuffix(lower, ".localhost") {
		if g != nil && g.allowLoopback {
			return nil
		}
		return &ForbiddenError{Host: host, Reason: "a loopback address"}
	}
	ctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		if reason := g.Refusal(a); reason != "" {
			return &ForbiddenError{Host: host, Reason: "resolves to " + reason}
		}
	}
	return nil
}

// control is the dialer's check of the address it is about to connect to,
// after the name was resolved.
func (g *Guard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &ForbiddenError{Host: address, Reason: "not an address"}
	}
	if reason := g.Refusal(ap.Addr()); reason != "" {
		// The address itself stays out of the message: it is shown to
		// operators, who need not learn the inside of the network.
		return &ForbiddenError{Host: "the address dialled", Reason: reason}
	}
	return nil
}

// ClientOptions shape a guarded client.
type ClientOptions struct {
	// Timeout bounds a whole call, redirects and body included.
	Timeout time.Duration
	// MaxRedirects is how many redirects a call follows, to http or https
	// addresses only; 0 follows none and answers the redirect itself.
	MaxRedirects int
}

// connectTimeout bounds opening a connection and its TLS handshake.
const connectTimeout = 5 * time.Second

// Client returns an HTTP client whose every connection is checked by the
// guard. It uses no proxy (a proxy from the environment would dial in our
// place, and unchecked), and it keeps no cookies.
func (g *Guard) Client(o ClientOptions) *http.Client {
	dialer := &net.Dialer{Timeout: connectTimeout, KeepAlive: 30 * time.Second, Control: g.control}
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   connectTimeout,
		ResponseHeaderTimeout: o.Timeout,
		MaxIdleConns:          20,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       60 * time.Second,
	}
	return &http.Client{Transport: transport, Timeout: o.Timeout, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if o.MaxRedirects == 0 {
			return http.ErrUseLastResponse
		}
		if len(via) > o.MaxRedirects {
			return fmt.Errorf("more than %d redirects", o.MaxRedirects)
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return errors.New("a redirect to neither http nor https")
		}
		return nil
	}}
}
