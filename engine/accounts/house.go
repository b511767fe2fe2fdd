package accounts

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// houseEmail is the address of a new house profile's member row: unique,
// and under .invalid (RFC 2606), so no mail can ever go to it.
func houseEmail(t *tenancy.Tenant) string {
	return "house-" + rand.Text() + "@" + t.Slug + ".house.invalid"
}

// CreateHouse makes a house profile of t in tx, from the operators'
// console: a member row flagged is_house (active, without a password: it
// never logs in; staff answer for it in the console's inbox) and its
// profile, checked field by field by the profiles area.
func CreateHouse(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, u profiles.Update, now time.Time) (profiles.Profile, error) {
	id, err := db.New(tx).HouseMemberInsert(ctx, db.HouseMemberInsertParams{
		TenantID: t.ID, Email: houseEmail(t), Language: t.DefaultLocale, Now: now,
	})
	if err != nil {
		return profiles.Profile{}, fmt.Errorf("insert house member of tenant %d: %w", t.ID, err)
	}
	return profiles.CreateHouse(ctx, tx, t, id, u, now)
}
