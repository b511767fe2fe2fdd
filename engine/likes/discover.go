package likes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/likes/internal/db"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// List types of GET /api/likes.php?type= (the app's /likes/{type}).
const (
	TypeLiked   = "liked"
	TypeLikedBy = "liked_by"
	TypeMatches = "matches"
)

// listMax bounds each likes list: the newest are what members look at.
const listMax = 200

// Lists is the answer of likes.php.
type Lists struct {
	// Type is the list Profiles holds: liked (default), liked_by or matches.
	Type string `json:"type"`
	// Profiles are the profiles the member liked (or the list of Type).
	Profiles []Entry `json:"profiles"`
	// LikedBy are the members who liked the member, newest first.
	LikedBy []Entry `json:"liked_by"`
	// Matches are members who liked each other with the member.
	Matches []Entry `json:"matches"`
	// NewLikes counts LikedBy entries with like_new: the likes badge.
	NewLikes int `json:"new_likes"`
}

// ErrListType means a likes list type that does not exist.
var ErrListType = refusal.New(refusal.Invalid, "type_invalid", "type must be liked, liked_by or matches.").
	With(map[string]any{"field": "type"})

// NewCount is the member's new-likes badge on tenant t: likes received that
// the member has not looked at.
func (s *Service) NewCount(ctx context.Context, t *tenancy.Tenant, member int64) (int64, error) {
	n, err := db.New(s.Pool).LikeNewCount(ctx, db.LikeNewCountParams{MemberID: member, Pool: t.ProfilePool})
	if err != nil {
		return 0, fmt.Errorf("new likes of %d: %w", member, err)
	}
	return n, nil
}

// List gives member's likes lists on tenant t; typ picks what Profiles
// holds ("" is liked).
func (s *Service) List(ctx context.Context, t *tenancy.Tenant, member int64, typ string) (Lists, error) {
	if typ == "" {
		typ = TypeLiked
	}
	if typ != TypeLiked && typ != TypeLikedBy && typ != TypeMatches {
		return Lists{}, ErrListType
	}
	q := db.New(s.Pool)
	now := s.Now()
	out := Lists{Type: typ}

	given, err := q.LikeListByLiker(ctx, db.LikeListByLikerParams{MemberID: member, Pool: t.ProfilePool, MaxRows: listMax})
	if err != nil {
		return Lists{}, fmt.Errorf("likes of %d: %w", member, err)
	}
	ids, facts := make([]int64, len(given)), map[int64]Entry{}
	for i, g := range given {
		ids[i], facts[g.ID] = g.ID, Entry{Match: g.IsMatch, LikedAt: g.CreatedAt}
	}
	liked, err := entries(ctx, s, t, ids, facts, now)
	if err != nil {
		return Lists{}, err
	}

	got, err := q.LikeListByLiked(ctx, db.LikeListByLikedParams{MemberID: member, Pool: t.ProfilePool, MaxRows: listMax})
	if err != nil {
		return Lists{}, fmt.Errorf("liked-by of %d: %w", member, err)
	}
	ids, facts = make([]int64, len(got)), map[int64]Entry{}
	for i, g := range got {
		ids[i], facts[g.ID] = g.ID, Entry{LikeNew: g.LikeNew, Match: g.IsMatch, LikedAt: g.CreatedAt}
	}
	if out.LikedBy, err = entries(ctx, s, t, ids, facts, now); err != nil {
		return Lists{}, err
	}

	matches, err := q.LikeListMatches(ctx, db.LikeListMatchesParams{MemberID: member, Pool: t.ProfilePool, MaxRows: listMax})
	if err != nil {
		return Lists{}, fmt.Errorf("matches of %d: %w", member, err)
	}
	ids, facts = make([]int64, len(matches)), map[int64]Entry{}
	for i, m := range matches {
		ids[i], facts[m.ID] = m.ID, Entry{LikeNew: m.LikeNew, Match: true, LikedAt: m.MatchedAt}
	}
	if out.Matches, err = entries(ctx, s, t, ids, facts, now); err != nil {
		return Lists{}, err
	}
	n, err := q.LikeNewCount(ctx, db.LikeNewCountParams{MemberID: member, Pool: t.ProfilePool})
	if err != nil {
		return Lists{}, fmt.Errorf("new likes of %d: %w", member, err)
	}
	out.NewLikes = int(n)
	switch typ {
	case TypeLikedBy:
		out.Profiles = out.LikedBy
	case TypeMatches:
		out.Profiles = out.Matches
	default:
		out.Profiles = liked
	}
	return out, nil
}

