package likes_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/likes"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
)

// A like is given once per pair; liking back makes a match; the contact
// rules refuse blocked, blocking, invisible and foreign members.
func TestLikeRules(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})

	t.Run("once per pair, then a match when liked back", func(t *testing.T) {
		t.Parallel()
		her := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
		for range 2 {
			res, r := me.like(t, her.ID, "")
			wantStatus(t, res, http.StatusOK, "")
			if r.Match {
				t.Fatal("a match before she liked back")
			}
		}
		if n := count(t, env, "SELECT count(*) FROM likes WHERE liker_id = $1 AND liked_id = $2", me.ID, her.ID); n != 1 {
			t.Fatalf("%d like rows, want 1", n)
		}
		res, r := her.like(t, me.ID, "profile")
		wantStatus(t, res, http.StatusOK, "")
		if !r.Match {
			t.Fatal("liking back is no match")
		}
		if l := me.lists(t, likes.TypeMatches); !slices.Contains(entryIDs(l.Profiles), her.ID) {
			t.Fatalf("matches %v lack %d", entryIDs(l.Profiles), her.ID)
		}
	})

	blocker := woman(t, env, accountstest.Member{})
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", blocker.ID, me.ID)
	blocked := woman(t, env, accountstest.Member{})
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", me.ID, blocked.ID)
	invisible := woman(t, env, accountstest.Member{Invisible: true})
	invisibleLiker := woman(t, env, accountstest.Member{Invisible: true})
	env.Exec(t, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", invisibleLiker.ID, me.ID)
	foreign := woman(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	pending := woman(t, env, accountstest.Member{})
	env.Exec(t, "UPDATE profiles SET status = 'hidden' WHERE id = $1", pending.ID)
	plain := woman(t, env, accountstest.Member{})

	for _, tc := range []struct {
		name   string
		id     int64
		source string
		status int
		code   string
	}{
		{"blocked by her", blocker.ID, "", http.StatusForbidden, "blocked"},
		{"I blocked her", blocked.ID, "", http.StatusForbidden, "you_blocked"},
		{"invisible", invisible.ID, "", http.StatusForbidden, "invisible"},
		{"invisible who liked me first", invisibleLiker.ID, "", http.StatusOK, ""},
		{"another pool", foreign.ID, "", http.StatusNotFound, "profile_not_found"},
		{"deletion pending", pending.ID, "", http.StatusNotFound, "profile_not_found"},
		{"no such member", 1 << 40, "", http.StatusNotFound, "profile_not_found"},
		{"myself", me.ID, "", http.StatusUnprocessableEntity, "own_profile"},
		{"unknown source", plain.ID, "auto", http.StatusUnprocessableEntity, "source_invalid"},
		{"no profile id", 0, "", http.StatusUnprocessableEntity, "profile_id_invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, _ := me.like(t, tc.id, tc.source)
			wantStatus(t, res, tc.status, tc.code)
		})
	}

	t.Run("logged out", func(t *testing.T) {
		t.Parallel()
		c := env.Client(t, nlHost)
		for _, call := range []struct{ method, path string }{
			{http.MethodPost, "/api/like.php"}, {http.MethodGet, "/api/likes.php"}, {http.MethodGet, "/api/swipe.php"},
			{http.MethodPost, "/api/swipe.php"}, {http.MethodGet, "/api/match-finder.php"}, {http.MethodGet, "/api/auto-like.php"},
		} {
			res := c.Do(call.method, call.path, map[string]any{"profile_id": plain.ID})
			wantStatus(t, res, http.StatusForbidden, "authentication_required")
		}
	})
}

