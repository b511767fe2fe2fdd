package live

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/live/internal/db"
)

// Channel is the PostgreSQL notification channel of member events.
const Channel = "rdv_events"

// Event types of GET /api/events.
const (
	TypeMessage = "message"
	TypeLike    = "like"
	TypeCredits = "credits"
	TypeUser    = "user"
	// TypeRead is a read receipt: the other member of a conversation has
	// read it (chat).
	TypeRead = "read"
	// TypeTyping says the other member of a conversation is typing; it is
	// never stored (chat).
	TypeTyping = "typing"
)

// maxPayload keeps notifications under PostgreSQL's 8000-byte limit; a
// larger event goes out without its data and the client reloads instead.
const maxPayload = 7800

// Event is one thing that happened to a member.
type Event struct {
	// Type is one of the Type constants; the SSE event name.
	Type string
	// Data is encoded as JSON into the event's data line.
	Data any
}

// notification is what travels through pg_notify.
type notification struct {
	Member int64           `json:"m"`
	Type   string          `json:"t"`
	Data   json.RawMessage `json:"d,omitempty"`
}

// Publish sends e to every open stream of member once conn's transaction
// commits (at once when conn is not in a transaction). Call it with the
// transaction that makes the change, so a rolled-back change is never
// announced. Inside WithOutbox the event waits in the outbox for Flush, so
// the events of one transaction travel as one notification.
func Publish(ctx context.Context, conn db.DBTX, member int64, e Event) error {
	n, err := encode(member, e)
	if err != nil {
		return err
	}
	if o, ok := ctx.Value(outboxKey{}).(*Outbox); ok {
		o.events = append(o.events, n)
		return nil
	}
	return notify(ctx, conn, n)
}

// encode makes the notification of one event (notification's JSON); an
// event too large for pg_notify goes out without its data and the client
// reloads instead. The event's data is encoded once and the notification
// written around it: marshalling the notification would scan and copy the
// data again (a send publishes two messages; make bench, chat).
func encode(member int64, e Event) (json.RawMessage, error) {
	var data []byte
	if e.Data != nil {
		raw, err := json.Marshal(e.Data)
		if err != nil {
			return nil, fmt.Errorf("encode %s event: %w", e.Type, err)
		}
		data = raw
	}
	payload := make([]byte, 0, len(`{"m":,"t":"","d":}`)+20+len(e.Type)+len(data))
	payload = append(payload, `{"m":`...)
	payload = strconv.AppendInt(payload, member, 10)
	payload = append(payload, `,"t":`...)
	if plainType(e.Type) {
		payload = append(append(append(payload, '"'), e.Type...), '"')
	} else {
		typ, err := json.Marshal(e.Type)
		if err != nil {
			return nil, err
		}
		payload = append(payload, typ...)
	}
	if len(data) > 0 && len(payload)+len(`,"d":}`)+len(data) <= maxPayload {
		payload = append(payload, `,"d":`...)
		payload = append(payload, data...)
	}
	return append(payload, '}'), nil
}

// plainType reports whether an event type needs no escaping in JSON (the
// Type constants: lower-case letters and underscores).
func plainType(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i]; (c < 'a' || c > 'z') && c != '_' {
			return false
		}
	}
	return true
}

func notify(ctx context.Context, conn db.DBTX, payload []byte) error {
	if err := db.New(conn).EventNotify(ctx, string(payload)); err != nil {
		return fmt.Errorf("publish live events: %w", err)
	}
	return nil
}

// Outbox holds the events published in one transaction until Flush sends
// them. A send would otherwise notify three times (the recipient's message,
// the sender's copy, the new balance): each pg_notify is a round trip, and
// every notification wakes every instance's listener and takes the
// notification queue's lock at commit.
type Outbox struct {
	events []json.RawMessage
}

type outboxKey struct{}

