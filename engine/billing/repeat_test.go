package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/server/servertest"
)

type storedCard struct {
	Card *billing.Card `json:"card"`
}

// decideCard pays a sandbox first payment keeping test card card, as the
// checkout's form posts it.
func decideCard(t *testing.T, c *servertest.Client, env *servertest.Env, co checkout, outcome, card string) servertest.Response {
	t.Helper()
	u, err := url.Parse(co.RedirectURL)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, env.URL+u.Path, strings.NewReader(url.Values{"outcome": {outcome}, "card": {card}}.Encode()))
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.Send(req)
}

// cardOf answers the member's kept card, nil for none.
func cardOf(t *testing.T, c *servertest.Client) *billing.Card {
	t.Helper()
	res := c.Do(http.MethodGet, "/api/repeatorder.php", nil)
	res.Want(t, http.StatusOK, "")
	var out storedCard
	res.JSON(t, &out)
	return out.Card
}

// keepCard buys a package by card keeping test card card in the sandbox and
// answers the kept card once the payment is paid.
func keepCard(t *testing.T, env *servertest.Env, c *servertest.Client, card string) *billing.Card {
	t.Helper()
	co := order(t, c, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "creditcard", "keep_card": true})
	if got := cardOf(t, c); got != nil {
		t.Fatalf("a card kept before its first payment is paid: %+v", got)
	}
	decideCard(t, c, env, co, "paid", card).Want(t, http.StatusSeeOther, "")
	awaitStatus(t, c, co.PaymentID, "completed")
	kept := cardOf(t, c)
	if kept == nil {
		t.Fatal("no card kept after a paid first payment with consent")
	}
	return kept
}

// repeat posts a repeat order and answers its state.
func repeat(t *testing.T, c *servertest.Client, body map[string]any) state {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/repeatorder.php", body)
	res.Want(t, http.StatusCreated, "")
	var s state
	res.JSON(t, &s)
	return s
}

// TestRepeatOrder: a card kept at a paid first payment is charged without
// a redirect. The sandbox's working card completes the order and books its
// credits once (a repeated click answers the same order); its declining
// card fails the order with the fixed failure message, and the failed order
// is then paid at the provider like any failed order.
func TestRepeatOrder(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		name, card, brand, last4, status, message string
		credits                                   int64
	}{
		{"a card that pays", "4242", "Visa", "4242", "completed", "", 100},
		{"a card that declines", "0341", "Mastercard", "0341", "failed", billing.MessageCardFailed, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
			member.Country = "NL"
			card := keepCard(t, env, member, c.card)
			if card.Brand != c.brand || card.Last4 != c.last4 || card.Method != "creditcard" || len(card.Expiry) != 10 {
				t.Fatalf("card %+v", card)
			}
			wantBooked(t, env, made.ID, 100, 1, true)

			body := map[string]any{"package_id": "popular", "card_id": card.ID, "waive_withdrawal": true, "client_id": "click-1"}
			s := repeat(t, member, body)
			if s.Status != c.status || s.Message != c.message || s.Credits != 250 || s.Amount != 3995 || s.Currency != "EUR" || s.Method != "creditcard" {
				t.Fatalf("repeat order %+v", s)
			}
			wantBooked(t, env, made.ID, 100+c.credits*250/100, 1+int(c.credits/100), true)
			// The same click again: the same order, no second charge.
			if again := repeat(t, member, body); again.OrderID != s.OrderID || again.PaymentID != s.PaymentID || again.Status != c.status {
				t.Fatalf("the click again %+v, first %+v", again, s)
			}
			wantBooked(t, env, made.ID, 100+c.credits*250/100, 1+int(c.credits/100), true)
			// Its webhook (queued by the sandbox) changes nothing more.
			if got := paymentState(t, member, s.PaymentID); got.Status != c.status {
				t.Fatalf("state %+v", got)
			}
			if c.status == "completed" {
				return
			}
			// Pay the failed order at the provider (a redirect).
			via := order(t, member, map[string]any{"order_id": s.OrderID, "waive_withdrawal": true, "paymentmethod": "creditcard"})
			decide(t, member, env, via, "paid").Want(t, http.StatusSeeOther, "")
			awaitStatus(t, member, via.PaymentID, "completed")
			wantBooked(t, env, made.ID, 350, 2, true)
			// A new click on the declining card fails again.
			if s := repeat(t, member, map[string]any{"package_id": "starter", "card_id": card.ID, "waive_withdrawal": true, "client_id": "click-2"}); s.Status != "failed" {
				t.Fatalf("second click %+v", s)
			}
			wantBooked(t, env, made.ID, 350, 2, true)
		})
	}
}

