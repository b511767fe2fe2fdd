package likes_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// claim posts like-card.php and answers the status, the error code and
// first_time; a 5xx fails the test.
func (m member) claim(t *testing.T, body any) (int, string, bool) {
	t.Helper()
	res := m.Do(http.MethodPost, "/api/like-card.php", body)
	if res.Status >= 500 {
		t.Fatalf("%v: %d %s", body, res.Status, res.Body)
	}
	var out struct {
		FirstTime bool `json:"first_time"`
	}
	if res.Status == http.StatusOK {
		res.JSON(t, &out)
	}
	return res.Status, res.ErrorCode(), out.FirstTime
}

// A like or match card shows once per member, kept on the server: the
// first claim says so, later ones (and parallel ones) do not; only the
// member's own likes and matches of the tenant count; bad input is refused
// with a stable code and changes nothing.
func TestClaimCard(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	fan := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	partner := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	other := login(t, env, accountstest.Member{})
	stranger := woman(t, env, accountstest.Member{})
	abroad := woman(t, env, accountstest.Member{TenantSlug: "herzklopfen"})

	fan.mustLike(t, me.ID)
	fan.mustLike(t, other.ID)
	partner.mustLike(t, me.ID)
	me.mustLike(t, partner.ID)
	// A like from another tenant's pool cannot be given through the API; the row stands for a leak.
	env.Exec(t, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", abroad.ID, me.ID)

	shownAt := func(col string, liker, liked int64) *time.Time {
		t.Helper()
		var at *time.Time
		if err := env.Pool.QueryRow(context.Background(), "SELECT "+col+" FROM likes WHERE liker_id = $1 AND liked_id = $2", liker, liked).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	wantClaim := func(m member, body map[string]any, first bool) {
		t.Helper()
		st, code, got := m.claim(t, body)
		if st != http.StatusOK || got != first {
			t.Fatalf("claim %v: %d %q first_time %v, want 200 first_time %v", body, st, code, got, first)
		}
	}

	// The fan's like: eight claims at once (two tabs, two devices), exactly one first.
	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := 0
	for range 8 {
		wg.Go(func() {
			res := me.Do(http.MethodPost, "/api/like-card.php", map[string]any{"profile_id": fan.ID, "kind": "like"})
			var out struct {
				FirstTime bool `json:"first_time"`
			}
			if res.Status == http.StatusOK && json.Unmarshal(res.Body, &out) == nil && out.FirstTime {
				mu.Lock()
				firsts++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firsts != 1 {
		t.Fatalf("%d parallel claims were the first, want 1", firsts)
	}
	first := shownAt("card_shown_at", fan.ID, me.ID)
	if first == nil {
		t.Fatal("the like card was not kept")
	}
	wantClaim(me, map[string]any{"profile_id": fan.ID, "kind": "like"}, false)
	if again := shownAt("card_shown_at", fan.ID, me.ID); again == nil || !again.Equal(*first) {
		t.Errorf("a later claim moved the time: %v, first %v", again, first)
	}
	// The same fan's like of another member is still theirs to see.
	if shownAt("card_shown_at", fan.ID, other.ID) != nil {
		t.Error("my claim marked another member's like")
	}
	wantClaim(other, map[string]any{"profile_id": fan.ID, "kind": "like"}, true)

	// The match: my card is mine; the partner still has theirs, and the partner's like card stays unclaimed.
	wantClaim(me, map[string]any{"profile_id": partner.ID, "kind": "match"}, true)
	wantClaim(me, map[string]any{"profile_id": partner.ID, "kind": "match"}, false)
	if shownAt("card_shown_at", partner.ID, me.ID) != nil {
		t.Error("the match card claimed the partner's like card")
	}
	wantClaim(partner, map[string]any{"profile_id": me.ID, "kind": "match"}, true)
	wantClaim(me, map[string]any{"profile_id": partner.ID, "kind": "like"}, true)

	// Not mine to see: refused, nothing changes.
	for _, c := range []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"a like never given", map[string]any{"profile_id": stranger.ID, "kind": "like"}, http.StatusNotFound, "like_not_found"},
		{"a like, not a match", map[string]any{"profile_id": fan.ID, "kind": "match"}, http.StatusNotFound, "like_not_found"},
		{"my own like given", map[string]any{"profile_id": other.ID, "kind": "like"}, http.StatusNotFound, "like_not_found"},
		{"another tenant's profile", map[string]any{"profile_id": abroad.ID, "kind": "like"}, http.StatusNotFound, "like_not_found"},
		{"no such profile", map[string]any{"profile_id": 99999999, "kind": "like"}, http.StatusNotFound, "like_not_found"},
		{"profile_id zero", map[string]any{"profile_id": 0, "kind": "like"}, http.StatusUnprocessableEntity, "profile_id_invalid"},
		{"profile_id negative", map[string]any{"profile_id": -3, "kind": "match"}, http.StatusUnprocessableEntity, "profile_id_invalid"},
		{"unknown kind", map[string]any{"profile_id": fan.ID, "kind": "poke"}, http.StatusUnprocessableEntity, "kind_invalid"},
		{"no kind", map[string]any{"profile_id": fan.ID}, http.StatusUnprocessableEntity, "kind_invalid"},
		{"profile_id a string", `{"profile_id": "x", "kind": "like"}`, http.StatusUnprocessableEntity, "wrong_type"},
		{"not JSON", `kind=like`, http.StatusBadRequest, "invalid_json"},
	} {
		if st, code, _ := me.claim(t, c.body); st != c.status || code != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, st, code, c.status, c.code)
		}
	}
	if shownAt("card_shown_at", abroad.ID, me.ID) != nil {
		t.Error("a refused claim changed another tenant's like")
	}

	// Logged out: no card to claim.
	wantStatus(t, env.Client(t, nlHost).Do(http.MethodPost, "/api/like-card.php", map[string]any{"profile_id": fan.ID, "kind": "like"}), http.StatusForbidden, "authentication_required")
}
