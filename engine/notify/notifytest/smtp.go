package notifytest

import (
	"bufio"
	"encoding/base64"
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
}

// SMTPServer is a minimal SMTP server on the loopback address that keeps
// what it receives, for testing delivery without a real mail server.
type SMTPServer struct {
	Addr string
	ln   net.Listener
	mu   sync.Mutex
	got  []Received
	seen chan struct{}
}

// NewSMTPServer starts a server that stops when the test ends.
func NewSMTPServer(tb testing.TB) *SMTPServer {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &SMTPServer{Addr: ln.Addr().String(), ln: ln, seen: make(chan struct{}, 100)}
	go s.serve()
	tb.Cleanup(func() { ln.Close() })
	return s
}

func (s *SMTPServer) serve() {
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
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
			say("250 AUTH PLAIN")
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
			msg = Received{Auth: msg.Auth}
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
			tb.Fatalf("notifytest: SMTP message %d never arrived", n)
		}
	}
}
