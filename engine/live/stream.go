package live

import (
	"bytes"
	"errors"
	"net"
	"net/http"
	"strconv"
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

// Serve streams the events of login's member as text/event-stream until
// the client goes away or the hub drops it. The server's read and write
// timeouts would cut the stream after a minute, so it lifts the read
// deadline and moves the write deadline before every write
// (http.ResponseController).
//
// An HTTP/1.1 stream leaves the server: the connection is hijacked and
// served by a goroutine of its own, so an idle stream holds neither the
// server's per-connection buffers nor the deep stack of the handler chain
// (TestIdleStreamMemory bounds what one costs).
//
// The stream ends too when its login ends (logout, a new password, a ban,
// a deletion) on any instance (SessionChannel).
func (h *Hub) Serve(w http.ResponseWriter, r *http.Request, login Login, heartbeat time.Duration) {
	if heartbeat <= 0 {
		heartbeat = DefaultHeartbeat
	}
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		httpx.WriteError(w, r, err)
		return
	}
	limit := h.maxStreams
	sub, ok := h.subscribe(login, limit)
	if !ok {
		httpx.WriteError(w, r, ErrTooManyStreams.With(map[string]any{"max": limit}))
		return
	}
	hijacked := false
	defer func() {
		if !hijacked {
			h.Unsubscribe(sub)
		}
	}()

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
	if r.ProtoMajor == 1 && r.ProtoMinor >= 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			hijacked = true
			go h.stream(conn, hd, sub, heartbeat)
			return
		}
	}
	w.WriteHeader(http.StatusOK)

	write := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeWindow))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// retry tells EventSource how soon to reconnect after a drop.
	if !write([]byte(streamStart)) {
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
			if !write([]byte(ping)) {
				return
			}
		}
	}
}

// What a stream sends first (retry tells EventSource how soon to reconnect
// after a drop) and as heartbeat.
const (
	streamStart = "retry: 3000\n: ready\n\n"
	ping        = ": ping\n\n"
)

// stream serves a hijacked HTTP/1.1 connection: the response head with
// header, then each frame as one chunk of a chunked body. A goroutine
// reading the connection learns at once when the client goes away (a
// stream's client never sends anything).
func (h *Hub) stream(conn net.Conn, header http.Header, sub *Subscriber, heartbeat time.Duration) {
	defer h.Unsubscribe(sub)
	defer conn.Close()
	_ = conn.SetDeadline(time.Time{})
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		var b [1]byte
		for {
			if _, err := conn.Read(b[:]); err != nil {
				return
			}
		}
	}()
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	_ = header.Write(&head)
	head.WriteString("Transfer-Encoding: chunked\r\n\r\n")
	head.Write(chunk(nil, []byte(streamStart)))
	write := func(b []byte) bool {
		_ = conn.SetWriteDeadline(time.Now().Add(writeWindow))
		_, err := conn.Write(b)
		return err == nil
	}
	if !write(head.Bytes()) {
		return
	}
	pingChunk := chunk(nil, []byte(ping))
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	var buf []byte
	for {
		select {
		case <-gone:
			return
		case <-h.closing:
			return
		case frame, ok := <-sub.C:
			if !ok {
				return
			}
			buf = chunk(buf[:0], frame)
			if !write(buf) {
				return
			}
			if cap(buf) > 1024 {
				buf = nil // an idle stream keeps no large buffer
			}
		case <-tick.C:
			if !write(pingChunk) {
				return
			}
		}
	}
}

// chunk appends b as one chunk of a chunked HTTP/1.1 body to dst.
func chunk(dst, b []byte) []byte {
	dst = strconv.AppendInt(dst, int64(len(b)), 16)
	dst = append(dst, "\r\n"...)
	dst = append(dst, b...)
	return append(dst, "\r\n"...)
}
