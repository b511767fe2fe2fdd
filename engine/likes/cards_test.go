package likes_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/likes"
	"rendezvous/engine/server/servertest"
)

// cardShown finds id's card_shown in list (false when absent or left out).
func cardShown(list []likes.Entry, id int64) bool {
	for _, e := range list {
		if e.ID == id && e.CardShown != nil {
			return *e.CardShown
		}
	}
	return false
}

// The like and match cards are seen once per member and kept on the
// server: only the member's own likes and matches of the tenant count,
// repeating the call changes nothing, and bad input is refused with a
// stable code.
func TestCardShown(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	fan := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	partner := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	other := login(t, env, accountstest.Member{})
	stranger := woman(t, env, accountstest.Member{})
	abroad := woman(t, env, accountstest.Member{TenantSlug: "herzklopfen"})

	mustLike := func(m member, id int64) {
		t.Helper()
		res, _ := m.like(t, id, "")
		wantStatus(t, res, http.StatusOK, "")
	}
	mustLike(fan, me.ID)
	mustLike(fan, other.ID)
	mustLike(partner, me.ID)
	mustLike(me, partner.ID)
	// A like from another tenant's pool cannot be given through the API; the row stands for a leak.
	env.Exec(t, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", abroad.ID, me.ID)

	l := me.lists(t, "")
	if cardShown(l.LikedBy, fan.ID) || cardShown(l.Matches, partner.ID) {
		t.Fatalf("cards shown before any was seen: %+v %+v", l.LikedBy, l.Matches)
	}
	for _, e := range l.Profiles {
		if e.CardShown != nil {
			t.Errorf("a given like carries card_shown: %+v", e)
		}
	}

	card := func(m member, body any) (int, string) {
		t.Helper()
		res := m.Do(http.MethodPost, "/api/like-card.php", body)
		if res.Status >= 500 {
			t.Fatalf("%v: %d %s", body, res.Status, res.Body)
		}
		return res.Status, res.ErrorCode()
	}
	shownAt := func(col string, liker, liked int64) *time.Time {
		t.Helper()
		var at *time.Time
		if err := env.Pool.QueryRow(context.Background(), "SELECT "+col+" FROM likes WHERE liker_id = $1 AND liked_id = $2", liker, liked).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}

	// The fan's like: seen once, and seeing it again keeps the first time.
	if st, code := card(me, map[string]any{"profile_id": fan.ID, "kind": "like"}); st != http.StatusOK {
		t.Fatalf("like card: %d %s", st, code)
	}
	first := shownAt("card_shown_at", fan.ID, me.ID)
	if first == nil {
		t.Fatal("the like card was not kept")
	}
	if st, code := card(me, map[string]any{"profile_id": fan.ID, "kind": "like"}); st != http.StatusOK {
		t.Fatalf("like card again: %d %s", st, code)
	}
	if again := shownAt("card_shown_at", fan.ID, me.ID); again == nil || !again.Equal(*first) {
		t.Errorf("seen again moved the time: %v, first %v", again, first)
	}
	// The same fan's like of another member stays unseen for them.
	if shownAt("card_shown_at", fan.ID, other.ID) != nil || cardShown(other.lists(t, "").LikedBy, fan.ID) {
		t.Error("my card marked another member's like")
	}

	// The match: my card is mine; the partner still has theirs to see.
	if st, code := card(me, map[string]any{"profile_id": partner.ID, "kind": "match"}); st != http.StatusOK {
		t.Fatalf("match card: %d %s", st, code)
	}
	l = me.lists(t, "")
	if !cardShown(l.LikedBy, fan.ID) || !cardShown(l.Matches, partner.ID) || cardShown(l.LikedBy, partner.ID) {
		t.Errorf("after seeing: liked_by %+v matches %+v", l.LikedBy, l.Matches)
	}
	if cardShown(partner.lists(t, "").Matches, me.ID) {
		t.Error("my match card marked the partner's")
	}

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
		if st, code := card(me, c.body); st != c.status || code != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, st, code, c.status, c.code)
		}
	}
	if shownAt("card_shown_at", abroad.ID, me.ID) != nil || shownAt("match_card_shown_at", me.ID, partner.ID) == nil {
		t.Error("a refused call changed a like")
	}
	if shownAt("card_shown_at", partner.ID, me.ID) != nil {
		t.Error("the match card marked the partner's like card")
	}

	// Logged out: no card to see.
	wantStatus(t, env.Client(t, nlHost).Do(http.MethodPost, "/api/like-card.php", map[string]any{"profile_id": fan.ID, "kind": "like"}), http.StatusForbidden, "authentication_required")
}