// WithOutbox returns a context in which Publish collects events into the
// returned outbox instead of notifying; the caller must Flush it in the
// same transaction before committing.
func WithOutbox(ctx context.Context) (context.Context, *Outbox) {
	o := &Outbox{}
	return context.WithValue(ctx, outboxKey{}, o), o
}

// Flush sends the collected events in as few notifications as fit
// PostgreSQL's payload limit (a JSON array of notifications each), in the
// order they were published, and empties the outbox. It runs in the
// transaction that made the events, so they go out only if it commits;
// see SendCommitted for what that costs on a durable database.
func (o *Outbox) Flush(ctx context.Context, conn db.DBTX) error {
	return o.batches(func(batch []byte) error { return notify(ctx, conn, batch) })
}

// Queue queues the collected events on b as Flush would send them, for a
// transaction that sends its last statements in one batch with its COMMIT
// (database.Pipelined), and empties the outbox.
func (o *Outbox) Queue(b *pgx.Batch) {
	_ = o.batches(func(batch []byte) error {
		db.QueueEventNotify(b, string(batch))
		return nil
	})
}

// SendCommitted sends the collected events after the transaction that
// published them has committed, instead of Flush inside it, and empties
// the outbox; a caller calls it only once its transaction committed (and
// drops the outbox when it rolled back).
//
// Why: PostgreSQL serialises every transaction that notifies with one
// lock for the whole cluster, held until its commit is done
// (PreCommit_Notify in async.c), so on a durable database notifying
// transactions wait for each other's WAL flush one after another. With
// 20 sessions pgbench on a durable cluster of the development machine
// committed 349-408 transactions a second with pg_notify inside against
// 2,192-2,335 without, and 1,137-1,248 with the notification after the
// commit in a transaction of its own that does not wait for its flush
// (engine/cmd/bench/HISTORY.md, Live delivery apart from the sends). A live
// event is not kept anyway: if the engine stops between the commit and this
// call, the event is lost as those published while a listener reconnects are,
// and the member apps poll as well, so they catch up within a minute.
// All batches go through one
// connection, so they arrive in the order they were published.
func (o *Outbox) SendCommitted(ctx context.Context, pool *pgxpool.Pool) error {
	return o.sendCommitted(ctx, pool)
}

// sendCommitted is SendCommitted on conn (a pool, or the notifier's own
// connection): one round trip and one short implicit transaction for all
// the notifications.
func (o *Outbox) sendCommitted(ctx context.Context, conn interface {
	SendBatch(context.Context, *pgx.Batch) pgx.BatchResults
}) error {
	if len(o.events) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	_ = o.batches(func(batch []byte) error {
		db.QueueEventNotifyCommitted(b, string(batch))
		return nil
	})
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("publish committed live events: %w", err)
	}
	return nil
}

// Announce sends the events of a committed transaction (o, which it
// empties) after it, as SendCommitted does, through the hub's notifier: one
// goroutine that sends whatever the instance's transactions committed
// meanwhile in one round trip, so that many sends take PostgreSQL's notify
// lock once, and no send waits for it (with the notification inside the
// send's transaction, the sends queued on that lock one after another:
// make bench, chat, engine/cmd/bench/HISTORY.md: Live delivery apart from
// the sends). The events of one instance keep their order. Before Start and
// after Close it sends them itself.
func (h *Hub) Announce(ctx context.Context, o *Outbox) error {
	if len(o.events) == 0 {
		return nil
	}
	h.committedMu.Lock()
	if !h.notifying {
		h.committedMu.Unlock()
		return o.SendCommitted(ctx, h.pool)
	}
	h.committed = append(h.committed, o.events...)
	o.events = nil
	h.committedMu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
	return nil
}