// likes.php lists who I liked, who liked me (like_new until I open their
// profile) and matches; blocked members and other pools never show.
func TestLikesLists(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	a := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	b := login(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	c := woman(t, env, accountstest.Member{})
	hidden := woman(t, env, accountstest.Member{})

	a.mustLike(t, me.ID)
	b.mustLike(t, me.ID)
	me.mustLike(t, b.ID)
	me.mustLike(t, c.ID)
	env.Exec(t, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", hidden.ID, me.ID)
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", me.ID, hidden.ID)

	l := me.lists(t, "")
	if got := entryIDs(l.Profiles); !slices.Equal(got, []int64{c.ID, b.ID}) {
		t.Errorf("liked %v, want %v", got, []int64{c.ID, b.ID})
	}
	if got := entryIDs(l.LikedBy); !slices.Equal(got, []int64{b.ID, a.ID}) {
		t.Errorf("liked_by %v, want %v", got, []int64{b.ID, a.ID})
	}
	if got := entryIDs(l.Matches); !slices.Equal(got, []int64{b.ID}) {
		t.Errorf("matches %v, want %v", got, []int64{b.ID})
	}
	if l.NewLikes != 2 || !l.LikedBy[0].LikeNew || !l.LikedBy[1].LikeNew {
		t.Errorf("new likes %d %+v", l.NewLikes, l.LikedBy)
	}
	if l.Profiles[0].MainImage == nil || l.Profiles[0].MainImage.Match == "" {
		t.Errorf("liked card without main_image.match: %+v", l.Profiles[0])
	}

	// Opening a's profile clears a's new-like flag.
	wantStatus(t, me.Do(http.MethodGet, fmt.Sprintf("/api/member.php?id=%d", a.ID), nil), http.StatusOK, "")
	l = me.lists(t, likes.TypeLikedBy)
	if l.NewLikes != 1 || l.Type != likes.TypeLikedBy {
		t.Fatalf("after opening a: new likes %d, type %q", l.NewLikes, l.Type)
	}
	for _, e := range l.Profiles {
		if e.LikeNew != (e.ID == b.ID) {
			t.Errorf("like_new of %d is %v", e.ID, e.LikeNew)
		}
	}
	wantStatus(t, me.Do(http.MethodGet, "/api/likes.php?type=everyone", nil), http.StatusUnprocessableEntity, "type_invalid")
}

// A new like reaches the liked member's open event stream at once.
func TestLikeEvent(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	her := woman(t, env, accountstest.Member{})
	<-env.Live.Ready()
	sub := env.Live.Subscribe(her.ID)
	defer env.Live.Unsubscribe(sub)
	res, _ := me.like(t, her.ID, "")
	wantStatus(t, res, http.StatusOK, "")
	select {
	case frame := <-sub.C:
		s := string(frame)
		if !strings.Contains(s, "event: like") || !strings.Contains(s, fmt.Sprintf(`"id":%d`, me.ID)) || !strings.Contains(s, `"like_new":true`) {
			t.Fatalf("frame %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no like event")
	}
}

// Twenty swipe likes at once leave exactly four, and the refused ones store
// nothing.
func TestSwipeLimitParallel(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	targets := make([]int64, 20)
	for i := range targets {
		targets[i] = woman(t, env, accountstest.Member{}).ID
	}
	statuses := make([]int, len(targets))
	var wg sync.WaitGroup
	for i, id := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, _ := me.like(t, id, likes.SourceSwipe)
			statuses[i] = res.Status
			if res.Status == http.StatusTooManyRequests && res.ErrorCode() != "swipe_limit" {
				t.Errorf("429 with %s", res.Body)
			}
		}()
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		if s == http.StatusOK {
			ok++
		} else if s != http.StatusTooManyRequests {
			t.Errorf("status %d", s)
		}
	}
	if ok != likes.SwipeLikesPerDay {
		t.Fatalf("%d swipe likes went through, want %d", ok, likes.SwipeLikesPerDay)
	}
	if n := count(t, env, "SELECT count(*) FROM likes WHERE liker_id = $1", me.ID); n != likes.SwipeLikesPerDay {
		t.Fatalf("%d likes stored", n)
	}
	// A like from the profile page does not count toward the game.
	res, _ := me.like(t, targets[0], "")
	wantStatus(t, res, http.StatusOK, "")
	other := woman(t, env, accountstest.Member{})
	res, _ = me.like(t, other.ID, "")
	wantStatus(t, res, http.StatusOK, "")
}

// The swipe day is the tenant's: in Amsterdam a new day starts at 23:00
// UTC in winter, while it is still the same day in UTC.
func TestSwipeLimitDayBoundary(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := accountstest.NewClock(time.Date(2025, 1, 15, 22, 30, 0, 0, time.UTC)) // 23:30 in Amsterdam
	env.Likes.Now = clock.Now
	me := login(t, env, accountstest.Member{})
	deck := func() likes.SwipeDeck {
		res := me.Do(http.MethodGet, "/api/swipe.php", nil)
		wantStatus(t, res, http.StatusOK, "")
		var d likes.SwipeDeck
		res.JSON(t, &d)
		return d
	}
	for i := range likes.SwipeLikesPerDay {
		res, r := me.like(t, woman(t, env, accountstest.Member{}).ID, likes.SourceSwipe)
		wantStatus(t, res, http.StatusOK, "")
		if r.LikesLeft == nil || *r.LikesLeft != likes.SwipeLikesPerDay-1-i {
			t.Fatalf("likes_left %v after %d", r.LikesLeft, i+1)
		}
	}
	res, _ := me.like(t, woman(t, env, accountstest.Member{}).ID, likes.SourceSwipe)
	wantStatus(t, res, http.StatusTooManyRequests, "swipe_limit")
	if d := deck(); d.LikesLeft != 0 {
		t.Fatalf("likes_left %d at the limit", d.LikesLeft)
	}

	clock.Advance(29 * time.Minute) // 22:59 UTC, 23:59 in Amsterdam: same day
	res, _ = me.like(t, woman(t, env, accountstest.Member{}).ID, likes.SourceSwipe)
	wantStatus(t, res, http.StatusTooManyRequests, "swipe_limit")

	clock.Advance(2 * time.Minute) // 23:01 UTC on the 15th, 00:01 on the 16th in Amsterdam
	if d := deck(); d.LikesLeft != likes.SwipeLikesPerDay {
		t.Fatalf("likes_left %d on the new day", d.LikesLeft)
	}
	res, _ = me.like(t, woman(t, env, accountstest.Member{}).ID, likes.SourceSwipe)
	wantStatus(t, res, http.StatusOK, "")
}

// The deck deals active, visible profiles of the wanted gender with a
// photo, never one swiped, liked, blocked, blocking or of another pool.
func TestSwipeDeck(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	fresh := woman(t, env, accountstest.Member{})
	passed := woman(t, env, accountstest.Member{})
	liked := woman(t, env, accountstest.Member{})
	swipeLiked := woman(t, env, accountstest.Member{})
	blocker := woman(t, env, accountstest.Member{})
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", blocker.ID, me.ID)
	invisible := woman(t, env, accountstest.Member{Invisible: true})
	man := woman(t, env, accountstest.Member{Gender: "male", Seeking: "female"})
	foreign := woman(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	noPhoto := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})

	swipe := func(id int64, action string) likes.Result {
		res := me.Do(http.MethodPost, "/api/swipe.php", map[string]any{"profile_id": id, "action": action})
		wantStatus(t, res, http.StatusOK, "")
		var r likes.Result
		res.JSON(t, &r)
		return r
	}
	if r := swipe(passed.ID, "pass"); r.LikesLeft == nil || *r.LikesLeft != likes.SwipeLikesPerDay || r.Match {
		t.Fatalf("pass answered %+v", r)
	}
	if r := swipe(swipeLiked.ID, "like"); r.LikesLeft == nil || *r.LikesLeft != likes.SwipeLikesPerDay-1 {
		t.Fatalf("swipe like answered %+v", r)
	}
	res, _ := me.like(t, liked.ID, "")
	wantStatus(t, res, http.StatusOK, "")
	wantStatus(t, me.Do(http.MethodPost, "/api/swipe.php", map[string]any{"profile_id": fresh.ID, "action": "maybe"}),
		http.StatusUnprocessableEntity, "action_invalid")
	wantStatus(t, me.Do(http.MethodPost, "/api/swipe.php", map[string]any{"profile_id": blocker.ID, "action": "pass"}),
		http.StatusForbidden, "blocked")

	res = me.Do(http.MethodGet, "/api/swipe.php", nil)
	wantStatus(t, res, http.StatusOK, "")
	var d likes.SwipeDeck
	res.JSON(t, &d)
	got := cardIDs(d.Profiles)
	if !slices.Contains(got, fresh.ID) {
		t.Errorf("deck %v lacks the fresh profile %d", got, fresh.ID)
	}
	for name, id := range map[string]int64{"passed": passed.ID, "liked": liked.ID, "swipe-liked": swipeLiked.ID, "blocker": blocker.ID,
		"invisible": invisible.ID, "man": man.ID, "foreign": foreign.ID, "without photo": noPhoto.ID, "me": me.ID} {
		if slices.Contains(got, id) {
			t.Errorf("deck deals the %s profile %d", name, id)
		}
	}
	if d.LikesLeft != likes.SwipeLikesPerDay-1 || d.Limit != likes.SwipeLikesPerDay {
		t.Errorf("likes_left %d, limit %d", d.LikesLeft, d.Limit)
	}
}

