package delivery

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	stdmail "net/mail"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	mail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// SMTP delivers messages through a mail server given as a URL:
//
//	smtp://user:password@host:587   STARTTLS, required: a server (or a man in
//	                                the middle) that does not offer it gets no mail
//	smtps://user:password@host:465  TLS from the start
//
// A relay on a trusted network may be named with ?tls=opportunistic
// (STARTTLS when offered) or ?tls=none (plain text). Connections are kept
// open between messages, a few at a time, so a burst of mail does not
// connect and authenticate once per message.
type SMTP struct {
	client *mail.Client
	// idle holds connections that delivered a message and may deliver the
	// next; one older than idleFor is closed rather than reused.
	mu   sync.Mutex
	idle []idleConn
}

type idleConn struct {
	conn  *smtp.Client
	since time.Time
}

const (
	// keptConnections bounds the open connections kept between messages.
	keptConnections = 4
	// idleFor is how long a kept connection may wait for the next message:
	// servers end idle sessions after a few minutes.
	idleFor = time.Minute
)

// NewSMTP parses the SMTP_URL. tlsConfig, when not nil, replaces the
// default (the URL's host verified against the system's roots).
func NewSMTP(raw string, tlsConfig *tls.Config) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP_URL %q: want smtp://user:password@host:port", raw)
	}
	opts := []mail.Option{mail.WithTimeout(30 * time.Second)}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		if port == "" {
			port = "587"
		}
		switch tlsMode := u.Query().Get("tls"); tlsMode {
		case "", "required":
			opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
		case "opportunistic":
			opts = append(opts, mail.WithTLSPolicy(mail.TLSOpportunistic))
		case "none":
			opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
		default:
			return nil, fmt.Errorf("SMTP_URL: tls=%q is none of required, opportunistic, none", tlsMode)
		}
	case "smtps":
		if port == "" {
			port = "465"
		}
		opts = append(opts, mail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL: scheme %q is neither smtp nor smtps", u.Scheme)
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		return nil, fmt.Errorf("SMTP_URL: port %q: %w", port, err)
	}
	opts = append(opts, mail.WithPort(n))
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
	}
	opts = append(opts, mail.WithTLSConfig(tlsConfig))
	if u.User != nil {
		pw, _ := u.User.Password()
		// AUTH PLAIN is refused on a connection without TLS (but to the
		// loopback address), so a password never crosses a network in clear.
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(u.User.Username()), mail.WithPassword(pw))
	}
	client, err := mail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	return &SMTP{client: client}, nil
}

// Send delivers m over a kept connection, or a new one when none is kept
// or the kept one has gone away.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(m, time.Now())
	if err != nil {
		return err
	}
	conn, reused := s.take()
	if conn == nil {
		if conn, err = s.client.DialToSMTPClientWithContext(ctx); err != nil {
			return fmt.Errorf("connect to the mail server: %w", err)
		}
	}
	err = s.client.SendWithSMTPClient(conn, msg)
	if err != nil && reused {
		// A kept connection the server has closed fails its check; one new
		// connection tries again.
		_ = conn.Close()
		if conn, err = s.client.DialToSMTPClientWithContext(ctx); err != nil {
			return fmt.Errorf("connect to the mail server: %w", err)
		}
		err = s.client.SendWithSMTPClient(conn, msg)
	}
	if err != nil {
		_ = conn.Close()
		return fmt.Errorf("smtp send: %w", err)
	}
	s.keep(conn)
	return nil
}

// take answers a kept connection that has not idled too long.
func (s *SMTP) take() (*smtp.Client, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.idle) > 0 {
		last := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		if time.Since(last.since) < idleFor {
			return last.conn, true
		}
		_ = last.conn.Close()
	}
	return nil, false
}

func (s *SMTP) keep(conn *smtp.Client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.idle) >= keptConnections {
		_ = s.client.CloseWithSMTPClient(conn)
		return
	}
	s.idle = append(s.idle, idleConn{conn: conn, since: time.Now()})
}

// Compose is the RFC 5322 message of m as it goes to the mail server:
// multipart/alternative with the text and HTML bodies plus m's extra
// headers.
func Compose(m Message, now time.Time) ([]byte, error) {
	msg, err := compose(m, now)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("write the message: %w", err)
	}
	return b.Bytes(), nil
}

// oneLine keeps a header value on its line: a line break in it would start
// a header of the sender's choosing (a Bcc, say).
var oneLine = strings.NewReplacer("\r", " ", "\n", " ")

func compose(m Message, now time.Time) (*mail.Msg, error) {
	msg := mail.NewMsg()
	if err := msg.From(oneLine.Replace(m.From)); err != nil {
		return nil, fmt.Errorf("from address %q: %w", m.From, err)
	}
	if err := msg.To(oneLine.Replace(m.To)); err != nil {
		return nil, fmt.Errorf("to address %q: %w", m.To, err)
	}
	msg.Subject(oneLine.Replace(m.Subject))
	msg.SetDateWithValue(now)
	msg.SetMessageIDWithValue(randomID() + "@" + domainOf(m.From))
	keys := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		msg.SetGenHeaderPreformatted(mail.Header(oneLine.Replace(k)), oneLine.Replace(m.Headers[k]))
	}
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)
	return msg, nil
}

func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// domainOf is the domain of the sender's address, the right side of the
// Message-ID (the machine's own name stays private).
func domainOf(addr string) string {
	if a, err := stdmail.ParseAddress(addr); err == nil {
		if i := strings.LastIndexByte(a.Address, '@'); i >= 0 {
			return a.Address[i+1:]
		}
	}
	return "localhost"
}
