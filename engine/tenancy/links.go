package tenancy

import (
	"net"
	"net/http"
	"slices"
)

// Links makes the absolute addresses mailed to members (activation, reset,
// email change, unsubscribe): one of the tenant's own hosts, the request's
// when the tenant owns it, else the primary one, with the scheme and port
// the engine is told it is reached on. Never the request's raw Host
// header: any client can send one with any port (localhost:1).
type Links struct {
	// HTTPS makes links https:// (behind TLS: SECURE_COOKIES=1); a request
	// that came over TLS gets https:// too.
	HTTPS bool
	// Port is the public port links carry (PUBLIC_PORT); empty is the
	// scheme's default. Set before the engine serves; never changed after.
	Port string
}

// Base is the scheme and host of links made for a request r to tenant t,
// e.g. "https://lustlokaal.nl".
func (l *Links) Base(r *http.Request, t *Tenant) string {
	host := NormalizeHost(r.Host)
	if !slices.Contains(t.Hosts, host) {
		host = t.PrimaryHost
	}
	scheme := "http"
	if l.HTTPS || r.TLS != nil {
		scheme = "https"
	}
	if l.Port != "" && !(scheme == "http" && l.Port == "80") && !(scheme == "https" && l.Port == "443") {
		host = net.JoinHostPort(host, l.Port)
	}
	return scheme + "://" + host
}