// The match finder ranks the member's own region first, then their
// country, and leaves out who they liked.
func TestMatchFinder(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)})
	age := func(y int) time.Time { return time.Date(y, 6, 1, 0, 0, 0, 0, time.UTC) }
	sameRegion := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	sameCountry := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-UT", BirthDate: age(1991)})
	abroad := woman(t, env, accountstest.Member{Country: "BE", Region: "BE-VAN", BirthDate: age(1991)})
	tooOld := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1950)})
	liked := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	man := woman(t, env, accountstest.Member{Gender: "male", Seeking: "female", Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	// Alike but for activity: the one seen just now ranks first.
	recent := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	// Nobody the member may not contact is suggested.
	invisible := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991), Invisible: true})
	blocksMe := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	blocked := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991)})
	leaving := woman(t, env, accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: age(1991), Status: "deletion_pending"})
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($2, $3)", blocksMe.ID, me.ID, blocked.ID)
	// The others were active more recently: ranking, not recency, must win.
	env.Exec(t, "UPDATE profiles SET last_active_at = now() - interval '1 hour' WHERE id = $1", sameRegion.ID)
	res, _ := me.like(t, liked.ID, likes.SourceMatchFinder)
	wantStatus(t, res, http.StatusOK, "")

	for _, tc := range []struct {
		name  string
		query string
		want  []int64
		not   []int64
	}{
		{"default ages", "", []int64{recent.ID, sameRegion.ID, sameCountry.ID, abroad.ID},
			[]int64{tooOld.ID, liked.ID, man.ID, me.ID, invisible.ID, blocksMe.ID, blocked.ID, leaving.ID}},
		{"asked ages", "?min_age=60&max_age=99", []int64{tooOld.ID}, []int64{sameRegion.ID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := me.Do(http.MethodGet, "/api/match-finder.php"+tc.query, nil)
			wantStatus(t, res, http.StatusOK, "")
			var a struct{ Profiles []profiles.Card }
			res.JSON(t, &a)
			got := cardIDs(a.Profiles)
			if len(got) < len(tc.want) || !slices.Equal(got[:len(tc.want)], tc.want) {
				t.Errorf("suggestions %v, want first %v", got, tc.want)
			}
			for _, id := range tc.not {
				if slices.Contains(got, id) {
					t.Errorf("suggestions %v hold %d", got, id)
				}
			}
		})
	}
	wantStatus(t, me.Do(http.MethodGet, "/api/match-finder.php?limit=0", nil), http.StatusUnprocessableEntity, "filter_invalid")
}

