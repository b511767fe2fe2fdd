package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// backendHeader names the instance that answered, set by the test's
// backends so the test sees where the proxy sent each request.
const backendHeader = "X-Test-Backend"

// backend is one engine instance listening on its own port, as a separate
// engine process would.
type backend struct {
	name string
	env  *servertest.Env
	srv  *httptest.Server
	// hits counts the requests it served (not the proxy's health checks).
	hits atomic.Int64
	// streams counts its open event streams.
	streams atomic.Int64
}

func serveBackend(t *testing.T, name string, env *servertest.Env) *backend {
	b := &backend{name: name, env: env}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			b.hits.Add(1)
		}
		if r.URL.Path == "/api/events" {
			b.streams.Add(1)
			defer b.streams.Add(-1)
		}
		w.Header().Set(backendHeader, name)
		env.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(b.srv.Close)
	return b
}

// stop ends the instance as its process would on SIGTERM: the live streams
// end, the listener closes, running requests finish, the job client stops.
func (b *backend) stop(t *testing.T) {
	b.env.Live.Close()
	b.srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := b.env.Jobs.Stop(ctx); err != nil {
		t.Logf("stop jobs of %s: %v", b.name, err)
	}
}

// haproxyConfig balances round-robin over the backends with no stickiness.
// A backend that fails two health checks in a row leaves the rotation; a
// request whose connection to a stopped backend fails is sent to another
// one (redispatch). A check may take seconds on a loaded machine without
// counting as failed (timeout check). The server timeout outlasts the
// event streams' heartbeat (25 s), so idle streams stay open.
const haproxyConfig = `global
	maxconn 2000
defaults
	mode http
	timeout connect 2s
	timeout client 60s
	timeout server 60s
	timeout check 5s
	retries 3
	option redispatch 1
	option http-server-close
frontend web
	bind 127.0.0.1:%d
	default_backend engines
backend engines
	balance roundrobin
	option httpchk GET /healthz
	default-server inter 200ms fall 2 rise 1
%s`

// startHAProxy runs Debian's HAProxy (make deps-proxy installs it) in
// front of the backends and returns its address once it answers.
func startHAProxy(t *testing.T, backends ...*backend) string {
	t.Helper()
	// Debian installs it in /usr/sbin, which a user's PATH may lack.
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		if bin, err = exec.LookPath("/usr/sbin/haproxy"); err != nil {
			t.Fatal("haproxy is not installed: make deps-proxy (apt-get install haproxy)")
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var servers strings.Builder
	for _, b := range backends {
		fmt.Fprintf(&servers, "\tserver %s %s check\n", b.name, b.srv.Listener.Addr())
	}
	cfg := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(haproxyConfig, port, servers.String())), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := exec.Command(bin, "-f", cfg, "-db")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	addr := "http://127.0.0.1:" + strconv.Itoa(port)
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := http.Get(addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return addr
			}
		}
		select {
		case <-exited:
			t.Fatalf("haproxy exited: %s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy never answered on %s: %v %s", addr, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// liveStream is an open GET /api/events read line by line.
type liveStream struct {
	backend string
	// texts carries the text of each message event; closed when the
	// stream ends.
	texts  chan string
	cancel context.CancelFunc
}

// openStream opens c's event stream through the proxy, as the browser's
// EventSource would, and returns once it says it is ready; ok is false when
// the proxy or the engine refused it (an instance going away).
func openStream(t *testing.T, proxy string, c *servertest.Client) (*liveStream, bool) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, proxy+"/api/events", nil)
	req.Host = c.Host
	req.Header.Set("Accept", "text/event-stream")
	u, _ := url.Parse("http://" + c.Host + "/")
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		return nil, false
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		cancel()
		return nil, false
	}
	s := &liveStream{backend: res.Header.Get(backendHeader), texts: make(chan string, 256), cancel: cancel}
	t.Cleanup(cancel)
	ready := make(chan struct{})
	go func() {
		defer res.Body.Close()
		defer close(s.texts)
		sc := bufio.NewScanner(res.Body)
		typ := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == ": ready":
				close(ready)
			case strings.HasPrefix(line, "event: "):
				typ = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && typ == "message":
				var e struct {
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				}
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e) == nil {
					s.texts <- e.Message.Text
				}
			case line == "":
				typ = ""
			}
		}
	}()
	select {
	case <-ready:
		return s, true
	case <-time.After(10 * time.Second):
		cancel()
		return nil, false
	}
}