// TestRepeatOrderDoubleClick: twenty requests of one click at once make one
// order and one charge, and book its credits once.
func TestRepeatOrderDoubleClick(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	card := keepCard(t, env, member, "4242")
	body := map[string]any{"package_id": "value", "card_id": card.ID, "waive_withdrawal": true, "client_id": "one-click"}
	states := make([]state, 20)
	var wg sync.WaitGroup
	for i := range states {
		wg.Go(func() { states[i] = repeat(t, member, body) })
	}
	wg.Wait()
	for _, s := range states {
		if s.OrderID != states[0].OrderID || s.PaymentID != states[0].PaymentID || s.Status != "completed" {
			t.Fatalf("answers differ: %+v and %+v", s, states[0])
		}
	}
	var orders, charges int
	ctx := context.Background()
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM orders WHERE member_id = $1", made.ID).Scan(&orders); err != nil {
		t.Fatal(err)
	}
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM sandbox_payments WHERE sequence_type = 'recurring' AND customer_id = (SELECT customer_id FROM payment_customers WHERE member_id = $1)", made.ID).Scan(&charges); err != nil {
		t.Fatal(err)
	}
	if orders != 2 || charges != 1 {
		t.Fatalf("%d orders, %d charges; want 2 and 1", orders, charges)
	}
	wantBooked(t, env, made.ID, 700, 2, true)
}

// TestKeepCardConsent: a card is kept only after a paid first card payment
// with the member's consent.
func TestKeepCardConsent(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		name    string
		body    map[string]any
		outcome string
		status  int
		code    string
	}{
		{"a card payment without consent", map[string]any{"waive_withdrawal": true, "paymentmethod": "creditcard"}, "paid", 201, ""},
		{"consent but the payment failed", map[string]any{"waive_withdrawal": true, "paymentmethod": "creditcard", "keep_card": true}, "failed", 201, ""},
		{"consent but the payment is pending", map[string]any{"waive_withdrawal": true, "paymentmethod": "creditcard", "keep_card": true}, "pending", 201, ""},
		{"consent but the payment was cancelled", map[string]any{"waive_withdrawal": true, "paymentmethod": "creditcard", "keep_card": true}, "cancelled", 201, ""},
		{"consent for a method that is no card", map[string]any{"waive_withdrawal": true, "paymentmethod": "ideal", "keep_card": true}, "", 422, "keep_card_invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
			member.Country = "NL"
			c.body["package_id"] = "starter"
			res := member.Do(http.MethodPost, "/api/orders.php", c.body)
			res.Want(t, c.status, c.code)
			if c.status == 201 {
				var co checkout
				res.JSON(t, &co)
				decideCard(t, member, env, co, c.outcome, "4242").Want(t, http.StatusSeeOther, "")
				want := map[string]string{"paid": "completed", "failed": "failed", "pending": "pending", "cancelled": "cancelled"}[c.outcome]
				awaitStatus(t, member, co.PaymentID, want)
				// Its webhook is in: the state moved by it.
				webhook(t, member, env, "sandbox", sandboxID(co))
			}
			if card := cardOf(t, member); card != nil {
				t.Fatalf("a card was kept: %+v", card)
			}
			member.Do(http.MethodPost, "/api/repeatorder.php", map[string]any{"package_id": "starter", "card_id": 1, "client_id": "x"}).
				Want(t, http.StatusConflict, "no_stored_card")
		})
	}
}

