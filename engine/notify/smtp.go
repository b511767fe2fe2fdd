package notify

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"net/url"
	"sort"
	"strings"
	"time"
)

// SMTP delivers messages through a mail server given as a URL:
// smtp://user:password@host:587 (STARTTLS when the server offers it) or
// smtps://user:password@host:465 (TLS from the start).
type SMTP struct {
	host     string
	addr     string
	implicit bool
	auth     smtp.Auth
	// TLSConfig is used for STARTTLS and smtps; nil verifies the host.
	TLSConfig *tls.Config
}

// NewSMTP parses the SMTP_URL.
func NewSMTP(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("SMTP_URL %q: want smtp://user:password@host:port", raw)
	}
	s := &SMTP{host: u.Hostname()}
	port := u.Port()
	switch u.Scheme {
	case "smtp":
		if port == "" {
			port = "587"
		}
	case "smtps":
		s.implicit = true
		if port == "" {
			port = "465"
		}
	default:
		return nil, fmt.Errorf("SMTP_URL: scheme %q is neither smtp nor smtps", u.Scheme)
	}
	s.addr = net.JoinHostPort(s.host, port)
	if u.User != nil {
		pw, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pw, s.host)
	}
	return s, nil
}

// Send delivers m.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	from, err := mail.ParseAddress(m.From)
	if err != nil {
		return fmt.Errorf("from address %q: %w", m.From, err)
	}
	body, err := Compose(m, time.Now())
	if err != nil {
		return err
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	var conn net.Conn
	if s.implicit {
		conn, err = (&tls.Dialer{NetDialer: &d, Config: s.tlsConfig()}).DialContext(ctx, "tcp", s.addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", s.addr)
	}
	if err != nil {
		return fmt.Errorf("connect to %s: %w", s.addr, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp hello: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicit {
		if err := c.StartTLS(s.tlsConfig()); err != nil {
			return fmt.Errorf("starttls: %w", err)
		}
	}
	if s.auth != nil {
		if err := c.Auth(s.auth); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("smtp MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp DATA: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp end of data: %w", err)
	}
	return c.Quit()
}

func (s *SMTP) tlsConfig() *tls.Config {
	if s.TLSConfig != nil {
		return s.TLSConfig
	}
	return &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
}

// Compose builds the RFC 5322 message of m: multipart/alternative with the
// text and HTML bodies, quoted-printable, plus m's extra headers.
func Compose(m Message, now time.Time) ([]byte, error) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	var head bytes.Buffer
	header := func(k, v string) {
		// Header values never carry line breaks: they would start new headers.
		v = strings.NewReplacer("\r", " ", "\n", " ").Replace(v)
		fmt.Fprintf(&head, "%s: %s\r\n", k, v)
	}
	header("From", m.From)
	header("To", m.To)
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", "<"+randomID()+"@"+domainOf(m.From)+">")
	header("MIME-Version", "1.0")
	keys := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		header(textproto.CanonicalMIMEHeaderKey(k), m.Headers[k])
	}
	header("Content-Type", "multipart/alternative; boundary="+mw.Boundary())
	head.WriteString("\r\n")
	for _, part := range []struct{ typ, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		pw, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.typ + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(pw)
		if _, err := qp.Write([]byte(part.body)); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return append(head.Bytes(), b.Bytes()...), nil
}

func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func domainOf(addr string) string {
	if a, err := mail.ParseAddress(addr); err == nil {
		if i := strings.LastIndexByte(a.Address, '@'); i >= 0 {
			return a.Address[i+1:]
		}
	}
	return "localhost"
}