// Two engine instances on one database behind a real HAProxy, round-robin
// and no stickiness: a member logs in, searches, chats and receives live
// events while the requests alternate between the instances; the instance
// holding the receiver's event stream is stopped mid-run, and neither
// member loses the session or a message.
func TestTwoInstancesBehindARoundRobinProxy(t *testing.T) {
	t.Parallel()
	one := servertest.New(t)
	two := one.Twin(t)
	a, b := serveBackend(t, "a", one), serveBackend(t, "b", two)
	proxy := startHAProxy(t, a, b)
	front := &servertest.Env{Engine: one.Engine, Pool: one.Pool, URL: proxy}
	const host = "localhost"

	annMade := accountstest.NewMember(t, one.Pool, accountstest.Member{Name: "Ann", Credits: 1000, PaidUser: true})
	beaMade := accountstest.NewMember(t, one.Pool, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male", PaidUser: true})
	ann, bea := front.Client(t, host), front.Client(t, host)
	ann.Login(annMade.Email, annMade.Password)
	bea.Login(beaMade.Email, beaMade.Password)

	// loggedIn asks user.php who c is and which instance answered.
	loggedIn := func(c *servertest.Client, want int64) string {
		t.Helper()
		res := c.Do(http.MethodGet, "/api/user.php", nil)
		res.Want(t, http.StatusOK, "")
		var u struct {
			User *struct {
				ID int64 `json:"id"`
			} `json:"user"`
		}
		res.JSON(t, &u)
		if u.User == nil || u.User.ID != want {
			t.Fatalf("user.php on %s: %s, want member %d", res.Header.Get(backendHeader), res.Body, want)
		}
		return res.Header.Get(backendHeader)
	}
	// The session made on one instance is known to both: requests
	// alternate and every one is Ann's.
	var served []string
	for range 4 {
		served = append(served, loggedIn(ann, annMade.ID))
	}
	for i := 1; i < len(served); i++ {
		if served[i] == served[i-1] {
			t.Fatalf("the proxy did not alternate: %v", served)
		}
	}

	// Search answers the same from either instance.
	for range 2 {
		res := ann.Do(http.MethodGet, "/api/members.php", nil)
		res.Want(t, http.StatusOK, "")
		var found struct {
			Profiles []struct {
				ID int64 `json:"id"`
			} `json:"profiles"`
		}
		res.JSON(t, &found)
		if !slices.ContainsFunc(found.Profiles, func(p struct {
			ID int64 `json:"id"`
		}) bool {
			return p.ID == beaMade.ID
		}) {
			t.Fatalf("search on %s does not find Bea: %s", res.Header.Get(backendHeader), res.Body)
		}
	}

	var sentTexts []string
	var conversation int64
	var sendMu sync.Mutex
	send := func(text string) error {
		res := ann.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": beaMade.ID, "text": text, "client_id": "c-" + text})
		if res.Status != http.StatusCreated {
			return fmt.Errorf("send %q via %s: %d %s", text, res.Header.Get(backendHeader), res.Status, res.Body)
		}
		var out struct {
			Message struct {
				ConversationID int64 `json:"conversation_id"`
			} `json:"message"`
		}
		res.JSON(t, &out)
		sendMu.Lock()
		defer sendMu.Unlock()
		conversation = out.Message.ConversationID
		sentTexts = append(sentTexts, text)
		return nil
	}
	receive := func(s *liveStream, want string) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case got, ok := <-s.texts:
				if !ok {
					t.Fatalf("stream on %s ended waiting for %q", s.backend, want)
				}
				if got == want {
					return
				}
			case <-deadline:
				t.Fatalf("%q never arrived on the stream on %s", want, s.backend)
			}
		}
	}

	stream, ok := openStream(t, proxy, bea)
	if !ok {
		t.Fatal("Bea's event stream did not open")
	}
	// Messages sent through both instances reach Bea's stream, wherever
	// it is open.
	for i := range 6 {
		text := fmt.Sprintf("before %d", i)
		if err := send(text); err != nil {
			t.Fatal(err)
		}
		receive(stream, text)
	}
	if a.hits.Load() == 0 || b.hits.Load() == 0 {
		t.Fatalf("one instance served nothing: a %d, b %d", a.hits.Load(), b.hits.Load())
	}

	// Stop the instance holding Bea's stream while Ann keeps writing.
	holder, survivor := a, b
	if stream.backend == "b" {
		holder, survivor = b, a
	}
	sending := make(chan error, 1)
	go func() {
		for i := range 8 {
			if err := send(fmt.Sprintf("during %d", i)); err != nil {
				sending <- err
				return
			}
		}
		sending <- nil
	}()
	holder.stop(t)
	for range stream.texts {
		// What arrived before the stream ended; the reload below counts.
	}
	// Bea's client reconnects, as EventSource does, and reloads the
	// conversation: events sent while no stream was open are not replayed.
	var again *liveStream
	deadline := time.Now().Add(15 * time.Second)
	for again == nil {
		if s, ok := openStream(t, proxy, bea); ok {
			again = s
		} else if time.Now().After(deadline) {
			t.Fatal("Bea's stream never reopened")
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if again.backend != survivor.name {
		t.Fatalf("the stream reopened on %q, want the running %q", again.backend, survivor.name)
	}
	if err := <-sending; err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		text := fmt.Sprintf("after %d", i)
		if err := send(text); err != nil {
			t.Fatal(err)
		}
		receive(again, text)
	}

	// Both sessions survive the instance; the reloaded conversation holds
	// every message sent, once, in order.
	loggedIn(ann, annMade.ID)
	if got := loggedIn(bea, beaMade.ID); got != survivor.name {
		t.Fatalf("answered by %q after the stop, want %q", got, survivor.name)
	}
	res := bea.Do(http.MethodGet, "/api/messages.php?conversation="+strconv.FormatInt(conversation, 10), nil)
	res.Want(t, http.StatusOK, "")
	var thread struct {
		Messages []struct {
			Text string `json:"text"`
		} `json:"messages"`
	}
	res.JSON(t, &thread)
	var got []string
	for _, m := range thread.Messages {
		got = append(got, m.Text)
	}
	if len(sentTexts) != 18 || !slices.Equal(got, sentTexts) {
		t.Fatalf("Bea's conversation after the stop:\n%v\nwant the %d sent:\n%v", got, len(sentTexts), sentTexts)
	}
}
