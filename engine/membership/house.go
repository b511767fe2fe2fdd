package membership

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// CreateHouse makes a house profile of t in tx, from the operators'
// console: its member row (accounts) and its profile, checked field by
// field like a member's own (profiles), shown at once.
func CreateHouse(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, u profiles.Update, now time.Time) (profiles.Profile, error) {
	id, err := accounts.AddHouseMember(ctx, tx, t, now)
	if err != nil {
		return profiles.Profile{}, err
	}
	return profiles.CreateHouse(ctx, tx, t, id, u, now)
}