// notifyCommitted is the hub's notifier (Announce) until ctx ends; then it
// sends what is still waiting and Announce sends for itself. It has a
// connection of its own, as the listener has: one from the pool would be
// waited for behind the requests.
func (h *Hub) notifyCommitted(ctx context.Context) {
	var conn *pgx.Conn
	defer func() {
		if conn != nil {
			_ = conn.Close(context.Background())
		}
	}()
	for {
		select {
		case <-h.wake:
			conn = h.sendCommitted(ctx, conn)
		case <-ctx.Done():
			h.committedMu.Lock()
			h.notifying = false
			h.committedMu.Unlock()
			last, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			conn = h.sendCommitted(last, conn)
			cancel()
			return
		}
	}
}

// sendCommitted sends the events waiting for the notifier on conn,
// connecting first when conn is nil, and returns the connection to use
// next (nil after a failure: the next send connects again).
func (h *Hub) sendCommitted(ctx context.Context, conn *pgx.Conn) *pgx.Conn {
	h.committedMu.Lock()
	o := &Outbox{events: h.committed}
	h.committed = nil
	h.committedMu.Unlock()
	n := len(o.events)
	if n == 0 {
		return conn
	}
	var err error
	if conn == nil {
		conn, err = pgx.ConnectConfig(ctx, h.pool.Config().ConnConfig.Copy())
	}
	if err == nil {
		err = o.sendCommitted(ctx, conn)
	}
	if err != nil {
		// Lost as events are while a listener reconnects; the apps poll.
		h.log.Warn("live: committed events not sent", "events", n, "err", err)
		if conn != nil {
			_ = conn.Close(context.Background())
		}
		return nil
	}
	return conn
}

// batches hands the collected events to send in as few notifications as
// fit PostgreSQL's payload limit (a JSON array of notifications each), in
// the order they were published, and empties the outbox.
func (o *Outbox) batches(send func(batch []byte) error) error {
	events := o.events
	o.events = nil
	for len(events) > 0 {
		batch := []byte{'['}
		n := 0
		for n < len(events) && (n == 0 || len(batch)+1+len(events[n])+1 <= maxPayload) {
			if n > 0 {
				batch = append(batch, ',')
			}
			batch = append(batch, events[n]...)
			n++
		}
		batch = append(batch, ']')
		if err := send(batch); err != nil {
			return err
		}
		events = events[n:]
	}
	return nil
}

// Presence timing: instances heartbeat every heartbeatEvery; one silent for
// freshFor counts as gone, and after staleAfter its rows are deleted.
const (
	heartbeatEvery = 20 * time.Second
	freshFor       = 60 * time.Second
	staleAfter     = 10 * time.Minute
)

// ConnectedWithin is how recently an instance must have heartbeat for its
// streams to count in Connected; callers that read presence in queries of
// their own use it too.
const ConnectedWithin = freshFor

// Connected reports whether member has an open event stream on any live
// engine instance; pushes go only to members who have none.
func Connected(ctx context.Context, conn db.DBTX, member int64) (bool, error) {
	ok, err := db.New(conn).PresenceOfMember(ctx, db.PresenceOfMemberParams{MemberID: member, FreshSeconds: freshFor.Seconds()})
	if err != nil {
		return false, fmt.Errorf("presence of member %d: %w", member, err)
	}
	return ok, nil
}

// OnlineMembers lists the members with an open event stream on any live
// engine instance: who is online now, for search's "online now".
func OnlineMembers(ctx context.Context, conn db.DBTX) ([]int64, error) {
	ids, err := db.New(conn).OnlineMembers(ctx, freshFor.Seconds())
	if err != nil {
		return nil, fmt.Errorf("online members: %w", err)
	}
	return ids, nil
}

// SessionChannel is the PostgreSQL notification channel on which the
// database announces the end of members' sessions (triggers on members and
// sessions): every instance closes the streams opened with a session that
// ended, so a logout, a password reset, a ban or a deletion leaves no
// stream open anywhere.
const SessionChannel = "session_ends"

// MemberChannel is the PostgreSQL notification channel on which the
// database announces changes of the facts a member's requests are
// identified with (paid or not, the language, the status, a ban); its
// payload is the member's id.
const MemberChannel = "member_changes"

