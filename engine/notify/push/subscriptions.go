package push

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/notify/push/internal/db"
)

// Subscription is a browser's push subscription of a member (the keys
// base64url without padding).
type Subscription struct {
	MemberID int64
	Endpoint string
	P256dh   string
	Auth     string
}

// Subscribe stores a subscription; an endpoint moves to whoever saved it
// last.
func Subscribe(ctx context.Context, conn db.DBTX, s Subscription, now time.Time) error {
	err := db.New(conn).SubscriptionSave(ctx, db.SubscriptionSaveParams{
		MemberID: s.MemberID, Endpoint: s.Endpoint, P256dh: s.P256dh, Auth: s.Auth, Now: now,
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
