package push

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/delivery/push/internal/db"
	"rendezvous/engine/platform/outbound"
)

// Subscription is a browser's push subscription of a member (the keys
// base64url without padding).
type Subscription struct {
	MemberID int64
	Endpoint string
	P256dh   string
	Auth     string
}

// MaxSubscriptions is how many browsers of one member get pushes: a new
// subscription beyond it replaces the one saved longest ago (a browser
// saves its subscription again at every login), so that nobody can make
// the engine call an endpoint list of their own making.
const MaxSubscriptions = 10

// maxEndpoint bounds an endpoint; a push service's is far shorter.
const maxEndpoint = 1000

// ErrEndpointRefused is an endpoint the engine will not call: not an https
// address, or one of its own machine or networks (outbound.Guard).
var ErrEndpointRefused = errors.New("push endpoint refused")

// CheckEndpoint refuses an endpoint that is not an https URL or whose host
// is, or resolves to, an address guard forbids (nil: the strict guard).
// The push worker checks the address again where it connects.
func CheckEndpoint(ctx context.Context, guard *outbound.Guard, endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" || u.Hostname() == "" || len(endpoint) > maxEndpoint {
		return fmt.Errorf("%w: not an https address", ErrEndpointRefused)
	}
	if err := guard.CheckHost(ctx, u.Hostname()); err != nil {
		return fmt.Errorf("%w: %w", ErrEndpointRefused, err)
	}
	return nil
}

// Beginner starts transactions (a pool).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Subscribe stores a subscription (checked with CheckEndpoint); an
// endpoint moves to whoever saved it last, and a member's subscriptions
// beyond MaxSubscriptions are dropped, the least recently saved first.
func Subscribe(ctx context.Context, conn Beginner, s Subscription, now time.Time) error {
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.SubscriptionSave(ctx, db.SubscriptionSaveParams{
			MemberID: s.MemberID, Endpoint: s.Endpoint, P256dh: s.P256dh, Auth: s.Auth, Now: now,
		}); err != nil {
			return err
		}
		return q.SubscriptionsTrim(ctx, db.SubscriptionsTrimParams{MemberID: s.MemberID, Keep: MaxSubscriptions})
	})
	if err != nil {
		return fmt.Errorf("save push subscription of %d: %w", s.MemberID, err)
	}
	return nil
}

// PurgeMember forgets every push subscription of a member whose deletion
// became final, and the pushes the development sink kept for them, in the
// purge transaction tx.
func PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	q := db.New(tx)
	if err := q.SubscriptionsPurge(ctx, member); err != nil {
		return fmt.Errorf("purge push subscriptions of %d: %w", member, err)
	}
	if err := q.DevPushesPurge(ctx, member); err != nil {
		return fmt.Errorf("purge development pushes of %d: %w", member, err)
	}
	return nil
}
