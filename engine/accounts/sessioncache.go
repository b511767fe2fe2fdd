package accounts

import (
	"slices"
	"sync"
	"time"
)

// SessionCacheTTL is how long an instance answers a session from memory
// before it reads it again. A session ends, and a member's facts that
// decide whether it counts change, through the database's notifications
// (live.Hub.WatchSessions), which reach every instance within
// milliseconds; the time bounds only what no notification announces (a
// session's expiry).
const SessionCacheTTL = 5 * time.Second

// sessionCache keeps the sessions of recent requests on this instance with
// the member each was read with, so that a member's requests within
// SessionCacheTTL do not each read the session and the member again (on a
// message send that statement was a fifth of the engine's CPU). It only
// answers while the instance hears every instance's notifications of
// ended sessions and changed members (Hearing); anything it may have
// missed empties it.
//
// The member kept is what Identify decides with (the session epoch, the
// status, the ban); the areas' requests see it through identity. A
// handler that reads the account (CurrentMember) reads it afresh:
// balances and settings are never a moment old.
type sessionCache struct {
	ttl time.Duration

	mu      sync.Mutex
	hearing bool
	// gen moves on with every forgetting: a read of the database that
	// began before one may hold what was forgotten and is not kept.
	gen      uint64
	sessions map[string]*cachedSession
	members  map[int64]*cachedMember
	// unsettled are the members forgotten within the time: their
	// sessions are read from the database, never kept, until then (a
	// transaction of this instance that ends them may not have committed
	// yet when it tells the cache).
	unsettled map[int64]time.Time
	puts      int
}

type cachedSession struct {
	data   []byte
	member *cachedMember
	until  time.Time
}

// cachedMember is shared by the cached sessions of one member; forgotten
// ends all of them at once.
type cachedMember struct {
	account   *Account
	lastSeen  time.Time
	forgotten bool
}

func newSessionCache(ttl time.Duration) *sessionCache {
	return &sessionCache{ttl: ttl, sessions: map[string]*cachedSession{}, members: map[int64]*cachedMember{},
		unsettled: map[int64]time.Time{}}
}

// cacheHit is one session answered from memory: its stored data, the
// member it was read with (shared, never changed) and when the member was
// last seen as this instance knows it.
type cacheHit struct {
	data     []byte
	member   *Account
	lastSeen time.Time
}

// get answers token's session from memory, if it may.
func (c *sessionCache) get(token string, now time.Time) (cacheHit, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sessions[token]
	if s == nil || !c.hearing {
		return cacheHit{}, false
	}
	if s.member.forgotten || now.After(s.until) {
		delete(c.sessions, token)
		return cacheHit{}, false
	}
	return cacheHit{data: s.data, member: s.member.account, lastSeen: s.member.lastSeen}, true
}

// begin is called before reading a session from the database: put keeps
// what the read found only if nothing was forgotten meanwhile.
func (c *sessionCache) begin() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put keeps token's session, read from the database since begin gave gen,
// with a copy of its member m.
func (c *sessionCache) put(token string, gen uint64, data []byte, m *Account, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.hearing || gen != c.gen {
		return
	}
	if until, ok := c.unsettled[m.ID]; ok {
		if now.Before(until) {
			return
		}
		delete(c.unsettled, m.ID)
	}
	c.puts++
	if c.puts%1024 == 0 {
		c.sweep(now)
	}
	cm := c.members[m.ID]
	if cm == nil {
		cm = &cachedMember{}
		c.members[m.ID] = cm
	}
	cm.account = cloneAccount(m)
	cm.lastSeen = m.LastSeenAt
	c.sessions[token] = &cachedSession{data: slices.Clone(data), member: cm, until: now.Add(c.ttl)}
}

// sweep drops the sessions whose time is over and the members without a
// session left; with mu held.
func (c *sessionCache) sweep(now time.Time) {
	kept := map[int64]bool{}
	for token, s := range c.sessions {
		if s.member.forgotten || now.After(s.until) {
			delete(c.sessions, token)
			continue
		}
		kept[s.member.account.ID] = true
	}
	for id := range c.members {
		if !kept[id] {
			delete(c.members, id)
		}
	}
	for id, until := range c.unsettled {
		if now.After(until) {
			delete(c.unsettled, id)
		}
	}
}

// forgetMember drops every session of member: one of them ended, or the
// member's facts changed. Until the time is over they are not kept again.
func (c *sessionCache) forgetMember(member int64, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if cm := c.members[member]; cm != nil {
		cm.forgotten = true
		delete(c.members, member)
	}
	c.unsettled[member] = now.Add(c.ttl)
}

// forgetSession drops one session, which this instance ends.
func (c *sessionCache) forgetSession(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	delete(c.sessions, token)
}

// seen notes that member was seen at, so the requests answered from memory
// do not mark the member seen again.
func (c *sessionCache) seen(member int64, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cm := c.members[member]; cm != nil {
		cm.lastSeen = at
	}
}

// setHearing starts (true) or stops answering from memory; either way
// what was kept is dropped, as notifications may have been missed.
func (c *sessionCache) setHearing(on bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hearing = on
	c.gen++
	for _, cm := range c.members {
		cm.forgotten = true
	}
	c.sessions = map[string]*cachedSession{}
	c.members = map[int64]*cachedMember{}
	c.unsettled = map[int64]time.Time{}
}

// cloneAccount copies m with its own slices, so neither the cache nor a
// request changes what the other holds.
func cloneAccount(m *Account) *Account {
	c := *m
	c.NotificationsDisabled = slices.Clone(m.NotificationsDisabled)
	c.NotificationTypesDisabled = slices.Clone(m.NotificationTypesDisabled)
	c.Tracking = slices.Clone(m.Tracking)
	return &c
}
