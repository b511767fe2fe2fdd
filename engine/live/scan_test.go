package live

import (
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
)

// The listener reads notifications in the engine's own form as a JSON
// decoder reads them, whatever the events' data hold, and leaves any
// other form to the decoder.
func TestScannedNotificationsReadAsJSON(t *testing.T) {
	t.Parallel()
	tricky := map[string]any{
		"text":  `a "quoted" }] {[ back\slash \" ` + "\n\t\u2028 üñí 😀",
		"list":  []any{1, "]", map[string]any{"x": "}"}, nil, true, 2.5},
		"empty": map[string]any{},
	}
	ctx, outbox := WithOutbox(t.Context())
	var payloads [][]byte
	for i, e := range []Event{
		{Type: TypeMessage, Data: tricky}, {Type: TypeCredits, Data: map[string]int{"credits": 7}},
		{Type: TypeRead}, {Type: TypeTyping, Data: 12}, {Type: TypeUser, Data: "a \"string\""},
		{Type: "custom_kind", Data: []int{}}, {Type: TypeLike, Data: nil},
	} {
		one, err := encode(int64(40+i), e)
		if err != nil {
			t.Fatal(err)
		}
		payloads = append(payloads, one)
		if err := Publish(ctx, nil, int64(40+i), e); err != nil {
			t.Fatal(err)
		}
	}
	b := &pgx.Batch{}
	outbox.Queue(b)
	payloads = append(payloads, []byte(b.QueuedQueries[0].Arguments[0].(string)), []byte(`{"m":5,"t":"read","d":null}`))
	for _, p := range payloads {
		got, ok := scanNotifications(p, nil)
		if !ok {
			t.Errorf("%s: not read", p)
			continue
		}
		var want []notification
		if p[0] == '[' {
			if err := json.Unmarshal(p, &want); err != nil {
				t.Fatal(err)
			}
		} else {
			var n notification
			if err := json.Unmarshal(p, &n); err != nil {
				t.Fatal(err)
			}
			want = []notification{n}
		}
		if !slices.EqualFunc(got, want, func(a, b notification) bool {
			return a.Member == b.Member && a.Type == b.Type && string(a.Data) == string(b.Data)
		}) {
			t.Errorf("%s: read %+v, want %+v", p, got, want)
		}
	}
	for _, p := range []string{
		``, `[]`, `{"m":1,"t":"read"`, `[{"m":1,"t":"read"}`, `{"m":1,"t":"read"}x`, `{"t":"read","m":1}`,
		`{"m":1,"t":"Read"}`, `{"m":1.5,"t":"read"}`, `{"m":1,"t":"read","d":{"a":1}`, `{"m":1,"t":"read","d":}`,
		`{"m":1,"t":"read"},`, `{ "m":1,"t":"read"}`, `[{"m":1,"t":"read"};{"m":2,"t":"read"}]`,
	} {
		if got, ok := scanNotifications([]byte(p), nil); ok {
			t.Errorf("%s: read as %+v, want it left to the JSON decoder", p, got)
		}
	}
}

// A notification of events for members this instance holds no stream of
// costs the listener no copy of their data. Not parallel: testing.AllocsPerRun
// refuses to run in a parallel test.
func TestDispatchCopiesNoData(t *testing.T) {
	h := NewHub(nil, 0, slog.New(slog.NewTextHandler(io.Discard, nil)))
	payload := sendNotification(t)
	// Decoding the notification as JSON made 16 allocations.
	if n := testing.AllocsPerRun(100, func() { h.dispatch(payload) }); n > 0 {
		t.Errorf("dispatching three events to members without streams allocated %.0f times, want none", n)
	}
	var events []notification
	if err := json.Unmarshal(payload, &events); err != nil {
		t.Fatal(err)
	}
	s := h.Subscribe(43)
	defer h.Unsubscribe(s)
	h.dispatch(payload)
	for _, e := range events[1:] {
		select {
		case f := <-s.C:
			if want := Frame(e.Type, e.Data); string(f) != string(want) {
				t.Errorf("frame %q, want %q", f, want)
			}
		default:
			t.Fatalf("no %s event for the member's stream", e.Type)
		}
	}
	select {
	case f := <-s.C:
		t.Errorf("another frame %q", f)
	default:
	}
}

// BenchmarkDispatchMessageSend is the listener's work for the notification
// of one send (two message events and the balance) on an instance that
// holds none of the members' streams, as most instances do.
func BenchmarkDispatchMessageSend(b *testing.B) {
	h := NewHub(nil, 0, slog.New(slog.NewTextHandler(io.Discard, nil)))
	payload := sendNotification(b)
	b.ReportAllocs()
	for b.Loop() {
		h.dispatch(payload)
	}
}

// sendNotification is the notification of a send as its outbox writes it:
// the message to the recipient (42) and to the sender (43), and the
// sender's balance.
func sendNotification(tb testing.TB) []byte {
	tb.Helper()
	ctx, outbox := WithOutbox(tb.Context())
	data := map[string]any{"message": map[string]any{"id": 99, "text": "Hello, how are you doing today?"}, "num_unread_messages": 3}
	for _, m := range []int64{42, 43} {
		if err := Publish(ctx, nil, m, Event{Type: TypeMessage, Data: data}); err != nil {
			tb.Fatal(err)
		}
	}
	if err := Publish(ctx, nil, 43, Event{Type: TypeCredits, Data: map[string]int{"credits": 5}}); err != nil {
		tb.Fatal(err)
	}
	b := &pgx.Batch{}
	outbox.Queue(b)
	return []byte(b.QueuedQueries[0].Arguments[0].(string))
}
