package accounts

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/tenancy"
)

// houseEmail is the address of a new house profile's member row: unique,
// and under .invalid (RFC 2606), so no mail can ever go to it.
func houseEmail(t *tenancy.Tenant) string {
	return "house-" + rand.Text() + "@" + t.Slug + ".house.invalid"
}

// AddHouseMember inserts the member row of a new house profile of t in tx,
// from the operators' console: flagged is_house, active, without a password
// (it never logs in; staff answer for it in the console's inbox). Its
// profile follows in the same transaction (membership.CreateHouse).
func AddHouseMember(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, now time.Time) (int64, error) {
	id, err := db.New(tx).HouseMemberInsert(ctx, db.HouseMemberInsertParams{
		TenantID: t.ID, Email: houseEmail(t), Language: t.DefaultLocale, Now: now,
	})
	if err != nil {
		return 0, fmt.Errorf("insert house member of tenant %d: %w", t.ID, err)
	}
	return id, nil
}