// TestRepeatOrderRefusals: bad requests are refused with their codes and
// charge nothing; another member's card is not found.
func TestRepeatOrderRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	owner, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	owner.Country = "NL"
	theirs := keepCard(t, env, owner, "4242")
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	mine := keepCard(t, env, member, "4242")
	cases := []struct {
		name   string
		body   map[string]any
		status int
		code   string
	}{
		{"another member's card", map[string]any{"package_id": "starter", "card_id": theirs.ID, "client_id": "a"}, 404, "card_not_found"},
		{"no card named", map[string]any{"package_id": "starter", "client_id": "b"}, 404, "card_not_found"},
		{"no client id", map[string]any{"package_id": "starter", "card_id": mine.ID}, 422, "client_id_invalid"},
		{"a client id too long", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": strings.Repeat("c", 101)}, 422, "client_id_invalid"},
		{"a client id with control characters", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": "a\tb"}, 422, "client_id_invalid"},
		{"an unknown package", map[string]any{"package_id": "huge", "card_id": mine.ID, "client_id": "d"}, 422, "package_invalid"},
		{"a country not served", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": "e", "country": "DE"}, 422, "country_invalid"},
		{"a field it does not know", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": "f", "amount": 1}, 400, "unknown_field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			member.Do(http.MethodPost, "/api/repeatorder.php", c.body).Want(t, c.status, c.code)
		})
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	env.Client(t, "localhost").Do(http.MethodPost, "/api/repeatorder.php", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": "g"}).
		Want(t, http.StatusForbidden, "authentication_required")
	env.Client(t, "localhost").Do(http.MethodGet, "/api/repeatorder.php", nil).Want(t, http.StatusForbidden, "authentication_required")
}

// TestRemoveCard: removing the kept card revokes its mandate at the
// provider; afterwards it is gone and charges nothing. Another member's
// card cannot be removed.
func TestRemoveCard(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	owner, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	owner.Country = "NL"
	theirs := keepCard(t, env, owner, "4242")
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	mine := keepCard(t, env, member, "4242")

	member.Do(http.MethodDelete, fmt.Sprintf("/api/repeatorder.php?id=%d", theirs.ID), nil).Want(t, http.StatusNotFound, "card_not_found")
	member.Do(http.MethodDelete, "/api/repeatorder.php?id=x", nil).Want(t, http.StatusUnprocessableEntity, "id_invalid")
	member.Do(http.MethodDelete, "/api/repeatorder.php", nil).Want(t, http.StatusUnprocessableEntity, "id_invalid")
	if cardOf(t, owner) == nil {
		t.Fatal("the other member's card went")
	}

	member.Do(http.MethodDelete, fmt.Sprintf("/api/repeatorder.php?id=%d", mine.ID), nil).Want(t, http.StatusNoContent, "")
	if card := cardOf(t, member); card != nil {
		t.Fatalf("card still there: %+v", card)
	}
	var status string
	if err := env.Pool.QueryRow(context.Background(), `SELECT m.status FROM sandbox_mandates m JOIN payment_customers c ON c.customer_id = m.customer_id
		WHERE c.member_id = $1`, made.ID).Scan(&status); err != nil {
		t.Fatal(err)
	}
	if status != "invalid" {
		t.Fatalf("the mandate at the provider is %s", status)
	}
	member.Do(http.MethodPost, "/api/repeatorder.php", map[string]any{"package_id": "starter", "card_id": mine.ID, "client_id": "after"}).
		Want(t, http.StatusConflict, "no_stored_card")
	member.Do(http.MethodDelete, fmt.Sprintf("/api/repeatorder.php?id=%d", mine.ID), nil).Want(t, http.StatusNotFound, "card_not_found")
	wantBooked(t, env, made.ID, 100, 1, true)

	// A new card payment with consent keeps a card again.
	again := keepCard(t, env, member, "0341")
	if again.ID == mine.ID || again.Last4 != "0341" {
		t.Fatalf("card kept again %+v", again)
	}
}

// TestMollieRepeatOrder runs repeat orders through Mollie's recurring model
// on the local Mollie: the kept card's first payment is made for the
// member's customer, Mollie's mandate (its card as Mollie reports it) is
// kept once the webhook says paid, repeat orders are recurring payments on
// it (paid, or failed as a declined card), and removing the card revokes
// the mandate at Mollie.
func TestMollieRepeatOrder(t *testing.T) {
	t.Parallel()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"

	co := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "visa", "keep_card": true})
	first := mol.Payments()[0]
	if first.SequenceType != "first" || first.CustomerID == "" || mol.Customers() != 1 {
		t.Fatalf("first payment at Mollie %v %+v", first, first)
	}
	mol.SetStatus(t, first.ID, billing.StatusPaid)
	first = mol.Payments()[0]
	webhook(t, member, env, "mollie", first.ID)
	if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
		t.Fatalf("first payment %+v", s)
	}
	card := cardOf(t, member)
	if card == nil || card.Brand != "Mastercard" || card.Last4 != "6787" || card.Expiry != "2030-12-31" {
		t.Fatalf("card %+v", card)
	}

	cases := []struct {
		name    string
		at      billing.Status
		status  string
		message string
		balance int64
	}{
		{"paid", billing.StatusPaid, "completed", "", 350},
		{"declined", billing.StatusFailed, "failed", billing.MessageCardFailed, 350},
	}
	for i, c := range cases {
		mol.SetRecurringStatus(c.at)
		s := repeat(t, member, map[string]any{"package_id": "popular", "card_id": card.ID, "waive_withdrawal": true, "client_id": fmt.Sprintf("click-%d", i)})
		charge := mol.Payments()[len(mol.Payments())-1]
		if s.Status != c.status || s.Message != c.message || charge.SequenceType != "recurring" || charge.MandateID != first.MandateID ||
			charge.Value != "39.95" || charge.CustomerID != first.CustomerID {
			t.Fatalf("%s: %+v, at Mollie %v %+v", c.name, s, charge, charge)
		}
		// Mollie's webhook for the charge changes nothing more.
		webhook(t, member, env, "mollie", charge.ID)
		if got := paymentState(t, member, s.PaymentID); got.Status != c.status {
			t.Fatalf("%s after the webhook: %+v", c.name, got)
		}
		wantBooked(t, env, made.ID, c.balance, 2, true)
	}

	member.Do(http.MethodDelete, fmt.Sprintf("/api/repeatorder.php?id=%d", card.ID), nil).Want(t, http.StatusNoContent, "")
	for _, m := range mol.Mandates() {
		if m.Status != "revoked" {
			t.Fatalf("mandate at Mollie %+v", m)
		}
	}
	// A replayed webhook of the first payment brings no card back.
	webhook(t, member, env, "mollie", first.ID)
	if card := cardOf(t, member); card != nil {
		t.Fatalf("card back after a replayed webhook: %+v", card)
	}
}

