package chat_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/credits"
	"rendezvous/engine/live"
	"rendezvous/engine/server/servertest"
)

// event is one server-sent event read from a stream.
type event struct {
	Type string
	Data string
}

// stream opens GET /api/events of env as m and returns its events; it
// returns once the stream says it is ready (listening).
func stream(t *testing.T, env *servertest.Env, m member) <-chan event {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, env.URL+"/api/events", nil)
	req.Host = m.Host
	req.Header.Set("Accept", "text/event-stream")
	u, _ := url.Parse("http://" + m.Host + "/")
	for _, c := range m.HTTP.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan event, 64)
	ready := make(chan struct{})
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var e event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == ": ready":
				close(ready)
			case strings.HasPrefix(line, "event: "):
				e.Type = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.Data = strings.TrimPrefix(line, "data: ")
			case line == "" && e.Type != "":
				out <- e
				e = event{}
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("stream never became ready")
	}
	return out
}

// next waits for the next event of type typ, skipping others.
func next(t *testing.T, c <-chan event, typ string) event {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-c:
			if !ok {
				t.Fatalf("stream ended waiting for %s", typ)
			}
			if e.Type == typ {
				return e
			}
		case <-deadline:
			t.Fatalf("no %s event", typ)
		}
	}
}

// Two engines on one database: a message sent through one arrives at once
// at a member whose stream is open on the other, and the sender's stream on
// the first gets the message and the new balance.
func TestLiveDeliveryAcrossEngines(t *testing.T) {
	t.Parallel()
	one := servertest.New(t)
	two := one.Twin(t)
	a := newMember(t, one, accountstest.Member{Credits: 100, Name: "Arno"})
	b := newMember(t, one, accountstest.Member{Name: "Bo", Gender: "female", Seeking: "male"})
	bOnTwo := member{Client: two.Client(t, host), Made: b.Made}
	bOnTwo.Login(b.Email, b.Password)

	bEvents := stream(t, two, bOnTwo)
	aEvents := stream(t, one, a)
	sentMsg := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "live?"})

	var got chat.MessageEvent
	if err := json.Unmarshal([]byte(next(t, bEvents, live.TypeMessage).Data), &got); err != nil {
		t.Fatal(err)
	}
	if got.Message.ID != sentMsg.Message.ID || got.Message.Text != "live?" || got.Message.FromMe ||
		got.Profile.ID != a.ID || got.Profile.Name != "Arno" || got.NumUnreadMessages != 1 || got.Conversation.ID != sentMsg.Message.ConversationID {
		t.Fatalf("b got %+v", got)
	}
	aGot := map[string]string{}
	for len(aGot) < 2 {
		select {
		case e := <-aEvents:
			aGot[e.Type] = e.Data
		case <-time.After(10 * time.Second):
			t.Fatalf("a's stream has only %v", aGot)
		}
	}
	var mine chat.MessageEvent
	if err := json.Unmarshal([]byte(aGot[live.TypeMessage]), &mine); err != nil {
		t.Fatal(err)
	}
	if !mine.Message.FromMe || mine.Profile.ID != b.ID {
		t.Fatalf("a got %+v", mine)
	}
	var bal credits.BalanceEvent
	if err := json.Unmarshal([]byte(aGot[live.TypeCredits]), &bal); err != nil || bal.Credits != 90 {
		t.Fatalf("credits event %+v %v", bal, err)
	}

	// Other areas (likes, billing) publish through the same call.
	if err := live.Publish(t.Context(), one.Pool, b.ID, live.Event{Type: live.TypeLike, Data: map[string]any{"id": a.ID}}); err != nil {
		t.Fatal(err)
	}
	if e := next(t, bEvents, live.TypeLike); e.Data != `{"id":`+jsonInt(a.ID)+`}` {
		t.Fatalf("like event %q", e.Data)
	}
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

// A refused send announces nothing: events go out only when the send
// commits.
func TestRefusedSendAnnouncesNothing(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 5})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	events := stream(t, env, b)
	if res, _ := a.send(t, map[string]any{"profile_id": b.ID, "text": "no money"}); res.Status != http.StatusPaymentRequired {
		t.Fatalf("send: %d", res.Status)
	}
	// A later event proves the stream works and nothing came before it.
	if err := live.Publish(t.Context(), env.Pool, b.ID, live.Event{Type: live.TypeUser}); err != nil {
		t.Fatal(err)
	}
	if e := <-events; e.Type != live.TypeUser {
		t.Fatalf("first event %+v", e)
	}
}

// Events need a member.
func TestEventsNeedLogin(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	res := env.Client(t, host).Do(http.MethodGet, "/api/events", nil)
	if res.Status != http.StatusForbidden || res.ErrorCode() != "authentication_required" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

// openRaw opens GET /api/events as m and returns the answer, its body left
// open, and the function that closes it.
func openRaw(t *testing.T, env *servertest.Env, m member) (*http.Response, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, env.URL+"/api/events", nil)
	req.Host = m.Host
	req.Header.Set("Accept", "text/event-stream")
	u, _ := url.Parse("http://" + m.Host + "/")
	for _, c := range m.HTTP.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	done := func() { cancel(); res.Body.Close() }
	t.Cleanup(done)
	return res, done
}

// One member holds at most live.DefaultMaxStreams event streams on an
// instance: the next is refused with 429 too_many_streams, other members
// are not affected, and closing one makes room again.
func TestStreamsPerMemberAreCapped(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	her := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	him := newMember(t, env, accountstest.Member{})
	var closers []func()
	for range live.DefaultMaxStreams {
		res, done := openRaw(t, env, her)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", len(closers)+1, res.StatusCode)
		}
		closers = append(closers, done)
	}
	res, _ := openRaw(t, env, her)
	var refused struct {
		Error string
		Max   int
	}
	_ = json.NewDecoder(res.Body).Decode(&refused)
	if res.StatusCode != http.StatusTooManyRequests || refused.Error != "too_many_streams" || refused.Max != live.DefaultMaxStreams {
		t.Fatalf("stream beyond the limit: %d %+v", res.StatusCode, refused)
	}
	if res, _ := openRaw(t, env, him); res.StatusCode != http.StatusOK {
		t.Fatalf("another member's stream: %d", res.StatusCode)
	}
	open := env.Live.Connections()
	closers[0]()
	deadline := time.Now().Add(10 * time.Second)
	for env.Live.Connections() >= open {
		if time.Now().After(deadline) {
			t.Fatal("the closed stream never left the hub")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if res, _ := openRaw(t, env, her); res.StatusCode != http.StatusOK {
		t.Fatalf("a stream after closing one: %d", res.StatusCode)
	}
}
