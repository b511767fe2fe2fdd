package httpx

import (
	"context"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	"rendezvous/engine/platform/refusal"
)

type ctxKey int

const loggerKey ctxKey = iota

// requestLogger is what RequestLog keeps in the context: the base handler
// and the request's id. The *slog.Logger carrying the id is built when a
// handler asks for it (Logger), not for every request: most requests log
// nothing but their own line (make bench, settings_vs_bare).
type requestLogger struct {
	base slog.Handler
	id   string
}

// Logger returns the request's logger (carrying its request id), or the
// default logger outside a request.
func Logger(ctx context.Context) *slog.Logger {
	switch l := ctx.Value(loggerKey).(type) {
	case *slog.Logger:
		return l
	case *requestLogger:
		return slog.New(requestIDHandler{Handler: l.base, id: l.id})
	}
	return slog.Default()
}

// WithLogger stores l in ctx for Logger.
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey, l)
}

// RequestLog gives every request an id (kept from a trusted X-Request-Id
// or made new), a logger carrying it, and one log line when it ends.
func RequestLog(base *slog.Logger) func(http.Handler) http.Handler {
	handler := base.Handler()
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-Id")
			if id == "" || len(id) > 64 {
				id = newRequestID()
			}
			w.Header()["X-Request-Id"] = []string{id}
			rl := &requestLogger{base: handler, id: id}
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			start := time.Now()
			next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), loggerKey, rl)))
			if !handler.Enabled(r.Context(), slog.LevelInfo) {
				return
			}
			slog.New(requestIDHandler{Handler: handler, id: id}).LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method), slog.String("host", r.Host), slog.String("path", r.URL.Path),
				slog.Int("status", rec.status), slog.Duration("took", time.Since(start)),
				slog.String("ip", r.RemoteAddr))
		})
	}
}

// newRequestID is 16 hex digits from the runtime's per-thread ChaCha8
// generator (seeded from the system's randomness): a request id correlates
// log lines and is no secret, and crypto/rand cost a system call for every
// request.
func newRequestID() string {
	var b [16]byte
	v := mrand.Uint64()
	const digits = "0123456789abcdef"
	for i := 15; i >= 0; i-- {
		b[i] = digits[v&0xf]
		v >>= 4
	}
	return string(b[:])
}

// requestIDHandler adds a request's id to the records its logger writes,
// when it writes one: logger.With would format the attribute up front for
// every request, most of which log nothing (a tenth of the engine's time
// on settings.php; make bench, settings_vs_bare). The id comes first, as
// With would put it.
type requestIDHandler struct {
	slog.Handler
	id string
}

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	out.AddAttrs(slog.String("request_id", h.id))
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(a)
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.Handler.WithAttrs(append([]slog.Attr{slog.String("request_id", h.id)}, attrs...))
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return h.Handler.WithAttrs([]slog.Attr{slog.String("request_id", h.id)}).WithGroup(name)
}

// Recover turns a panic into a logged 500 without a stack trace for the client.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				Logger(r.Context()).Error("panic", "value", v, "stack", stack())
				writeInternal(w)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// SecurityHeaders sets the headers every answer carries. Pages set their own
// Content-Security-Policy; this one is the strict default for everything else.
// HSTS goes out over TLS, or when a trusted proxy (trusted) says the client
// used HTTPS: anyone else's X-Forwarded-Proto is not believed. It must run
// before RealIP, which replaces the proxy's address with the client's.
func SecurityHeaders(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return securityHeaders(trusted, next)
	}
}

// securityHeaderValues are the values SecurityHeaders sets on every answer,
// built once: the header map takes them as they are, without canonicalising
// the names or allocating a slice per header per request. Each slice has no
// spare capacity, so a handler's Header().Add copies it rather than writing
// into the shared array.
var securityHeaderValues = []struct {
	name  string
	value []string
}{
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Content-Security-Policy", []string{"default-src 'none'; frame-ancestors 'none'"}},
	{"X-Frame-Options", []string{"DENY"}},
}

// documentHeaderValues act only on a page the browser shows (its window's
// opener, the features its scripts may use, the referrer its links and
// fetches send), so the JSON API goes without them, as OWASP's REST
// cheat sheet has it: three fewer headers keep an API answer's header map
// within its first bucket, which settings.php, the engine's most frequent
// call, feels (TestAPIAnswersCarryOnlyTheAPISecurityHeaders).
var documentHeaderValues = []struct {
	name  string
	value []string
}{
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(self)"}},
}

