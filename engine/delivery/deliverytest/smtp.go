package deliverytest

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Received is a message the fake SMTP server took.
type Received struct {
	// Auth is the decoded AUTH PLAIN credentials ("\x00user\x00password").
	Auth string
	From string
	To   []string
	Data string
	// TLS tells whether the message came over a connection that STARTTLS
	// had encrypted.
	TLS bool
}

// SMTPServer is a minimal SMTP server on the loopback address that keeps
// what it receives, for testing delivery without a real mail server.
type SMTPServer struct {
	Addr string
	ln   net.Listener
	// tls, when set, is offered as STARTTLS.
	tls   *tls.Config
	roots *x509.CertPool
	mu    sync.Mutex
	got   []Received
	conns int
	seen  chan struct{}
}

// NewSMTPServer starts a server without STARTTLS (a plain relay, or a man
// in the middle who strips it) that stops when the test ends.
func NewSMTPServer(tb testing.TB) *SMTPServer {
	tb.Helper()
	return startSMTP(tb, nil, nil)
}

// NewSTARTTLSServer starts a server that offers STARTTLS with a
// certificate for 127.0.0.1 that ClientTLS trusts.
func NewSTARTTLSServer(tb testing.TB) *SMTPServer {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	return startSMTP(tb, &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, roots)
}

func startSMTP(tb testing.TB, serverTLS *tls.Config, roots *x509.CertPool) *SMTPServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &SMTPServer{Addr: ln.Addr().String(), ln: ln, tls: serverTLS, roots: roots, seen: make(chan struct{}, 100)}
	go s.serve()
	tb.Cleanup(func() { ln.Close() })
	return s
}

// ClientTLS is a client configuration that trusts the server's
// certificate (NewSTARTTLSServer).
func (s *SMTPServer) ClientTLS() *tls.Config {
	return &tls.Config{RootCAs: s.roots, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
}

// Connections counts the connections the server has accepted.
func (s *SMTPServer) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

func (s *SMTPServer) serve() {
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns++
		s.mu.Unlock()
		go s.session(conn)
	}
}

func (s *SMTPServer) session(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	say := func(line string) { _, _ = conn.Write([]byte(line + "\r\n")) }
	say("220 localhost fake SMTP")
	var msg Received
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			say("250-localhost")
			if s.tls != nil && !msg.TLS {
				say("250-STARTTLS")
			}
			say("250 AUTH PLAIN")
		case "STARTTLS":
			if s.tls == nil || msg.TLS {
				say("502 5.5.1 Unrecognized command")
				continue
			}
			say("220 2.0.0 Ready to start TLS")
			secure := tls.Server(conn, s.tls)
			if err := secure.Handshake(); err != nil {
				return
			}
			conn, r = secure, bufio.NewReader(secure)
			msg = Received{TLS: true}
		case "AUTH":
			parts := strings.Fields(line)
			if len(parts) == 3 {
				raw, _ := base64.StdEncoding.DecodeString(parts[2])
				msg.Auth = string(raw)
			}
			say("235 2.7.0 Authentication successful")
		case "MAIL":
			msg.From = strings.Trim(strings.TrimPrefix(line[5:], "FROM:"), "<> ")
			say("250 OK")
		case "RCPT":
			msg.To = append(msg.To, strings.Trim(strings.TrimPrefix(line[5:], "TO:"), "<> "))
			say("250 OK")
		case "DATA":
			say("354 End data with <CR><LF>.<CR><LF>")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			msg.Data = b.String()
			s.mu.Lock()
			s.got = append(s.got, msg)
			s.mu.Unlock()
			s.seen <- struct{}{}
			msg = Received{Auth: msg.Auth, TLS: msg.TLS}
			say("250 OK queued")
		case "RSET", "NOOP":
			say("250 OK")
		case "QUIT":
			say("221 Bye")
			return
		default:
			say("502 5.5.1 Unrecognized command")
		}
	}
}

// Await waits for the n-th message (1-based) and returns it.
func (s *SMTPServer) Await(tb testing.TB, n int) Received {
	tb.Helper()
	deadline := time.After(15 * time.Second)
	for {
		s.mu.Lock()
		if len(s.got) >= n {
			m := s.got[n-1]
			s.mu.Unlock()
			return m
		}
		s.mu.Unlock()
		select {
		case <-s.seen:
		case <-deadline:
			tb.Fatalf("deliverytest: SMTP message %d never arrived", n)
		}
	}
}