// SessionWatcher hears what the hub hears of members' sessions on every
// instance (accounts.SessionStore, which keeps sessions in memory).
type SessionWatcher interface {
	// Hearing is told true once the listener listens, and false when it
	// lost its connection: notifications may have been missed since.
	Hearing(on bool)
	// Changed is told that sessions of member ended (SessionChannel) or
	// that the member's facts changed (MemberChannel).
	Changed(member int64)
}

// WatchSessions has w hear of ended sessions and changed members; call it
// before Start.
func (h *Hub) WatchSessions(w SessionWatcher) { h.watcher = w }

// Login is the login an event stream is opened with: the member, the
// member's session epoch then and the session (identity.SessionID of its
// token). The stream ends with it.
type Login struct {
	Member  int64
	Epoch   int32
	Session string
}

// sessionEnd is what travels on SessionChannel: every session of Member
// made before Epoch ended, or the one session Session ended.
type sessionEnd struct {
	Member  int64  `json:"m"`
	Epoch   *int32 `json:"e"`
	Session string `json:"s"`
}

// ends reports whether the stream's login is one that e ended.
func (e sessionEnd) ends(s *Subscriber) bool {
	if e.Epoch != nil {
		return s.epoch < *e.Epoch
	}
	return e.Session != "" && s.session == e.Session
}

// Subscriber is one open event stream of a member.
type Subscriber struct {
	member int64
	// epoch and session are those of the login the stream was opened
	// with (Login); Subscribe's streams have neither and end with any
	// epoch change.
	epoch   int32
	session string
	// C carries ready-to-write SSE frames; it is closed when the hub drops
	// a subscriber that cannot keep up (the client reconnects and reloads).
	C      chan []byte
	closed bool
}

// subscriberBuffer is how many frames may wait for a slow client.
const subscriberBuffer = 32

// Hub fans events out to the open streams of this instance.
type Hub struct {
	pool     *pgxpool.Pool
	log      *slog.Logger
	instance pgtype.UUID

	mu    sync.Mutex
	subs  map[int64]map[*Subscriber]struct{}
	count atomic.Int64

	// maxStreams is how many streams one member may hold open on this
	// instance (tabs, windows, devices). Each stream holds a connection, a
	// goroutine and buffers, so without a bound one member could exhaust
	// the instance.
	maxStreams int

	// presence carries first-subscribe (+id) and last-unsubscribe (-id)
	// changes to one writer, so they reach the database in order.
	presence chan int64
	ready    chan struct{}
	readyOne sync.Once
	cancel   context.CancelFunc
	done     chan struct{}
	// closing ends every stream when the hub closes.
	closing   chan struct{}
	closeOnce sync.Once

	// committed are the events Announce hands to the notifier, which wake
	// wakes; notifying is true while it runs.
	committedMu sync.Mutex
	committed   []json.RawMessage
	notifying   bool
	wake        chan struct{}

	// watcher hears of ended sessions and changed members (WatchSessions).
	watcher SessionWatcher
}

// NewHub makes a hub on pool; Start runs it.
func NewHub(pool *pgxpool.Pool, maxStreams int, log *slog.Logger) *Hub {
	if maxStreams <= 0 {
		maxStreams = DefaultMaxStreams
	}
	var id [16]byte
	_, _ = rand.Read(id[:])
	id[6] = id[6]&0x0f | 0x40
	id[8] = id[8]&0x3f | 0x80
	return &Hub{
		pool: pool, log: log, maxStreams: maxStreams, instance: pgtype.UUID{Bytes: id, Valid: true},
		subs:     map[int64]map[*Subscriber]struct{}{},
		presence: make(chan int64, 4096),
		ready:    make(chan struct{}),
		done:     make(chan struct{}),
		closing:  make(chan struct{}),
		wake:     make(chan struct{}, 1),
	}
}

