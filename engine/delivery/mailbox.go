package delivery

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/delivery/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// Mailbox is the development mailbox: in development mode (--dev-mailbox,
// --demo) every message is stored per tenant and listed at /dev/mailbox,
// so its links can be clicked. Anyone can read it, so it never exists on a
// real install.
type Mailbox struct {
	Pool *pgxpool.Pool
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Send stores m in its tenant's mailbox.
func (b *Mailbox) Send(ctx context.Context, m Message) error {
	headers, err := json.Marshal(m.Headers)
	if err != nil {
		return err
	}
	if m.Headers == nil {
		headers = []byte("{}")
	}
	links := m.Links
	if links == nil {
		links = []string{}
	}
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	err = db.New(b.Pool).MailboxInsert(ctx, db.MailboxInsertParams{
		TenantID: m.TenantID, Recipient: m.To, Subject: m.Subject, TextBody: m.Text, HtmlBody: m.HTML,
		Links: links, Headers: headers, Template: m.Template, SentAt: now(),
	})
	if err != nil {
		return fmt.Errorf("store mail in the mailbox: %w", err)
	}
	return nil
}

// Stored is a mail of the mailbox as /dev/mailbox.json lists it.
type Stored struct {
	ID       int64             `json:"id"`
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text"`
	HTML     string            `json:"html"`
	Links    []string          `json:"links"`
	Headers  map[string]string `json:"headers"`
	Template string            `json:"template"`
	SentAt   time.Time         `json:"sent_at"`
}

// mailboxSize is how many of the newest mails the mailbox shows.
const mailboxSize = 200

// List returns a tenant's newest mails first.
func (b *Mailbox) List(ctx context.Context, tenantID int64) ([]Stored, error) {
	rows, err := db.New(b.Pool).MailboxList(ctx, db.MailboxListParams{TenantID: tenantID, MaxRows: mailboxSize})
	if err != nil {
		return nil, fmt.Errorf("list mailbox: %w", err)
	}
	out := make([]Stored, len(rows))
	for i, r := range rows {
		s := Stored{ID: r.ID, To: r.Recipient, Subject: r.Subject, Text: r.TextBody, HTML: r.HtmlBody,
			Links: r.Links, Template: r.Template, SentAt: r.SentAt, Headers: map[string]string{}}
		_ = json.Unmarshal(r.Headers, &s.Headers)
		out[i] = s
	}
	return out, nil
}

// JSON answers GET /dev/mailbox.json: [{to, subject, text, html, links,
// sent_at}], newest first.
func (b *Mailbox) JSON(w http.ResponseWriter, r *http.Request) {
	mails, err := b.List(r.Context(), tenancy.FromContext(r.Context()).ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, mails)
}

// Page answers GET /dev/mailbox: the mails with clickable links and each
// HTML body in a sandboxed frame.
func (b *Mailbox) Page(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	mails, err := b.List(r.Context(), t.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// The mails' HTML shows in sandboxed srcdoc frames; nothing runs.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'none'")
	_ = mailboxPage.Execute(w, struct {
		Site  string
		Mails []Stored
	}{t.Name, mails})
}

var mailboxPage = template.Must(template.New("mailbox").Funcs(template.FuncMap{
	"when": func(t time.Time) string { return t.Format("2006-01-02 15:04:05 MST") },
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox · {{.Site}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
header{padding:16px 24px;background:#18181b;color:#fff}
main{padding:16px 24px;max-width:960px}
article{background:#fff;border-radius:8px;margin:0 0 16px;padding:16px}
h2{font-size:18px;margin:0 0 4px}
.meta{color:#52525b;font-size:13px;margin-bottom:8px}
iframe{width:100%;height:420px;border:1px solid #e4e4e7;border-radius:6px}
ul{padding-left:20px}
</style></head>
<body><header><strong>Development mailbox</strong> · {{.Site}} · {{len .Mails}} mails, newest first</header>
<main>
{{range .Mails}}<article id="mail-{{.ID}}">
<h2>{{.Subject}}</h2>
<div class="meta">to {{.To}} · {{when .SentAt}} · {{.Template}}</div>
{{if .Links}}<ul class="links">{{range .Links}}<li><a href="{{.}}">{{.}}</a></li>{{end}}</ul>{{end}}
<details><summary>HTML</summary><iframe sandbox srcdoc="{{.HTML}}" title="{{.Subject}}"></iframe></details>
<details><summary>Text</summary><pre>{{.Text}}</pre></details>
</article>
{{else}}<p>No mail yet.</p>
{{end}}</main></body></html>
`))

// Discard is the sender of an install with mail switched off
// (MAIL_DISABLED=1): every message is dropped with a log line.
type Discard struct {
	Log *slog.Logger
}

// Send drops m.
func (d Discard) Send(ctx context.Context, m Message) error {
	d.Log.InfoContext(ctx, "mail disabled: message dropped", "template", m.Template, "tenant_id", m.TenantID)
	return nil
}
