package accounts

import (
	"testing"
	"time"
)

// The cache answers only while the instance hears the ends of sessions,
// within its time; a member forgotten is read from the database again, and
// what a read that began before the forgetting found is not kept, nor
// anything of the member until the time is over (a transaction that ends
// the sessions may commit after it told the cache).
func TestSessionCacheForgets(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	c := newSessionCache(5 * time.Second)
	ann := &Account{ID: 1, SessionEpoch: 3, LastSeenAt: now.Add(-time.Hour)}
	hit := func(token string, at time.Time) bool {
		_, ok := c.get(token, at)
		return ok
	}

	c.put("a", c.begin(), []byte("data"), ann, now)
	if hit("a", now) {
		t.Fatal("kept before the instance hears the ends of sessions")
	}
	c.setHearing(true)
	c.put("a", c.begin(), []byte("data"), ann, now)
	got, ok := c.get("a", now.Add(time.Second))
	if !ok || string(got.data) != "data" || got.member.SessionEpoch != 3 || got.member == ann {
		t.Fatalf("hit %+v %v: want the data and a copy of the member", got, ok)
	}
	if hit("a", now.Add(6*time.Second)) {
		t.Fatal("answered after its time")
	}

	c.put("a", c.begin(), []byte("data"), ann, now)
	c.seen(1, now)
	if got, _ := c.get("a", now); !got.lastSeen.Equal(now) {
		t.Fatalf("last seen %v, want %v", got.lastSeen, now)
	}
	gen := c.begin()
	c.forgetMember(1, now)
	if hit("a", now) {
		t.Fatal("answered after the member was forgotten")
	}
	c.put("a", gen, []byte("data"), ann, now)
	if hit("a", now) {
		t.Fatal("kept a read that began before the forgetting")
	}
	c.put("a", c.begin(), []byte("data"), ann, now.Add(time.Second))
	if hit("a", now.Add(time.Second)) {
		t.Fatal("kept the member while a transaction that ends their sessions may not have committed")
	}
	c.put("a", c.begin(), []byte("data"), ann, now.Add(6*time.Second))
	if !hit("a", now.Add(6*time.Second)) {
		t.Fatal("not kept again once the time was over")
	}

	c.forgetSession("a")
	if hit("a", now.Add(6*time.Second)) {
		t.Fatal("answered a session this instance ended")
	}
	c.put("b", c.begin(), []byte("data"), ann, now.Add(6*time.Second))
	c.setHearing(false)
	c.setHearing(true)
	if hit("b", now.Add(6*time.Second)) {
		t.Fatal("answered what was kept before the listener lost its connection")
	}
}
