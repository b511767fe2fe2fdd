package billing

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// errWaiverRequired refuses an order on a brand with the European rules
// without the buyer's consent that the credits are delivered at once.
var errWaiverRequired = refusal.New(refusal.Invalid, "withdrawal_waiver_required",
	"Please agree that your credits are available at once; this ends your 14-day right of withdrawal.")

// withdrawalWaiver is the buyer's consent that the digital content (the
// credits) is delivered at once, which waives the 14-day withdrawal right
// of European consumer law: required on brands with the European rules
// (tenancy.Tenant.EURules), recorded with the order (when it was given)
// wherever it is given.
func withdrawalWaiver(t *tenancy.Tenant, waived bool, now time.Time) (pgtype.Timestamptz, error) {
	if !waived {
		if t.EURules() {
			return pgtype.Timestamptz{}, errWaiverRequired
		}
		return pgtype.Timestamptz{}, nil
	}
	return pgtype.Timestamptz{Time: now, Valid: true}, nil
}
