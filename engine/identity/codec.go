package identity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"
)

// SessionCodec encodes a login's session (a member's or, in the console,
// a staff member's) as JSON behind a marker, with each
// value in a field of its type, so it decodes back to the same Go types
// (GetInt64 asserts int64). scs's default gob codec builds a new decoder and
// reads the type definitions again for every request: decoding a session
// was 5% of the engine's CPU time per message sent (make bench, chat).
// Sessions written by the gob codec before are still read, so nobody is
// logged out by the change.
type SessionCodec struct{}

// sessionMarker starts a session encoded by SessionCodec. Gob data never
// starts with a zero byte (its first byte is the length of a message,
// which is never empty).
var sessionMarker = []byte("\x00rdv1")

type sessionRecord struct {
	Deadline time.Time         `json:"deadline"`
	Int64    map[string]int64  `json:"int64,omitempty"`
	Int      map[string]int    `json:"int,omitempty"`
	Bool     map[string]bool   `json:"bool,omitempty"`
	String   map[string]string `json:"string,omitempty"`
}

// Encode writes deadline and values; a value of another type than int64,
// int, bool or string is an error (no login stores one).
func (SessionCodec) Encode(deadline time.Time, values map[string]any) ([]byte, error) {
	rec := sessionRecord{Deadline: deadline}
	for k, v := range values {
		switch v := v.(type) {
		case int64:
			rec.Int64 = put(rec.Int64, k, v)
		case int:
			rec.Int = put(rec.Int, k, v)
		case bool:
			rec.Bool = put(rec.Bool, k, v)
		case string:
			rec.String = put(rec.String, k, v)
		default:
			return nil, fmt.Errorf("session value %q: a %T cannot be kept", k, v)
		}
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("encode session: %w", err)
	}
	return append(bytes.Clone(sessionMarker), b...), nil
}

func put[V any](m map[string]V, k string, v V) map[string]V {
	if m == nil {
		m = map[string]V{}
	}
	m[k] = v
	return m
}

// Decode reads a session Encode wrote, or one of scs's gob codec.
func (SessionCodec) Decode(b []byte) (time.Time, map[string]any, error) {
	data, ok := bytes.CutPrefix(b, sessionMarker)
	if !ok {
		return scs.GobCodec{}.Decode(b)
	}
	var rec sessionRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return time.Time{}, nil, fmt.Errorf("decode session: %w", err)
	}
	values := make(map[string]any, len(rec.Int64)+len(rec.Int)+len(rec.Bool)+len(rec.String))
	for k, v := range rec.Int64 {
		values[k] = v
	}
	for k, v := range rec.Int {
		values[k] = v
	}
	for k, v := range rec.Bool {
		values[k] = v
	}
	for k, v := range rec.String {
		values[k] = v
	}
	return rec.Deadline, values, nil
}

// maxDecoded bounds how many sessions a decodedSessions remembers.
const maxDecoded = 10_000

// decodedSessions is SessionCodec remembering the sessions it decoded: a
// member's requests bring the same stored session again and again (kept
// in memory by accounts.SessionStore), and decoding its JSON was 3% of the
// engine's CPU per message sent (make bench, chat). Decoding is a function
// of the bytes alone, so a remembered session is never stale; each caller
// gets a map of its own (the session manager changes it).
type decodedSessions struct {
	mu   sync.Mutex
	seen map[string]decodedSession
}

type decodedSession struct {
	deadline time.Time
	values   map[string]any
}

func newDecodedSessions() *decodedSessions {
	return &decodedSessions{seen: map[string]decodedSession{}}
}

// Encode is SessionCodec's.
func (d *decodedSessions) Encode(deadline time.Time, values map[string]any) ([]byte, error) {
	return SessionCodec{}.Encode(deadline, values)
}

// Decode is SessionCodec's, from memory for a session decoded before.
func (d *decodedSessions) Decode(b []byte) (time.Time, map[string]any, error) {
	d.mu.Lock()
	s, ok := d.seen[string(b)]
	d.mu.Unlock()
	if ok {
		return s.deadline, maps.Clone(s.values), nil
	}
	deadline, values, err := SessionCodec{}.Decode(b)
	if err != nil {
		return time.Time{}, nil, err
	}
	d.mu.Lock()
	if len(d.seen) >= maxDecoded {
		clear(d.seen)
	}
	d.seen[string(b)] = decodedSession{deadline: deadline, values: maps.Clone(values)}
	d.mu.Unlock()
	return deadline, values, nil
}