// Start runs the listener, the notifier of committed events (Announce),
// the heartbeat and the presence writer until Close.
func (h *Hub) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	// The instance row must exist before presence rows point at it.
	first, stop := context.WithTimeout(ctx, 10*time.Second)
	if err := db.New(h.pool).InstanceHeartbeat(first, h.instance); err != nil {
		h.log.Warn("live: first heartbeat", "err", err)
	}
	stop()
	h.committedMu.Lock()
	h.notifying = true
	h.committedMu.Unlock()
	var wg sync.WaitGroup
	wg.Add(4)
	go func() { defer wg.Done(); h.notifyCommitted(ctx) }()
	go func() { defer wg.Done(); h.listen(ctx) }()
	go func() { defer wg.Done(); h.heartbeat(ctx) }()
	go func() { defer wg.Done(); h.writePresence(ctx) }()
	go func() { wg.Wait(); close(h.done) }()
}

// Close ends every stream, stops the hub and removes this instance's
// presence. It may be called more than once.
func (h *Hub) Close() {
	h.closeOnce.Do(func() {
		close(h.closing)
		if h.cancel == nil {
			return
		}
		h.cancel()
		<-h.done
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = db.New(h.pool).InstanceDelete(ctx, h.instance)
	})
}

// Ready is closed once the listener is listening: from then on every
// committed event reaches this instance's subscribers.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// Connections is the number of open streams on this instance.
func (h *Hub) Connections() int64 { return h.count.Load() }

// Subscribe opens a stream for member; Unsubscribe must follow.
func (h *Hub) Subscribe(member int64) *Subscriber {
	s, _ := h.subscribe(Login{Member: member}, 0)
	return s
}

// subscribe opens a stream for l's member unless the member already holds
// limit streams on this instance (0: no limit); the check and the opening
// are one step, so parallel opens cannot pass the limit together.
func (h *Hub) subscribe(l Login, limit int) (*Subscriber, bool) {
	member := l.Member
	s := &Subscriber{member: member, epoch: l.Epoch, session: l.Session, C: make(chan []byte, subscriberBuffer)}
	h.mu.Lock()
	set := h.subs[member]
	if limit > 0 && len(set) >= limit {
		h.mu.Unlock()
		return nil, false
	}
	if set == nil {
		set = map[*Subscriber]struct{}{}
		h.subs[member] = set
		h.notePresence(member)
	}
	set[s] = struct{}{}
	h.mu.Unlock()
	h.count.Add(1)
	return s, true
}

// Unsubscribe closes s.
func (h *Hub) Unsubscribe(s *Subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.subs[s.member]
	if _, ok := set[s]; !ok {
		return
	}
	delete(set, s)
	h.count.Add(-1)
	if !s.closed {
		s.closed = true
		close(s.C)
	}
	if len(set) == 0 {
		delete(h.subs, s.member)
		h.notePresence(-s.member)
	}
}

// notePresence queues a presence change; called with mu held, so changes
// of one member are queued in the order they happen.
func (h *Hub) notePresence(change int64) {
	select {
	case h.presence <- change:
	default:
		// The writer is far behind (database trouble); presence only
		// decides whether to push, so a lost row means at worst one push
		// too many or too few.
		h.log.Warn("live: presence queue full")
	}
}

func (h *Hub) writePresence(ctx context.Context) {
	q := db.New(h.pool)
	for {
		select {
		case <-ctx.Done():
			return
		case change := <-h.presence:
			var err error
			if change > 0 {
				err = q.PresenceAdd(ctx, db.PresenceAddParams{InstanceID: h.instance, MemberID: change})
			} else {
				err = q.PresenceRemove(ctx, db.PresenceRemoveParams{InstanceID: h.instance, MemberID: -change})
			}
			if err != nil && ctx.Err() == nil {
				h.log.Warn("live: presence", "err", err)
			}
		}
	}
}

func (h *Hub) heartbeat(ctx context.Context) {
	q := db.New(h.pool)
	beat := func() {
		if err := q.InstanceHeartbeat(ctx, h.instance); err != nil && ctx.Err() == nil {
			h.log.Warn("live: heartbeat", "err", err)
		}
	}
	beat()
	_ = q.InstancePurgeStale(ctx, staleAfter.Seconds())
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			beat()
		}
	}
}

