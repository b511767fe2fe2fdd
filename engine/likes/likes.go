package likes

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/likes/internal/db"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// Like sources: where a like was given. SourceAuto is the engine's own
// (auto-like) and never accepted from a client.
const (
	SourceProfile     = "profile"
	SourceSwipe       = "swipe"
	SourceMatchFinder = "match_finder"
	SourceSearch      = "search"
	SourceAuto        = "auto"
)

// clientSources are the sources a client may name; "" is a like from the
// profile page.
var clientSources = []string{"", SourceProfile, SourceSwipe, SourceMatchFinder, "signup_matches", SourceSearch, "likes", "popup"}

// SwipeLikesPerDay is the swipe game's daily like allowance, counted per day
// of the tenant's time zone.
const SwipeLikesPerDay = 4

// The like rules' refusals; the contact refusals (blocked, invisible...)
// are profiles' own.
var (
	// ErrSwipeLimit means the member used the day's swipe likes.
	ErrSwipeLimit = refusal.New(refusal.TooMany, "swipe_limit",
		"You have used your {limit} swipe likes for today. Come back tomorrow for more.").
		With(map[string]any{"limit": SwipeLikesPerDay, "likes_left": 0})
	// ErrSource means a like source a client may not name.
	ErrSource = refusal.New(refusal.Invalid, "source_invalid", "This like source is unknown.").
			With(map[string]any{"field": "source"})
	// ErrNotFound means no such profile for this member.
	ErrNotFound = profiles.ErrNotFound
)

// Service holds what the like rules need.
type Service struct {
	Pool *pgxpool.Pool
	// Push queues web pushes of new likes; nil sends none.
	Push *push.Queuer
	// Mail queues the like mails of members who have no live stream open
	// (engine/notifications sends them unless the like was seen); nil
	// sends none.
	Mail *delivery.Events
	Log  *slog.Logger
	// Now is the clock; tests replace it to cross day boundaries.
	Now func() time.Time
}

// NewService returns a service with the real clock; pusher and mail queue
// the web pushes and mails of new likes.
func NewService(pool *pgxpool.Pool, pusher *push.Queuer, mail *delivery.Events, log *slog.Logger) *Service {
	return &Service{Pool: pool, Push: pusher, Mail: mail, Log: log, Now: time.Now}
}

// Result is the answer to a like.
type Result struct {
	// Match is true when the liked member likes the liker too.
	Match bool `json:"match"`
	// LikesLeft is what remains of the day's swipe likes (swipe likes and
	// swipe passes only).
	LikesLeft *int `json:"likes_left,omitempty"`
}

// day is the date of now in the tenant's time zone: the swipe limit's day.
func day(now time.Time, t *tenancy.Tenant) pgtype.Date {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return pgtype.Date{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC), Valid: true}
}

// dayStart is midnight of now's day in the tenant's time zone.
func dayStart(now time.Time, t *tenancy.Tenant) time.Time {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// Like makes member like profile on tenant t. A like is given once per
// pair; repeating it changes nothing and answers the same. A swipe like
// also takes one of the day's SwipeLikesPerDay, atomically, or fails with
// ErrSwipeLimit and stores nothing. The contact rules of profiles apply:
// nobody likes across a block, nor an invisible member who has not liked
// them first.
func (s *Service) Like(ctx context.Context, t *tenancy.Tenant, member, profile int64, source string) (Result, error) {
	if !slices.Contains(clientSources, source) {
		return Result{}, ErrSource
	}
	var res Result
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var err error
		res, err = s.like(ctx, tx, t, member, profile, source)
		return err
	})
	return res, err
}

