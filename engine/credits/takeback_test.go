package credits_test

import (
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/credits"
)

// A refunded purchase takes back what is left of it, never more than the
// balance, once per reference; the ledger stays equal to the balance.
func TestTakeBackNeverBelowZeroAndOnce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name            string
		balance, amount int64
		took, after     int64
	}{
		{"all still there", 300, 250, 250, 50},
		{"part spent", 100, 250, 100, 0},
		{"all spent", 0, 250, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, pool, member := setup(t, c.balance)
			takeBack := func(amount int64) (int64, error) {
				var took int64
				err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
					var err error
					took, err = credits.TakeBack(ctx, tx, member, amount, "refund:order:7", "refund of order 7")
					return err
				})
				return took, err
			}
			took, err := takeBack(c.amount)
			if err != nil || took != c.took {
				t.Fatalf("took %d (%v), want %d", took, err, c.took)
			}
			balance, sum, err := credits.Audit(ctx, pool, member)
			if err != nil || balance != c.after || sum != c.after {
				t.Fatalf("balance %d, ledger %d (%v), want %d", balance, sum, err, c.after)
			}
			if c.took > 0 {
				if _, err := takeBack(c.amount); !errors.Is(err, credits.ErrAlreadyBooked) {
					t.Fatalf("second take-back: %v, want ErrAlreadyBooked", err)
				}
				rows, err := credits.History(ctx, pool, member, 1)
				if err != nil || rows[0].Kind != credits.Refund || rows[0].Delta != -c.took || rows[0].Reference != "refund:order:7" {
					t.Fatalf("newest ledger row %+v (%v)", rows, err)
				}
			}
			if balance, _, _ := credits.Audit(ctx, pool, member); balance != c.after {
				t.Fatalf("balance %d after the second take-back, want %d", balance, c.after)
			}
		})
	}
	if _, err := credits.TakeBack(t.Context(), nil, 1, 0, "refund:order:1", ""); !errors.Is(err, credits.ErrZero) {
		t.Fatalf("zero take-back: %v", err)
	}
}
