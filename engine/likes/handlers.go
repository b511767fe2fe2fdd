package likes

import (
	"fmt"
	"net/http"
	"strconv"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// Handlers serves like.php, likes.php, swipe.php, match-finder.php and
// auto-like.php. Every route is behind identity.RequireMember.
type Handlers struct {
	Service *Service
}

// member is the logged-in member; the route table puts every call of this
// area behind RequireMember, and this refuses again should one not be.
func member(w http.ResponseWriter, r *http.Request) *identity.Member {
	return identity.MemberOnly(w, r)
}

// likeBody is the body of POST like.php and POST swipe.php.
type likeBody struct {
	ProfileID int64  `json:"profile_id"`
	Source    string `json:"source"`
	// Action is swipe.php's: "like" or "pass".
	Action string `json:"action"`
}

// errProfileID refuses a profile_id that is not a positive whole number.
var errProfileID = refusal.New(refusal.Invalid, "profile_id_invalid", "profile_id must be a positive whole number.").With(map[string]any{"field": "profile_id"})

func readLike(w http.ResponseWriter, r *http.Request) (likeBody, error) {
	var b likeBody
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		return b, err
	}
	if b.ProfileID <= 0 {
		return b, errProfileID
	}
	return b, nil
}

// Like answers POST /api/like.php {profile_id, source?}: {match} (and
// likes_left for source "swipe"); 429 swipe_limit after the day's swipe
// likes; 403 blocked, you_blocked or invisible; 404 profile_not_found.
func (h Handlers) Like(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	b, err := readLike(w, r)
	if err == nil {
		var res Result
		if res, err = h.Service.Like(r.Context(), tenancy.FromContext(r.Context()), m.ID, b.ProfileID, b.Source); err == nil {
			httpx.WriteJSON(w, http.StatusOK, res)
			return
		}
	}
	httpx.WriteError(w, r, err)
}

// Likes answers GET /api/likes.php?type=liked|liked_by|matches:
// {type, profiles, liked_by, matches, new_likes}.
func (h Handlers) Likes(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	lists, err := h.Service.List(r.Context(), tenancy.FromContext(r.Context()), m.ID, r.URL.Query().Get("type"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, lists)
}

// Deck answers GET /api/swipe.php: {profiles, likes_left, limit}.
func (h Handlers) Deck(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	deck, err := h.Service.Deck(r.Context(), tenancy.FromContext(r.Context()), m.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, deck)
}

// Swipe answers POST /api/swipe.php {profile_id, action: like|pass}:
// {match, likes_left}. A like is like.php with source "swipe".
func (h Handlers) Swipe(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	b, err := readLike(w, r)
	if err == nil {
		t := tenancy.FromContext(r.Context())
		var res Result
		switch b.Action {
		case "like":
			res, err = h.Service.Like(r.Context(), t, m.ID, b.ProfileID, SourceSwipe)
		case "pass":
			res, err = h.Service.Pass(r.Context(), t, m.ID, b.ProfileID)
		default:
			err = refusal.New(refusal.Invalid, "action_invalid", "action must be like or pass.").With(map[string]any{"field": "action"})
		}
		if err == nil {
			httpx.WriteJSON(w, http.StatusOK, res)
			return
		}
	}
	httpx.WriteError(w, r, err)
}

// MatchFinder answers GET /api/match-finder.php?min_age=&max_age=&limit=:
// {profiles}, the best suggestions first.
func (h Handlers) MatchFinder(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	var fq FinderQuery
	for _, p := range []struct {
		name   string
		lo, hi int
		dst    *int
	}{{"min_age", 1, profiles.MaxAge, &fq.MinAge}, {"max_age", 1, profiles.MaxAge, &fq.MaxAge}, {"limit", 1, FinderMax, &fq.Limit}} {
		s := r.URL.Query().Get(p.name)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < p.lo || n > p.hi {
			httpx.WriteError(w, r, refusal.New(refusal.Invalid, "filter_invalid", fmt.Sprintf("%s must be a whole number from %d to %d.", p.name, p.lo, p.hi)).With(map[string]any{"field": p.name}))
			return
		}
		*p.dst = n
	}
	cards, err := h.Service.MatchFinder(r.Context(), tenancy.FromContext(r.Context()), m.ID, fq)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"profiles": cards})
}

// AutoLike answers GET /api/auto-like.php: the card ({id, main_image:
// {match}, name, ...}) of a house profile that now likes the member, or
// 204 when none does.
func (h Handlers) AutoLike(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	card, err := h.Service.AutoLike(r.Context(), tenancy.FromContext(r.Context()), m.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if card == nil {
		httpx.NoContent(w)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, card)
}

// cardBody is the body of POST like-card.php.
type cardBody struct {
	ProfileID int64  `json:"profile_id"`
	Kind      string `json:"kind"`
}

// ClaimCard answers POST /api/like-card.php {profile_id, kind: like|match}:
// {first_time}, true only for the call that claims the card (the app shows
// it then), false for every later one; 422 profile_id_invalid or
// kind_invalid; 404 like_not_found for a like or match not the member's.
func (h Handlers) ClaimCard(w http.ResponseWriter, r *http.Request) {
	m := member(w, r)
	if m == nil {
		return
	}
	var b cardBody
	err := httpx.DecodeJSON(w, r, &b)
	if err == nil && b.ProfileID <= 0 {
		err = errProfileID
	}
	var first bool
	if err == nil {
		first, err = h.Service.ClaimCard(r.Context(), tenancy.FromContext(r.Context()), m.ID, b.ProfileID, b.Kind)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]bool{"first_time": first})
}

// OpenProfile goes before GET /api/member.php: opening a profile clears the
// like it gave the viewer, when the viewer may see the profile. The profiles
// area serves the view; the like is this area's.
func (h Handlers) OpenProfile(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := identity.Current(r.Context())
		id, ok := httpx.ID(r.URL.Query().Get("id"))
		if m != nil && ok && id != m.ID {
			t := tenancy.FromContext(r.Context())
			if err := h.Service.Opened(r.Context(), t.ProfilePool, m.ID, id); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