var hstsValue = []string{"max-age=31536000"}

func securityHeaders(trusted []netip.Prefix, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, sv := range securityHeaderValues {
			h[sv.name] = sv.value[:1:1]
		}
		if !IsAPIPath(r.URL.Path) {
			for _, sv := range documentHeaderValues {
				h[sv.name] = sv.value[:1:1]
			}
		}
		if r.TLS != nil || (r.Header.Get("X-Forwarded-Proto") == "https" && fromTrustedProxy(r, trusted)) {
			h["Strict-Transport-Security"] = hstsValue[:1:1]
		}
		next.ServeHTTP(w, r)
	})
}

// IsAPIPath says whether path is under the member API (/api/) or the
// console's (/admin/api/), which answer JSON, never a page.
func IsAPIPath(path string) bool {
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/admin/api/")
}

func fromTrustedProxy(r *http.Request, trusted []netip.Prefix) bool {
	peer, ok := addrOf(r.RemoteAddr)
	return ok && inAny(peer, trusted)
}

// ErrCrossOrigin refuses a state-changing request a browser sent from
// another site (or an older browser's request whose Origin is not the host).
var ErrCrossOrigin = refusal.New(refusal.Forbidden, "cross_origin", "This request came from another site.")

// CrossOrigin refuses state-changing requests (every method but GET, HEAD
// and OPTIONS) that a browser sent from another origin, by Sec-Fetch-Site or
// else by Origin against Host (net/http's CrossOriginProtection), with 403
// cross_origin: a form or script on another site cannot act for a member
// whose cookies the browser would send. Requests without either header
// (not from a browser) pass. exempt are ServeMux patterns of endpoints that
// other sites call by design and that authenticate themselves (the mail
// provider's webhooks, RFC 8058 one-click unsubscribe with a signed token).
func CrossOrigin(exempt ...string) func(http.Handler) http.Handler {
	p := http.NewCrossOriginProtection()
	for _, pattern := range exempt {
		p.AddInsecureBypassPattern(pattern)
	}
	p.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, ErrCrossOrigin)
	}))
	return p.Handler
}

// AppCSP is the policy of the member app and admin pages.
const AppCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self'; font-src 'self' data:; manifest-src 'self'; worker-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// RealIP replaces RemoteAddr with the client address from X-Forwarded-For
// when, and only when, the direct peer is a trusted proxy.
func RealIP(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if len(trusted) == 0 {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if peer, ok := addrOf(r.RemoteAddr); ok && inAny(peer, trusted) {
				if ip, ok := lastUntrusted(r.Header.Values("X-Forwarded-For"), trusted); ok {
					r.RemoteAddr = net.JoinHostPort(ip.String(), "0")
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ClientIP is the request's client address after RealIP.
func ClientIP(r *http.Request) netip.Addr {
	a, _ := addrOf(r.RemoteAddr)
	return a
}

func addrOf(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

// lastUntrusted walks X-Forwarded-For from the right: the first address not
// of a trusted proxy is the client; everything left of it may be forged.
func lastUntrusted(values []string, trusted []netip.Prefix) (netip.Addr, bool) {
	var hops []string
	for _, v := range values {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return netip.Addr{}, false
		}
		if !inAny(a.Unmap(), trusted) {
			return a.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

func inAny(a netip.Addr, prefixes []netip.Prefix) bool {
	for _, p := range prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Metrics counts and times requests by route pattern, never by raw path, so
// member ids do not explode the label space.
func Metrics(reg prometheus.Registerer) func(http.Handler) http.Handler {
	duration := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "rendezvous_http_request_duration_seconds",
		Help:    "Time to answer HTTP requests, by route and status.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"method", "route", "status"})
	reg.MustRegister(duration)
	// The status labels of the codes the engine answers, formatted once.
	var statusLabels [600]string
	for code := range statusLabels {
		statusLabels[code] = strconv.Itoa(code)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec, ok := w.(*statusRecorder)
			if !ok {
				rec = &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			}
			start := time.Now()
			next.ServeHTTP(rec, r)
			route := "other"
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
				route = rc.RoutePattern()
			}
			var status string
			if rec.status >= 0 && rec.status < len(statusLabels) {
				status = statusLabels[rec.status]
			} else {
				status = strconv.Itoa(rec.status)
			}
			duration.WithLabelValues(r.Method, route, status).Observe(time.Since(start).Seconds())
		})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wroteHeader {
		s.status, s.wroteHeader = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wroteHeader = true
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach Flush and deadlines.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
