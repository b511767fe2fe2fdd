package profiles

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
)

// Contact refusals, for the likes and chat areas.
var (
	// ErrInvisible: the member is in invisible mode and has not reached out
	// first, so others may not like or message them.
	ErrInvisible = refusal.New(refusal.Forbidden, "invisible", "This member cannot be contacted right now.")
	// ErrYouBlocked: the sender blocked the member they try to reach; they
	// must unblock first.
	ErrYouBlocked = refusal.New(refusal.Forbidden, "you_blocked", "You have blocked this member. Unblock them first.")
	// ErrSelf: a member cannot block, like or message themselves.
	ErrSelf = refusal.New(refusal.Invalid, "own_profile", "That is your own profile.")
)

// CheckContact tells whether member from may like or message member to:
// nil when allowed; ErrNotFound when to is not an active profile of from's
// pool; Blocked(name) (errors.Is ErrBlocked) when to blocked from;
// ErrYouBlocked when from blocked to; ErrInvisible when to is invisible and
// has not reached out first. A like from to counts as reaching out;
// replying says to already started the conversation (the chat area knows).
// conn may be a transaction, so the check and the act it guards commit
// together.
func CheckContact(ctx context.Context, conn db.DBTX, from, to int64, replying bool) error {
	if from == to {
		return ErrSelf
	}
	f, err := db.New(conn).ContactFacts(ctx, db.ContactFactsParams{FromID: from, ToID: to})
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("contact facts %d->%d: %w", from, to, err)
	}
	return ContactRule(ContactFacts{
		Name: f.Name, Pool: f.Pool, Status: f.Status, Invisible: f.Invisible, FromPool: f.FromPool,
		BlockedByTarget: f.BlockedByTarget, TargetBlocked: f.TargetBlocked, TargetLiked: f.TargetLiked,
	}, replying)
}

// ContactFacts is what the contact rules look at for a member (from)
// reaching out to another (to): to's profile, from's pool, the blocks
// between them and whether to liked from.
type ContactFacts struct {
	Name, Pool, Status string
	Invisible          bool
	FromPool           string
	BlockedByTarget    bool
	TargetBlocked      bool
	TargetLiked        bool
}

// ContactRule is CheckContact on facts read already: the chat's send reads
// them in the statement that reads everything else it decides on, so a
// message costs one round trip less.
func ContactRule(f ContactFacts, replying bool) error {
	switch {
	case f.Pool != f.FromPool || f.Status != "active":
		return ErrNotFound
	case f.BlockedByTarget:
		return Blocked(f.Name)
	case f.TargetBlocked:
		return ErrYouBlocked
	case f.Invisible && !f.TargetLiked && !replying:
		return ErrInvisible
	}
	return nil
}

// Block makes blocker block the member blocked of the same pool.
func Block(ctx context.Context, conn db.DBTX, pool string, blocker, blocked int64) error {
	if blocker == blocked {
		return ErrSelf
	}
	q := db.New(conn)
	p, err := q.ProfileByID(ctx, blocked)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && p.Pool != pool) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("load profile %d: %w", blocked, err)
	}
	if err := q.BlockInsert(ctx, db.BlockInsertParams{BlockerID: blocker, BlockedID: blocked}); err != nil {
		return fmt.Errorf("block %d by %d: %w", blocked, blocker, err)
	}
	return nil
}

// Unblock lifts a block; lifting one that does not exist is not an error,
// so a repeated click does no harm.
func Unblock(ctx context.Context, conn db.DBTX, blocker, blocked int64) error {
	if err := db.New(conn).BlockDelete(ctx, db.BlockDeleteParams{BlockerID: blocker, BlockedID: blocked}); err != nil {
		return fmt.Errorf("unblock %d by %d: %w", blocked, blocker, err)
	}
	return nil
}

// BlockedSummary is one member on the blocker's list.
type BlockedSummary struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	MainImage *Image `json:"main_image"`
}

// BlockedList is who the member has blocked, newest first.
func BlockedList(ctx context.Context, conn db.DBTX, blocker int64) ([]BlockedSummary, error) {
	q := db.New(conn)
	rows, err := q.BlockListByBlocker(ctx, blocker)
	if err != nil {
		return nil, fmt.Errorf("blocks of %d: %w", blocker, err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	photos, err := q.PhotoListByProfiles(ctx, ids)
	if err != nil {
		return nil, err
	}
	byProfile := map[int64][]db.Photo{}
	for _, p := range photos {
		byProfile[p.ProfileID] = append(byProfile[p.ProfileID], p)
	}
	prefix := cdnPrefix(ctx)
	out := make([]BlockedSummary, len(rows))
	for i, r := range rows {
		out[i] = BlockedSummary{ID: r.ID, Name: r.Name, MainImage: mainImage(byProfile[r.ID], prefix)}
	}
	return out, nil
}