func (s *Service) like(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, member, profile int64, source string) (Result, error) {
	if err := profiles.CheckContact(ctx, tx, member, profile, false); err != nil {
		return Result{}, err
	}
	q := db.New(tx)
	now := s.Now()
	inserted, err := q.LikeInsert(ctx, db.LikeInsertParams{LikerID: member, LikedID: profile, Source: source, CreatedAt: now})
	if err != nil {
		return Result{}, fmt.Errorf("like %d->%d: %w", member, profile, err)
	}
	var res Result
	if source == SourceSwipe {
		if err := q.SwipeRecord(ctx, db.SwipeRecordParams{MemberID: member, ProfileID: profile, Action: "like", CreatedAt: now}); err != nil {
			return Result{}, fmt.Errorf("record swipe: %w", err)
		}
		left, err := s.takeSwipe(ctx, q, t, member, inserted)
		if err != nil {
			return Result{}, err
		}
		res.LikesLeft = &left
	}
	if res.Match, err = q.LikeExists(ctx, db.LikeExistsParams{LikerID: profile, LikedID: member}); err != nil {
		return Result{}, fmt.Errorf("like back %d->%d: %w", profile, member, err)
	}
	if inserted {
		if err := s.announce(ctx, tx, t, member, profile, res.Match); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// takeSwipe takes one of today's swipe likes when a new like was given and
// tells how many are left.
func (s *Service) takeSwipe(ctx context.Context, q *db.Queries, t *tenancy.Tenant, member int64, take bool) (int, error) {
	d := day(s.Now(), t)
	if !take {
		used, err := q.SwipeDayLikes(ctx, db.SwipeDayLikesParams{MemberID: member, Day: d})
		if err != nil {
			return 0, fmt.Errorf("swipe likes of %d: %w", member, err)
		}
		return max(0, SwipeLikesPerDay-int(used)), nil
	}
	used, err := q.SwipeDayTake(ctx, db.SwipeDayTakeParams{MemberID: member, Day: d, DayLimit: SwipeLikesPerDay})
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrSwipeLimit
	}
	if err != nil {
		return 0, fmt.Errorf("take a swipe like of %d: %w", member, err)
	}
	return SwipeLikesPerDay - int(used), nil
}

// Entry is one profile of a likes list: its card and the like's facts.
// For liked-by entries LikeNew says the like is new: the member has not
// opened the liker's profile since.
type Entry struct {
	profiles.Card
	LikeNew bool      `json:"like_new"`
	Match   bool      `json:"match"`
	LikedAt time.Time `json:"liked_at"`
}

// announce tells the liked member at once (the like event updates their
// badge and shows the new-like popup) and pushes to their browsers when no
// stream is open; both happen only if the like commits.
func (s *Service) announce(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, liker, liked int64, match bool) error {
	target, err := db.New(tx).LikeTarget(ctx, liked)
	if err != nil {
		return fmt.Errorf("like target %d: %w", liked, err)
	}
	if target.IsHouse {
		// Staff answer house profiles in chat; nobody watches their likes live.
		return nil
	}
	cards, err := profiles.Cards(ctx, tx, t, []int64{liker}, s.Now())
	if err != nil {
		return err
	}
	if len(cards) == 0 {
		return nil
	}
	e := Entry{Card: cards[0], LikeNew: true, Match: match, LikedAt: s.Now()}
	if err := live.Publish(ctx, tx, liked, live.Event{Type: live.TypeLike, Data: e}); err != nil {
		return err
	}
	id := strconv.FormatInt(liker, 10)
	if err := s.Mail.Queue(ctx, tx, delivery.EventArgs{
		TenantID: target.TenantID, MemberID: liked, Type: delivery.TypeLike, Ref: liker, Other: cards[0].Name,
		Match: match, Path: "/members/" + id,
	}); err != nil {
		return err
	}
	if s.Push == nil {
		return nil
	}
	text := "like"
	if match {
		text = "match"
	}
	return s.Push.Queue(ctx, tx, push.Notification{
		MemberID: liked, TenantID: target.TenantID, Type: push.TypeLike,
		Text: text, Data: map[string]any{"Other": cards[0].Name},
		URL: "/members/" + id, Tag: "like-" + id,
	})
}

// PurgeMember erases what the likes area keeps of a member whose deletion
// became final, in the purge transaction tx: likes given and received,
// swipes given and received, and the swipe counters.
func (s *Service) PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	q := db.New(tx)
	if err := q.LikesPurge(ctx, member); err != nil {
		return fmt.Errorf("purge likes of %d: %w", member, err)
	}
	if err := q.SwipePurge(ctx, member); err != nil {
		return fmt.Errorf("purge swipes of %d: %w", member, err)
	}
	if err := q.SwipeDayPurge(ctx, member); err != nil {
		return fmt.Errorf("purge swipe days of %d: %w", member, err)
	}
	return nil
}

// Record stores a like given at a time of the caller's choosing, with no
// rules, events or pushes: for demo data. It answers whether the like is
// new.
func Record(ctx context.Context, tx pgx.Tx, liker, liked int64, source string, at time.Time) (bool, error) {
	inserted, err := db.New(tx).LikeInsert(ctx, db.LikeInsertParams{LikerID: liker, LikedID: liked, Source: source, CreatedAt: at})
	if err != nil {
		return false, fmt.Errorf("record like %d -> %d: %w", liker, liked, err)
	}
	return inserted, nil
}

// Opened clears the like_new of the like liker gave viewer, now that the
// viewer opened the liker's profile on a tenant of pool.
func (s *Service) Opened(ctx context.Context, pool string, viewer, liker int64) error {
	if err := db.New(s.Pool).LikeOpened(ctx, db.LikeOpenedParams{LikerID: liker, LikedID: viewer, Pool: pool}); err != nil {
		return fmt.Errorf("clear new like %d -> %d: %w", liker, viewer, err)
	}
	return nil
}

// Card kinds: which card the member saw, a like's or a match's.
const (
	CardLike  = "like"
	CardMatch = "match"
)

var (
	// ErrCardKind means a card kind other than like or match.
	ErrCardKind = refusal.New(refusal.Invalid, "kind_invalid", "kind must be like or match.").
			With(map[string]any{"field": "kind"})
	// ErrNoLike means the member has no such like (or match) from that
	// profile to see a card of: another member's, another tenant's, or none.
	ErrNoLike = refusal.New(refusal.NotFound, "like_not_found", "There is no such like for you.")
)

// ClaimCard records that member sees the card of kind about profile on
// tenant t: the like profile gave the member, or the match of the two. The
// app shows each card once per member, on any device: it claims the card
// before it shows it, and shows it only when this is the first time. Only
// the member's own likes and matches in the tenant's pool count; any other
// is ErrNoLike.
func (s *Service) ClaimCard(ctx context.Context, t *tenancy.Tenant, member, profile int64, kind string) (first bool, err error) {
	q := db.New(s.Pool)
	switch kind {
	case CardLike:
		first, err = q.LikeCardClaim(ctx, db.LikeCardClaimParams{Now: s.Now(), ProfileID: profile, MemberID: member, Pool: t.ProfilePool})
	case CardMatch:
		first, err = q.MatchCardClaim(ctx, db.MatchCardClaimParams{Now: s.Now(), ProfileID: profile, MemberID: member, Pool: t.ProfilePool})
	default:
		return false, ErrCardKind
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return false, ErrNoLike
	}
	if err != nil {
		return false, fmt.Errorf("%s card of %d for %d: %w", kind, profile, member, err)
	}
	return first, nil
}