// entries joins cards with the like facts of each id, in ids' order.
func entries(ctx context.Context, s *Service, t *tenancy.Tenant, ids []int64, facts map[int64]Entry, now time.Time) ([]Entry, error) {
	cards, err := profiles.Cards(ctx, s.Pool, t, ids, now)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(cards))
	for i, c := range cards {
		e := facts[c.ID]
		e.Card = c
		out[i] = e
	}
	return out, nil
}

// SwipeDeck is the answer of GET swipe.php.
type SwipeDeck struct {
	Profiles  []profiles.Card `json:"profiles"`
	LikesLeft int             `json:"likes_left"`
	Limit     int             `json:"limit"`
}

// deckSize is how many cards one swipe.php call deals.
const deckSize = 10

// seekingGender is the gender filter of someone who seeks seeking: none
// for "both".
func seekingGender(seeking string) pgtype.Text {
	return pgtype.Text{String: seeking, Valid: seeking == "male" || seeking == "female"}
}

// Deck deals the member's next swipe cards: active, visible profiles of the
// pool with a photo, of the gender they seek, not swiped or liked before,
// nobody across a block; and the swipe likes left today.
func (s *Service) Deck(ctx context.Context, t *tenancy.Tenant, member int64) (SwipeDeck, error) {
	// The gender filter is optional: plan each call for its values.
	q := db.New(database.CustomPlans{Conn: s.Pool})
	me, err := q.DiscoveryMember(ctx, member)
	if errors.Is(err, pgx.ErrNoRows) {
		return SwipeDeck{}, ErrNotFound
	}
	if err != nil {
		return SwipeDeck{}, fmt.Errorf("profile of %d: %w", member, err)
	}
	excluded, err := s.excluded(ctx, member)
	if err != nil {
		return SwipeDeck{}, err
	}
	ids, err := q.SwipeCandidateList(ctx, db.SwipeCandidateListParams{
		Pool: t.ProfilePool, Gender: seekingGender(me.Seeking), Excluded: excluded, MemberID: member, MaxRows: deckSize,
	})
	if err != nil {
		return SwipeDeck{}, fmt.Errorf("swipe candidates of %d: %w", member, err)
	}
	now := s.Now()
	cards, err := profiles.Cards(ctx, s.Pool, t, ids, now)
	if err != nil {
		return SwipeDeck{}, err
	}
	used, err := q.SwipeDayLikes(ctx, db.SwipeDayLikesParams{MemberID: member, Day: day(now, t)})
	if err != nil {
		return SwipeDeck{}, fmt.Errorf("swipe likes of %d: %w", member, err)
	}
	return SwipeDeck{Profiles: cards, LikesLeft: max(0, SwipeLikesPerDay-int(used)), Limit: SwipeLikesPerDay}, nil
}

// excluded are the member's own id and everyone across a block of theirs.
func (s *Service) excluded(ctx context.Context, member int64) ([]int64, error) {
	ids, err := profiles.AcrossBlocks(ctx, s.Pool, member)
	if err != nil {
		return nil, err
	}
	return append(ids, member), nil
}

// Pass records that the member swiped a card away: it is not dealt again.
// It answers the swipe likes left today.
func (s *Service) Pass(ctx context.Context, t *tenancy.Tenant, member, profile int64) (Result, error) {
	var res Result
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		// A pass is harmless, but only for a profile the member may know:
		// an invisible member's card may be passed, one across a block not.
		if err := profiles.CheckContact(ctx, tx, member, profile, false); err != nil && !errors.Is(err, profiles.ErrInvisible) {
			return err
		}
		q := db.New(tx)
		if err := q.SwipeRecord(ctx, db.SwipeRecordParams{MemberID: member, ProfileID: profile, Action: "pass", CreatedAt: s.Now()}); err != nil {
			return fmt.Errorf("record pass: %w", err)
		}
		left, err := s.takeSwipe(ctx, q, t, member, false)
		res.LikesLeft = &left
		return err
	})
	return res, err
}

// Finder bounds.
const (
	// FinderDefault is how many suggestions the match finder gives unless
	// asked for another number, up to FinderMax.
	FinderDefault = 12
	FinderMax     = 60
	// finderAgeSpan is how far from the member's own age suggestions go
	// when no ages are asked for.
	finderAgeSpan = 10
)

