package deliverytest

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Mail is a mail of the development mailbox.
type Mail struct {
	ID       int64
	To       string
	Subject  string
	Text     string
	HTML     string
	Links    []string
	Headers  map[string]string
	Template string
}

// Await waits until the mailbox holds a mail to `to` made from template
// (any template when empty) newer than after, and returns the newest such
// mail. Mails are sent by a job, so they arrive shortly after the request.
func Await(tb testing.TB, pool *pgxpool.Pool, to, template string, after int64) Mail {
	tb.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var m Mail
		var headers []byte
		err := pool.QueryRow(context.Background(), `SELECT id, recipient, subject, text_body, html_body, links, headers, template
			FROM mailbox WHERE lower(recipient) = lower($1) AND ($2 = '' OR template = $2) AND id > $3 ORDER BY id DESC LIMIT 1`,
			to, template, after).Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Links, &headers, &m.Template)
		if err == nil {
			_ = json.Unmarshal(headers, &m.Headers)
			return m
		}
		if time.Now().After(deadline) {
			tb.Fatalf("deliverytest: no %q mail to %s arrived: %v", template, to, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Count is how many mails to `to` the mailbox holds.
func Count(tb testing.TB, pool *pgxpool.Pool, to string) int {
	tb.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), "SELECT count(*) FROM mailbox WHERE lower(recipient) = lower($1)", to).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

var tokenRE = regexp.MustCompile(`[?&]token=([A-Za-z0-9_.\-]+)`)

// Token is the token of the mail's first link that has one.
func (m Mail) Token(tb testing.TB) string {
	tb.Helper()
	for _, l := range m.Links {
		if g := tokenRE.FindStringSubmatch(l); g != nil {
			return g[1]
		}
	}
	tb.Fatalf("deliverytest: no token in the links %v", m.Links)
	return ""
}

// Path is the path and query of the mail's first link containing part.
func (m Mail) Path(tb testing.TB, part string) string {
	tb.Helper()
	for _, l := range m.Links {
		if strings.Contains(l, part) {
			i := strings.Index(l, "://")
			rest := l[i+3:]
			return rest[strings.Index(rest, "/"):]
		}
	}
	tb.Fatalf("deliverytest: no link with %q in %v", part, m.Links)
	return ""
}