// A house profile of the pool likes the member once per pair, at most
// AutoLikesPerDay a day, and the member sees it among their likes.
func TestAutoLike(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	var house []int64
	for range likes.AutoLikesPerDay + 1 {
		house = append(house, woman(t, env, accountstest.Member{IsHouse: true}).ID)
	}
	woman(t, env, accountstest.Member{IsHouse: true, TenantSlug: "herzklopfen"}) // another pool
	woman(t, env, accountstest.Member{})                                         // not a house profile

	seen := map[int64]bool{}
	for range likes.AutoLikesPerDay {
		res := me.Do(http.MethodGet, "/api/auto-like.php", nil)
		wantStatus(t, res, http.StatusOK, "")
		var p struct {
			ID        int64 `json:"id"`
			MainImage struct {
				Match string `json:"match"`
			} `json:"main_image"`
			Fictional bool `json:"fictional"`
		}
		res.JSON(t, &p)
		if !slices.Contains(house, p.ID) || seen[p.ID] || p.MainImage.Match == "" || !p.Fictional {
			t.Fatalf("auto-like %s", res.Body)
		}
		seen[p.ID] = true
	}
	wantStatus(t, me.Do(http.MethodGet, "/api/auto-like.php", nil), http.StatusNoContent, "")
	l := me.lists(t, likes.TypeLikedBy)
	if len(l.LikedBy) != likes.AutoLikesPerDay || l.NewLikes != likes.AutoLikesPerDay {
		t.Fatalf("liked_by %v, new %d", entryIDs(l.LikedBy), l.NewLikes)
	}

	// Once per pair: with every house profile's like given, none is left
	// even on a new day.
	env.Exec(t, "UPDATE likes SET created_at = created_at - interval '2 days' WHERE liked_id = $1", me.ID)
	wantStatus(t, me.Do(http.MethodGet, "/api/auto-like.php", nil), http.StatusOK, "")
	wantStatus(t, me.Do(http.MethodGet, "/api/auto-like.php", nil), http.StatusNoContent, "")
	if n := count(t, env, "SELECT count(*) FROM likes WHERE liked_id = $1", me.ID); n != len(house) {
		t.Fatalf("%d likes, want %d", n, len(house))
	}
}

// Purging a member erases their likes and swipes in both directions.
func TestPurge(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me := login(t, env, accountstest.Member{})
	her := woman(t, env, accountstest.Member{})
	res := me.Do(http.MethodPost, "/api/swipe.php", map[string]any{"profile_id": her.ID, "action": "like"})
	wantStatus(t, res, http.StatusOK, "")
	tx, err := env.Pool.Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Likes.PurgeMember(t.Context(), tx, her.ID); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := count(t, env, "SELECT count(*) FROM swipes WHERE profile_id = $1", her.ID); n != 0 {
		t.Fatalf("%d swipes left", n)
	}
	if n := count(t, env, "SELECT count(*) FROM likes WHERE liked_id = $1", her.ID); n != 0 {
		t.Fatalf("%d likes left", n)
	}
}
