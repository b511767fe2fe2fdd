package identity

import (
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
)

// A login's session comes back with the types it was stored with, from the
// JSON codec and from a session the gob codec wrote before it; what it
// cannot keep or read is an error.
func TestSessionCodec(t *testing.T) {
	t.Parallel()
	deadline := time.Date(2026, 12, 24, 10, 0, 0, 0, time.UTC)
	values := map[string]any{keyMember: int64(7), keyTenant: int64(2), keyEpoch: 3, "verified": true, "note": "x"}
	gob, err := scs.GobCodec{}.Encode(deadline, values)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := SessionCodec{}.Encode(deadline, values)
	if err != nil {
		t.Fatal(err)
	}
	if len(mine) >= len(gob) {
		t.Errorf("a session takes %d bytes, the gob codec's %d", len(mine), len(gob))
	}
	for name, b := range map[string][]byte{"json": mine, "gob": gob} {
		got, back, err := SessionCodec{}.Decode(b)
		if err != nil || !got.Equal(deadline) || len(back) != len(values) {
			t.Fatalf("%s: %v %v %v", name, got, back, err)
		}
		for k, v := range values {
			if back[k] != v {
				t.Errorf("%s: %s is %#v (%T), want %#v (%T)", name, k, back[k], back[k], v, v)
			}
		}
	}
	if _, err := (SessionCodec{}).Encode(deadline, map[string]any{"when": time.Now()}); err == nil {
		t.Error("a time.Time was encoded")
	}
	for _, bad := range [][]byte{nil, []byte("garbage"), append(append([]byte{}, sessionMarker...), "{"...)} {
		if _, _, err := (SessionCodec{}).Decode(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}

// Decoding a login's session costs a fraction of the gob codec's.
func TestSessionCodecCheaperThanGob(t *testing.T) {
	values := map[string]any{keyMember: int64(7), keyTenant: int64(2), keyEpoch: 3}
	deadline := time.Now()
	gob, _ := scs.GobCodec{}.Encode(deadline, values)
	mine, _ := SessionCodec{}.Encode(deadline, values)
	allocs := func(b []byte) float64 {
		return testing.AllocsPerRun(200, func() {
			if _, _, err := (SessionCodec{}).Decode(b); err != nil {
				t.Fatal(err)
			}
		})
	}
	g, m := allocs(gob), allocs(mine)
	if m*3 > g {
		t.Errorf("decoding a session allocates %.0f times, the gob codec %.0f", m, g)
	}
	t.Logf("allocations per decode: %.0f (gob %.0f)", m, g)
}

// A session decoded before comes from memory, as a map of its own: a
// change of one request's session is not the next one's.
func TestDecodedSessionsRemember(t *testing.T) {
	d := newDecodedSessions()
	deadline := time.Date(2026, 12, 24, 10, 0, 0, 0, time.UTC)
	b, err := d.Encode(deadline, map[string]any{keyMember: int64(7), keyTenant: int64(2), keyEpoch: 3})
	if err != nil {
		t.Fatal(err)
	}
	_, first, err := d.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	first[keyMember] = int64(8)
	got, again, err := d.Decode(b)
	if err != nil || !got.Equal(deadline) || again[keyMember] != int64(7) || again[keyEpoch] != 3 {
		t.Fatalf("decoded again: %v %v %v", got, again, err)
	}
	// Only the map of its own is made (SessionCodec's JSON allocates
	// about 20 times).
	if n := testing.AllocsPerRun(200, func() { _, _, _ = d.Decode(b) }); n > 2 {
		t.Errorf("decoding a session decoded before allocates %.0f times, want at most 2", n)
	}
	if _, _, err := d.Decode([]byte("garbage")); err == nil {
		t.Error("garbage decoded")
	}
}
