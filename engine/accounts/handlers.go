package accounts

import (
	"crypto/subtle"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// BaseURL is the scheme and host of mailed links: the tenant's own host
// (the request's when the tenant owns it) and the engine's public scheme
// and port, never the raw Host header.
func (h Handlers) BaseURL(r *http.Request) string {
	l := h.Service.Links
	if l == nil {
		l = &tenancy.Links{HTTPS: h.Service.Sessions.Cookie.Secure}
	}
	return l.Base(r, tenancy.FromContext(r.Context()))
}

// ResendActivation answers POST /api/activate.php: a new activation mail
// for the logged-in, not yet confirmed member; 204.
func (h Handlers) ResendActivation(w http.ResponseWriter, r *http.Request) {
	err := h.Service.ResendActivation(r.Context(), tenancy.FromContext(r.Context()), CurrentMember(r.Context()), h.BaseURL(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// RequestReset answers POST /api/reset-password.php {email}: a password
// reset link is mailed; 204. (engine/membership serves ?do=1, which sets the
// password, and hands the rest here.)
func (h Handlers) RequestReset(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	email := strings.TrimSpace(req.Email)
	if !ValidEmail(email) {
		httpx.WriteError(w, r, ErrEmailInvalid)
		return
	}
	if err := h.Service.RequestReset(r.Context(), tenancy.FromContext(r.Context()), email, h.BaseURL(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// Notifications answers GET /api/notifications.php.
func (h Handlers) Notifications(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, SettingsOf(CurrentMember(r.Context())))
}

// UpdateNotifications answers PUT /api/notifications.php {disabled: [types],
// enable_email?}: the new settings.
func (h Handlers) UpdateNotifications(w http.ResponseWriter, r *http.Request) {
	var c NotificationChange
	if err := httpx.DecodeJSON(w, r, &c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m := CurrentMember(r.Context())
	if err := h.Service.SetNotifications(r.Context(), m, c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, SettingsOf(m))
}

// Consents answers GET /api/consents.php: what the member agreed to and
// what the brand asks of them now.
func (h Handlers) Consents(w http.ResponseWriter, r *http.Request) {
	st, err := h.Service.Consents(r.Context(), tenancy.FromContext(r.Context()), CurrentMember(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, st)
}

// SavePush answers POST /api/user.php?push=1 {subscription}: 204. A null,
// false or "denied" subscription (the client's states without one) is
// accepted and changes nothing.
func (h Handlers) SavePush(w http.ResponseWriter, r *http.Request) {
	m := CurrentMember(r.Context())
	if m == nil {
		httpx.WriteError(w, r, identity.ErrAuthenticationRequired)
		return
	}
	var b struct {
		Subscription json.RawMessage `json:"subscription"`
	}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	switch strings.TrimSpace(string(b.Subscription)) {
	case "", "null", "false", `"denied"`:
		httpx.NoContent(w)
		return
	}
	var p PushSubscription
	if err := json.Unmarshal(b.Subscription, &p); err != nil {
		httpx.WriteError(w, r, ErrSubscriptionInvalid)
		return
	}
	if err := h.Service.SavePush(r.Context(), m, p); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// DismissAlert answers POST /api/alerts.php {alert}: 204; the user object
// lists the dismissal from then on.
func (h Handlers) DismissAlert(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Alert string `json:"alert"`
	}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.Service.DismissAlert(r.Context(), CurrentMember(r.Context()), b.Alert); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// MailHook answers POST /hooks/mail/{kind} for kind fbl (a spam complaint)
// or bounce, from the mail provider: {email, type?}. Bulk email to the
// address stops; a bounce of type "soft" changes nothing. With a hook
// secret configured it needs "Authorization: Bearer <secret>".
func (h Handlers) MailHook(w http.ResponseWriter, r *http.Request) {
	if secret := h.Service.HookSecret; secret != "" {
		got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if subtle.ConstantTimeCompare([]byte(got), []byte(secret)) != 1 {
			httpx.WriteError(w, r, ErrHookUnauthorized)
			return
		}
	}
	reason := map[string]string{"fbl": ReasonFBL, "bounce": ReasonBounce}[chi.URLParam(r, "kind")]
	if reason == "" {
		httpx.WriteError(w, r, httpx.ErrNotFound)
		return
	}
	var b struct {
		Email string `json:"email"`
		Type  string `json:"type"`
	}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if !ValidEmail(strings.TrimSpace(b.Email)) {
		httpx.WriteError(w, r, ErrHookInvalid)
		return
	}
	if reason == ReasonBounce && strings.EqualFold(b.Type, "soft") {
		httpx.NoContent(w)
		return
	}
	if _, err := h.Service.DisableEmail(r.Context(), tenancy.FromContext(r.Context()), b.Email, reason); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// Unsubscribe answers the List-Unsubscribe URL of bulk mail,
// /hooks/mail/unsubscribe?token=. POST is the RFC 8058 one-click
// unsubscribe; GET (a person following the link, or a scanner) only shows
// a page with a button that posts, so prefetching never unsubscribes.
func (h Handlers) Unsubscribe(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	token := r.URL.Query().Get("token")
	page := unsubscribePage{Site: t.Name, Token: token}
	status := http.StatusOK
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
		_ = r.ParseForm()
		if err := h.Service.Unsubscribe(r.Context(), t, token); err != nil {
			if !isRefusal(err) {
				httpx.WriteError(w, r, err)
				return
			}
			status, page.Invalid = http.StatusGone, true
		} else {
			page.Done = true
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_ = unsubscribeTemplate.Execute(w, page)
}

type unsubscribePage struct {
	Site, Token   string
	Done, Invalid bool
}

var unsubscribeTemplate = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Site}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px}button{padding:10px 16px;font-size:16px}</style></head>
<body><h1>{{.Site}}</h1>
{{if .Done}}<p>You will no longer receive these emails. You can switch them back on in your notification settings.</p>
{{else if .Invalid}}<p>Link expired or invalid, request a new email</p>
{{else}}<p>Stop receiving notification emails from {{.Site}}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>{{end}}
</body></html>
`))

// isRefusal reports whether err is an account rule's refusal rather than a
// failure.
func isRefusal(err error) bool {
	return refusal.As(err) != nil
}
