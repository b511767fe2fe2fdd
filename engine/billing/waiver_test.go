package billing_test

import (
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// TestWithdrawalWaiverAtCheckout: on a brand with the European rules an
// order, a repeat order and a direct debit without the buyer's consent that
// the credits come at once (waiving the 14-day withdrawal right) are refused
// with withdrawal_waiver_required and make no order; with it the order
// records when it was given. A brand without the rules takes an order
// without it.
func TestWithdrawalWaiverAtCheckout(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	orders := func(id int64) int {
		var n int
		if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM orders WHERE member_id = $1", id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "paymentmethod": "ideal"}).
		Want(t, http.StatusUnprocessableEntity, "withdrawal_waiver_required")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "paymentmethod": "ideal", "waive_withdrawal": false}).
		Want(t, http.StatusUnprocessableEntity, "withdrawal_waiver_required")
	member.Do(http.MethodPost, "/api/directdebit.php", map[string]any{"package_id": "starter", "iban": "NL91 ABNA 0417 1643 00",
		"holder": "Jan de Vries", "phone": "06 4000 0001"}).Want(t, http.StatusUnprocessableEntity, "withdrawal_waiver_required")
	if n := orders(made.ID); n != 0 {
		t.Fatalf("a refused order was stored: %d", n)
	}
	co := order(t, member, map[string]any{"package_id": "starter", "paymentmethod": "ideal", "waive_withdrawal": true})
	var waived bool
	if err := env.Pool.QueryRow(t.Context(), "SELECT withdrawal_waived_at IS NOT NULL FROM orders WHERE id = $1", co.OrderID).Scan(&waived); err != nil || !waived {
		t.Fatalf("the order does not record the waiver: %v %v", waived, err)
	}

	us, usMade := env.LoggedIn(t, "us.localhost", accountstest.Member{TenantSlug: "sparkusa"})
	us.Country = "US"
	plain := order(t, us, map[string]any{"package_id": "starter", "paymentmethod": "creditcard"})
	if err := env.Pool.QueryRow(t.Context(), "SELECT withdrawal_waived_at IS NOT NULL FROM orders WHERE id = $1 AND member_id = $2", plain.OrderID, usMade.ID).Scan(&waived); err != nil || waived {
		t.Fatalf("an order without the waiver on a brand without the rules: waived %v %v", waived, err)
	}
}