// listen holds the LISTEN connection and reconnects when it drops. Events
// published while it is down are lost to this instance; clients poll as
// well, so they catch up within a minute.
func (h *Hub) listen(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := h.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("live: listener lost, reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 5*time.Second)
	}
}

func (h *Hub) listenOnce(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, h.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+Channel+"; LISTEN "+SessionChannel+"; LISTEN "+MemberChannel); err != nil {
		return err
	}
	if h.watcher != nil {
		h.watcher.Hearing(true)
		defer h.watcher.Hearing(false)
	}
	h.readyOne.Do(func() { close(h.ready) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		switch n.Channel {
		case SessionChannel:
			h.endSessions([]byte(n.Payload))
		case MemberChannel:
			h.memberChanged(n.Payload)
		default:
			h.dispatch([]byte(n.Payload))
		}
	}
}

// memberChanged tells the watcher of a member whose facts changed.
func (h *Hub) memberChanged(payload string) {
	id, err := strconv.ParseInt(payload, 10, 64)
	if err != nil || id == 0 {
		h.log.Warn("live: bad member change", "payload", payload)
		return
	}
	if h.watcher != nil {
		h.watcher.Changed(id)
	}
}

// endSessions closes the streams on this instance whose login the
// notification ended; their handlers end and the connections close. A
// browser whose session still counts (the member changed their own
// password) reconnects with it.
func (h *Hub) endSessions(payload []byte) {
	var e sessionEnd
	if err := json.Unmarshal(payload, &e); err != nil || e.Member == 0 {
		h.log.Warn("live: bad session end", "payload", string(payload))
		return
	}
	if h.watcher != nil {
		h.watcher.Changed(e.Member)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[e.Member] {
		if !s.closed && e.ends(s) {
			s.closed = true
			close(s.C)
		}
	}
}

// dispatch hands one notification (one event, or an outbox's array of
// events) to the members' streams on this instance.
func (h *Hub) dispatch(payload []byte) {
	var buf [8]notification
	if list, ok := scanNotifications(payload, buf[:0]); ok {
		for _, n := range list {
			h.deliver(n)
		}
		return
	}
	if len(payload) > 0 && payload[0] == '[' {
		var list []notification
		if err := json.Unmarshal(payload, &list); err != nil {
			h.log.Warn("live: bad notification", "payload", string(payload))
			return
		}
		for _, n := range list {
			h.deliver(n)
		}
		return
	}
	var n notification
	if err := json.Unmarshal(payload, &n); err != nil {
		h.log.Warn("live: bad notification", "payload", string(payload))
		return
	}
	h.deliver(n)
}

// deliver hands one event to the member's streams on this instance.
func (h *Hub) deliver(n notification) {
	if n.Type == "" {
		h.log.Warn("live: notification without type", "member", n.Member)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.subs[n.Member]
	if len(set) == 0 {
		return
	}
	frame := Frame(n.Type, n.Data)
	for s := range set {
		if s.closed {
			continue
		}
		select {
		case s.C <- frame:
		default:
			// A client that does not read its stream is cut off; its
			// handler ends and the browser reconnects and reloads.
			s.closed = true
			close(s.C)
		}
	}
}

// Frame formats one server-sent event. JSON never holds a raw newline, so
// the data fits on one line.
func Frame(typ string, data json.RawMessage) []byte {
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	b := make([]byte, 0, len(typ)+len(data)+16)
	b = append(b, "event: "...)
	b = append(b, typ...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// PurgeMember forgets where a purged member was connected, in the purge
// transaction tx.
func PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	if err := db.New(tx).PresencePurgeMember(ctx, member); err != nil {
		return fmt.Errorf("purge presence of %d: %w", member, err)
	}
	return nil
}
