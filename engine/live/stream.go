package live

import (
	"errors"
	"net/http"
	"time"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

// Stream timing. The heartbeat keeps proxies from closing an idle stream and
// finds dead clients; writeWindow bounds each write, so a client that stops
// reading is dropped instead of holding a goroutine forever.
const (
	DefaultHeartbeat = 25 * time.Second
	writeWindow      = 30 * time.Second
	readyWait        = 10 * time.Second
	// DefaultMaxStreams is how many event streams a member may hold open
	// on one instance unless the hub is told otherwise.
	DefaultMaxStreams = 5
)

// ErrTooManyStreams refuses a stream beyond the member's limit: the
// browser's EventSource stops instead of retrying, and the member's other
// tabs keep theirs.
var ErrTooManyStreams = refusal.New(refusal.TooMany, "too_many_streams", "Too many open live connections: close another tab or window of this site.")

// Serve streams member's events as text/event-stream until the client goes
// away or the hub drops it. The server's read and write timeouts would cut
// the stream after a minute, so it lifts the read deadline and moves the
// write deadline before every write (http.ResponseController).
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, member int64, heartbeat time.Duration) {
	if heartbeat <= 0 {
		heartbeat = DefaultHeartbeat
	}
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		httpx.WriteError(w, r, err)
		return
	}
	limit := h.maxStreams
	sub, ok := h.subscribe(member, limit)
	if !ok {
		httpx.WriteError(w, r, ErrTooManyStreams.With(map[string]any{"max": limit}))
		return
	}
	defer h.Unsubscribe(sub)

	// Wait for the listener, so that once the client sees the stream open
	// no committed event can be missed.
	select {
	case <-h.Ready():
	case <-time.After(readyWait):
		httpx.WriteError(w, r, httpx.ErrUnavailable)
		return
	case <-r.Context().Done():
		return
	}

	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("Connection", "keep-alive")
	// nginx and similar proxies buffer responses unless told not to.
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)

	write := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeWindow))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// retry tells EventSource how soon to reconnect after a drop.
	if !write([]byte("retry: 3000\n: ready\n\n")) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.closing:
			return
		case frame, ok := <-sub.C:
			if !ok {
				return
			}
			if !write(frame) {
				return
			}
		case <-tick.C:
			if !write([]byte(": ping\n\n")) {
				return
			}
		}
	}
}