// FinderQuery narrows the match finder; zero values take the defaults.
type FinderQuery struct {
	MinAge, MaxAge, Limit int
}

// MatchFinder suggests profiles for the member (/match-finder and
// /signup-matches): of the gender they seek and of ages near their own (or
// those asked for), ranked by their region, their country, whether they
// seek the member's gender and how recently they were active; never one
// already liked, nor anybody across a block.
func (s *Service) MatchFinder(ctx context.Context, t *tenancy.Tenant, member int64, fq FinderQuery) ([]profiles.Card, error) {
	q := db.New(database.CustomPlans{Conn: s.Pool})
	me, err := q.DiscoveryMember(ctx, member)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("profile of %d: %w", member, err)
	}
	excluded, err := s.excluded(ctx, member)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	minAge := t.Settings.YoungestAge()
	lo, hi := fq.MinAge, fq.MaxAge
	if lo == 0 && hi == 0 && me.DateOfBirth.Valid {
		age := tenancy.Age(me.DateOfBirth.Time, now)
		lo, hi = age-finderAgeSpan, age+finderAgeSpan
	}
	lo = max(lo, minAge)
	if hi <= 0 || hi > profiles.MaxAge {
		hi = profiles.MaxAge
	}
	hi = max(hi, lo)
	limit := fq.Limit
	if limit <= 0 {
		limit = FinderDefault
	}
	limit = min(limit, FinderMax)
	from, to := bornBetween(lo, hi, now.In(t.Location))
	ids, err := q.MatchFinderList(ctx, db.MatchFinderListParams{
		MemberID: member, MaxRows: int32(limit), Region: me.Region, Country: me.Country, OwnGender: me.Gender, Now: now,
		Pool: t.ProfilePool, Gender: seekingGender(me.Seeking), BornFrom: from, BornTo: to, Excluded: excluded,
	})
	if err != nil {
		return nil, fmt.Errorf("match finder for %d: %w", member, err)
	}
	return profiles.Cards(ctx, s.Pool, t, ids, now)
}

// bornBetween turns an age range on today into the range of birth dates.
func bornBetween(minAge, maxAge int, today time.Time) (pgtype.Date, pgtype.Date) {
	d := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	return pgtype.Date{Time: d.AddDate(-(maxAge + 1), 0, 1), Valid: true}, pgtype.Date{Time: d.AddDate(-minAge, 0, 0), Valid: true}
}

// AutoLikesPerDay bounds the auto-likes a member receives a day: they are
// a welcome, not a flood.
const AutoLikesPerDay = 3

// AutoLike makes a house profile of the tenant's pool like the member:
// one of the gender they seek, with a photo, that has not liked them
// before (at most once per pair), nobody across a block. It gives that
// profile's card, or nil when none is left or the day's auto-likes are
// given.
func (s *Service) AutoLike(ctx context.Context, t *tenancy.Tenant, member int64) (*profiles.Card, error) {
	var card *profiles.Card
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(database.CustomPlans{Conn: tx})
		me, err := q.AutoLikeMember(ctx, member)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("lock member %d: %w", member, err)
		}
		now := s.Now()
		n, err := q.AutoLikeCountSince(ctx, db.AutoLikeCountSinceParams{MemberID: member, Since: dayStart(now, t)})
		if err != nil {
			return fmt.Errorf("auto-likes of %d: %w", member, err)
		}
		if n >= AutoLikesPerDay {
			return nil
		}
		house, err := q.AutoLikePick(ctx, db.AutoLikePickParams{Pool: t.ProfilePool, MemberID: member, Gender: seekingGender(me.Seeking)})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("pick a house profile for %d: %w", member, err)
		}
		inserted, err := q.LikeInsert(ctx, db.LikeInsertParams{LikerID: house, LikedID: member, Source: SourceAuto, CreatedAt: now})
		if err != nil || !inserted {
			return err
		}
		match, err := q.LikeExists(ctx, db.LikeExistsParams{LikerID: member, LikedID: house})
		if err != nil {
			return err
		}
		if err := s.announce(ctx, tx, t, house, member, match); err != nil {
			return err
		}
		cards, err := profiles.Cards(ctx, tx, t, []int64{house}, now)
		if err == nil && len(cards) == 1 {
			card = &cards[0]
		}
		return err
	})
	return card, err
}