// TestPurgeRevokesCard: the purge of a deleted account takes the kept card
// out of use in its transaction, and a job revokes the mandate at the
// provider.
func TestPurgeRevokesCard(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	card := keepCard(t, env, member, "4242")
	member.Do(http.MethodDelete, "/api/account.php", nil).Want(t, http.StatusAccepted, "")
	if _, err := env.Pool.Exec(ctx, "UPDATE members SET deletion_requested_at = now() - interval '15 days' WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	env.Purge(t, made.ID)
	var status string
	if err := env.Pool.QueryRow(ctx, "SELECT status FROM card_mandates WHERE id = $1", card.ID).Scan(&status); err != nil || status != "removed" {
		t.Fatalf("card %s after the purge (%v)", status, err)
	}
	awaitRevoked(t, env, card.ID)
}

// cardMandate answers a kept card's state and its mandate's at the
// sandbox provider.
func cardMandate(t *testing.T, env *servertest.Env, cardID int64) (cardStatus, providerStatus string) {
	t.Helper()
	err := env.Pool.QueryRow(context.Background(), `SELECT c.status, m.status FROM card_mandates c
		JOIN sandbox_mandates m ON m.id = c.mandate_id WHERE c.id = $1`, cardID).Scan(&cardStatus, &providerStatus)
	if err != nil {
		t.Fatal(err)
	}
	return cardStatus, providerStatus
}

// awaitRevoked waits for the revoke job to invalidate a card's mandate at
// the sandbox provider.
func awaitRevoked(t *testing.T, env *servertest.Env, cardID int64) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, provider := cardMandate(t, env, cardID)
		if provider == "invalid" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the mandate of card %d at the provider is still %s", cardID, provider)
		}
	}
}

// TestReplacedCardRevoked: a member who keeps a second card has the first
// one replaced, and its mandate is revoked at the provider by a job queued
// with the replacement, so the provider no longer holds a card the member
// can neither see nor remove; the new card's mandate stays valid.
func TestReplacedCardRevoked(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	first := keepCard(t, env, member, "4242")

	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "creditcard", "keep_card": true})
	decideCard(t, member, env, co, "paid", "4242").Want(t, http.StatusSeeOther, "")
	awaitStatus(t, member, co.PaymentID, "completed")
	second := cardOf(t, member)
	if second == nil || second.ID == first.ID {
		t.Fatalf("kept card after the second first payment: %+v, first %+v", second, first)
	}

	if card, _ := cardMandate(t, env, first.ID); card != "replaced" {
		t.Fatalf("first card %s, want replaced", card)
	}
	awaitRevoked(t, env, first.ID)
	if card, provider := cardMandate(t, env, second.ID); card != "active" || provider != "valid" {
		t.Errorf("the new card: %s, its mandate %s; want active and valid", card, provider)
	}
}
