package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/riverqueue/river"

	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Repeat orders: a member who pays by card may keep the card (keep_card on
// the order). The payment is then a first payment for the member's customer
// at the provider; once it is paid, the provider's mandate on the card is
// kept (card_mandates) and later orders are charged on it at once, without
// a redirect (recurring payments). The credits of a repeat order are booked
// by the same settle as every other payment, once.

// CardMethods are the methods that pay by card: the ones whose card
// can be kept for repeat orders.
var CardMethods = []string{"creditcard", "visa", "mastercard", "maestro", "cartebancaire", "dankort", "nexi"}

// MessageCardFailed is the fixed text of a failed charge of a stored card.
const MessageCardFailed = "Credit card payment failed"

// maxClientID bounds a repeat order's client_id.
const maxClientID = 100

// Refusals of the repeat-order calls.
var (
	errKeepCardMethod      = refusal.New(refusal.Invalid, "keep_card_invalid", "Only a card can be kept for repeat orders.")
	errKeepCardUnavailable = refusal.New(refusal.Invalid, "keep_card_unavailable", "Cards cannot be kept for repeat orders with this payment provider.")
	errNoStoredCard        = refusal.New(refusal.Conflict, "no_stored_card", "No card is kept for repeat orders. Pay by card and keep the card first.")
	errCardNotFound        = refusal.New(refusal.NotFound, "card_not_found", "This card could not be found.")
	errClientIDInvalid     = refusal.New(refusal.Invalid, "client_id_invalid", "client_id must be 1 to 100 printable characters.")
	// errCardFailed is a charge the provider refused outright (the mandate
	// is no longer valid there): no order is made.
	errCardFailed = refusal.New(refusal.Conflict, "card_payment_failed", MessageCardFailed)
)

// Card is a member's card kept for repeat orders, as the provider reports
// it: its brand and last four digits, never its number.
type Card struct {
	ID        int64     `json:"id"`
	Brand     string    `json:"brand"`
	Last4     string    `json:"last4"`
	Expiry    string    `json:"expiry"`
	Method    string    `json:"method"`
	CreatedAt time.Time `json:"created_at"`
}

// recurring answers the tenant's provider when it keeps cards.
func (s *Service) recurring(t *tenancy.Tenant, set Settings) (Recurring, error) {
	prov, err := s.provider(set.Provider, set)
	if err != nil {
		s.log.Warn("payment provider", "tenant", t.Slug, "err", err)
		return nil, errUnavailable
	}
	rec, ok := prov.(Recurring)
	if !ok {
		return nil, errKeepCardUnavailable
	}
	return rec, nil
}

// keepCard makes spec a first payment for the member's customer at the
// provider (made on the member's first such order), so that, paid, it
// leaves a mandate on the card.
func (s *Service) keepCard(ctx context.Context, t *tenancy.Tenant, set Settings, memberID int64, locale string, spec paymentSpec) (paymentSpec, error) {
	if !slices.Contains(CardMethods, spec.method) {
		return spec, errKeepCardMethod
	}
	rec, err := s.recurring(t, set)
	if err != nil {
		return spec, err
	}
	q := db.New(s.pool)
	key := db.CustomerOfMemberParams{MemberID: memberID, Provider: set.Provider}
	customer, err := q.CustomerOfMember(ctx, key)
	if errors.Is(err, pgx.ErrNoRows) {
		made, cerr := rec.CreateCustomer(ctx, CustomerRequest{TenantID: t.ID, Name: fmt.Sprintf("%s member %d", t.Name, memberID),
			Locale: locale, Reference: fmt.Sprintf("member:%d", memberID)})
		if cerr != nil {
			s.log.Warn("create customer", "tenant", t.Slug, "provider", set.Provider, "err", cerr)
			return spec, errUnavailable
		}
		// Of parallel first orders one customer is kept; read it back.
		if err := q.CustomerInsert(ctx, db.CustomerInsertParams{MemberID: memberID, Provider: set.Provider, TenantID: t.ID, CustomerID: made}); err != nil {
			return spec, fmt.Errorf("record customer of member %d: %w", memberID, err)
		}
		customer, err = q.CustomerOfMember(ctx, key)
	}
	if err != nil {
		return spec, fmt.Errorf("customer of member %d: %w", memberID, err)
	}
	spec.sequence, spec.customerID = SequenceFirst, customer
	return spec, nil
}

// mandateOf asks the provider for the mandate a paid payment names, for
// settle to keep when the payment was a first payment. A provider that
// cannot answer leaves the card unkept (logged): the credits are booked
// all the same.
func (s *Service) mandateOf(ctx context.Context, t *tenancy.Tenant, prov Provider, p Payment) *Mandate {
	if p.Status != StatusPaid || p.MandateID == "" {
		return nil
	}
	rec, ok := prov.(Recurring)
	if !ok {
		return nil
	}
	m, err := rec.FetchMandate(ctx, p.CustomerID, p.MandateID)
	if err != nil {
		s.log.Warn("mandate of a paid payment", "tenant", t.Slug, "provider", prov.Name(), "payment", p.ID, "mandate", p.MandateID, "err", err)
		return nil
	}
	if m.Status != MandateValid {
		return nil
	}
	return &m
}

// keepMandate records the card of a paid first payment inside settle's
// transaction tx: only for a first payment (the member's consent), once per
// mandate (a replayed webhook of an old payment brings no replaced card
// back), replacing the member's earlier card, whose mandate is revoked at
// the provider by a job: the member can neither see nor remove it any more.
func (s *Service) keepMandate(ctx context.Context, tx pgx.Tx, o db.Order, paymentID int64, m Mandate) error {
	q := db.New(tx)
	seq, err := q.PaymentSequenceType(ctx, paymentID)
	if err != nil {
		return fmt.Errorf("sequence of payment %d: %w", paymentID, err)
	}
	if seq != SequenceFirst {
		return nil
	}
	pay, err := q.PaymentToRefund(ctx, paymentID)
	if err != nil {
		return fmt.Errorf("provider of payment %d: %w", paymentID, err)
	}
	known, err := q.CardKnown(ctx, db.CardKnownParams{Provider: pay.Provider, MandateID: m.ID})
	if err != nil {
		return fmt.Errorf("mandate %s: %w", m.ID, err)
	}
	if known {
		return nil
	}
	replaced, err := q.CardReplaceActive(ctx, o.MemberID)
	if err != nil {
		return fmt.Errorf("replace the card of member %d: %w", o.MemberID, err)
	}
	if err := s.queueRevocations(ctx, tx, replaced); err != nil {
		return err
	}
	err = q.CardInsert(ctx, db.CardInsertParams{TenantID: o.TenantID, MemberID: o.MemberID, Provider: pay.Provider, CustomerID: m.CustomerID,
		MandateID: m.ID, PaymentID: paymentID, Method: m.Method, CardLabel: m.CardLabel, CardLast4: m.CardLast4, CardExpiry: m.CardExpiry})
	if err != nil {
		return fmt.Errorf("keep the card of member %d: %w", o.MemberID, err)
	}
	return nil
}

// activeCard is the member's kept card at the tenant's provider, or
// errNoStoredCard.
func (s *Service) activeCard(ctx context.Context, t *tenancy.Tenant, set Settings, memberID int64) (db.CardMandate, error) {
	c, err := db.New(s.pool).CardActiveOfMember(ctx, db.CardActiveOfMemberParams{MemberID: memberID, TenantID: t.ID, Provider: set.Provider})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.CardMandate{}, errNoStoredCard
	}
	if err != nil {
		return db.CardMandate{}, fmt.Errorf("card of member %d: %w", memberID, err)
	}
	return c, nil
}

// StoredCard answers the member's card kept for repeat orders, nil when
// there is none.
func (s *Service) StoredCard(ctx context.Context, t *tenancy.Tenant, memberID int64) (*Card, error) {
	set, err := SettingsOf(t)
	if err != nil {
		return nil, err
	}
	c, err := s.activeCard(ctx, t, set, memberID)
	if errors.Is(err, errNoStoredCard) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &Card{ID: c.ID, Brand: c.CardLabel, Last4: c.CardLast4, Expiry: c.CardExpiry, Method: c.Method, CreatedAt: c.CreatedAt}, nil
}

// RemoveCard revokes the mandate of the member's card at the provider and
// forgets the card. A card that is not the member's kept one is not found;
// a provider that cannot be reached leaves the card kept (try again).
func (s *Service) RemoveCard(ctx context.Context, t *tenancy.Tenant, memberID, cardID int64) error {
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	c, err := s.activeCard(ctx, t, set, memberID)
	if errors.Is(err, errNoStoredCard) || (err == nil && c.ID != cardID) {
		return errCardNotFound
	}
	if err != nil {
		return err
	}
	rec, err := s.recurring(t, set)
	if err != nil {
		return err
	}
	if err := rec.RevokeMandate(ctx, c.CustomerID, c.MandateID); err != nil && !errors.Is(err, ErrMandateNotFound) {
		s.log.Warn("revoke mandate", "tenant", t.Slug, "provider", set.Provider, "mandate", c.MandateID, "err", err)
		return errUnavailable
	}
	if _, err := db.New(s.pool).CardRemove(ctx, db.CardRemoveParams{ID: c.ID, MemberID: memberID}); err != nil {
		return fmt.Errorf("remove card %d: %w", c.ID, err)
	}
	return nil
}

// RepeatRequest is a one-click order on the kept card (POST
// repeatorder.php). ClientID is the click's key: the same key answers the
// same order, so a double click or a retried request charges once.
type RepeatRequest struct {
	PackageID string `json:"package_id"`
	CardID    int64  `json:"card_id"`
	ClientID  string `json:"client_id"`
	Country   string `json:"country"`
	// WaiveWithdrawal: as for orders.php (withdrawalWaiver).
	WaiveWithdrawal bool `json:"waive_withdrawal"`
}

// validClientID says whether id is 1 to maxClientID printable characters.
func validClientID(id string) bool {
	if id == "" || len(id) > maxClientID {
		return false
	}
	return !strings.ContainsFunc(id, func(r rune) bool { return !unicode.IsPrint(r) || r == unicode.ReplacementChar })
}

// Repeat charges the member's kept card for a package, without a redirect,
// in three steps so that no database connection waits on the provider: a
// short transaction makes the order, keyed by the click's client_id, and
// claims its charge (openRepeat); the provider is asked with no connection
// held, with an idempotency key of the member's click; a second short
// transaction records the charge. A repeated click (a double click, a
// request retried after a lost answer) finds the click's order: recorded,
// it is answered; still claimed, the provider is asked again with the same
// key, which answers the same charge, so a click is charged once. A charge
// the provider settles at once is settled (the credits booked through
// settle, as a webhook would); a failed one answers MessageCardFailed, and
// the order can be paid at the provider (orders.php with order_id) like
// any failed order.
func (s *Service) Repeat(ctx context.Context, t *tenancy.Tenant, memberID int64, base, located, locale string, req RepeatRequest) (PaymentState, error) {
	set, err := SettingsOf(t)
	if err != nil {
		return PaymentState{}, err
	}
	if !validClientID(req.ClientID) {
		return PaymentState{}, errClientIDInvalid
	}
	card, err := s.activeCard(ctx, t, set, memberID)
	if err != nil {
		return PaymentState{}, err
	}
	if req.CardID != card.ID {
		return PaymentState{}, errCardNotFound
	}
	country, err := paymentCountry(set, req.Country, located)
	if err != nil {
		return PaymentState{}, err
	}
	pkg, ok := set.Package(req.PackageID)
	if !ok {
		return PaymentState{}, errPackageInvalid
	}
	waived, err := withdrawalWaiver(t, req.WaiveWithdrawal, s.Now())
	if err != nil {
		return PaymentState{}, err
	}
	c := set.Countries[country]
	amount := Money{Minor: pkg.Prices[c.Currency], Currency: c.Currency}
	publicID, err := newPublicID()
	if err != nil {
		return PaymentState{}, err
	}
	q := db.New(s.pool)
	_, err = q.OrderInsertRepeat(ctx, db.OrderInsertRepeatParams{TenantID: t.ID, MemberID: memberID, PackageID: pkg.ID,
		Credits: pkg.Credits, Amount: amount.Minor, Currency: amount.Currency, Country: country, ClientID: req.ClientID,
		OpeningID: publicID, OpeningBase: base, WithdrawalWaivedAt: waived})
	if err != nil && !errors.Is(err, pgx.ErrNoRows) { // no rows: the click made its order already
		return PaymentState{}, fmt.Errorf("insert repeat order of member %d: %w", memberID, err)
	}
	o, err := q.OrderOfClient(ctx, db.OrderOfClientParams{MemberID: memberID, TenantID: t.ID, ClientID: pgtype.Text{String: req.ClientID, Valid: true}})
	if err != nil {
		return PaymentState{}, fmt.Errorf("repeat order %q of member %d: %w", req.ClientID, memberID, err)
	}
	if o.OpeningID.Valid {
		if err := s.openRepeat(ctx, t, set, o, locale); err != nil {
			return PaymentState{}, err
		}
	}
	return s.repeatState(ctx, t, memberID, req.ClientID)
}

// repeatKey is the provider's idempotency key of a member's click.
func repeatKey(tenantID, memberID int64, clientID string) string {
	key := sha256.Sum256(fmt.Appendf(nil, "repeat:%d:%d:%s", tenantID, memberID, clientID))
	return hex.EncodeToString(key[:])
}

// openRepeat asks the provider for the charge a repeat order claimed, on
// the member's kept card, holding no database connection meanwhile, then
// records it (recordOpened). A charge the provider refuses outright charged
// nothing: the order goes and the member gets errCardFailed; any other
// failure leaves the claim for a retried click or reconciliation, which ask
// again with the same key.
func (s *Service) openRepeat(ctx context.Context, t *tenancy.Tenant, set Settings, o db.Order, locale string) error {
	card, err := s.activeCard(ctx, t, set, o.MemberID)
	if errors.Is(err, errNoStoredCard) {
		// The card was removed meanwhile: nothing can be charged any more.
		return errors.Join(s.dropOpening(ctx, o.ID), err)
	}
	if err != nil {
		return err
	}
	spec := paymentSpec{packageID: o.PackageID, credits: o.Credits, method: card.Method, amount: Money{Minor: o.Amount, Currency: o.Currency},
		sequence: SequenceRecurring, customerID: card.CustomerID, mandateID: card.MandateID,
		idempotencyKey: repeatKey(o.TenantID, o.MemberID, o.ClientID.String), publicID: o.OpeningID.String}
	pay, err := s.createPayment(ctx, t, set, o.OpeningBase.String, locale, spec)
	if errors.Is(err, errCardFailed) {
		return errors.Join(s.dropOpening(ctx, o.ID), err)
	}
	if err != nil {
		return err
	}
	return s.recordOpened(ctx, o.ID, pay, card.Method)
}

// recordOpened records the payment an order claimed, in a short
// transaction holding the order's lock: once (a parallel request that
// asked the provider with the same key recorded the same payment first),
// and settled at once when the provider settled it already (the sandbox,
// most card charges at Mollie), as its webhook would settle it.
func (s *Service) recordOpened(ctx context.Context, orderID int64, pay openedPayment, method string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		o, err := q.OrderLock(ctx, orderID)
		if err != nil {
			return fmt.Errorf("lock order %d: %w", orderID, err)
		}
		if !o.OpeningID.Valid {
			return nil
		}
		answered := pay.Payment
		// A settled payment is recorded unsettled and moved by settle, the
		// one way payments settle (credits booked once); a direct debit is
		// pending until the bank collects it.
		if pay.Status == "" || pay.Status.Settled() {
			pay.Status = StatusOpen
			if method == MethodDirectDebit {
				pay.Status = StatusPending
			}
		}
		paymentID, err := pay.insert(ctx, q, orderID, method)
		if err != nil {
			return err
		}
		if err := q.OrderOpened(ctx, orderID); err != nil {
			return fmt.Errorf("order %d opened: %w", orderID, err)
		}
		if method == MethodDirectDebit {
			if err := q.DirectDebitFlowDelete(ctx, o.MemberID); err != nil {
				return fmt.Errorf("use up direct debit confirmation of member %d: %w", o.MemberID, err)
			}
		}
		// A direct debit's settled answer is asked for again by its caller
		// (ConfirmDirectDebit), as a webhook would.
		if answered.Status.Settled() && method != MethodDirectDebit {
			return s.settleTx(ctx, tx, paymentID, answered, nil)
		}
		return nil
	})
}

// dropOpening takes back an order whose payment the provider refused
// outright (nothing was charged): its discount code released, its direct
// debit confirmation freed for another try, the order deleted.
func (s *Service) dropOpening(ctx context.Context, orderID int64) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := discounts.Release(ctx, tx, orderID); err != nil {
			return err
		}
		q := db.New(tx)
		if err := q.DirectDebitFlowRelease(ctx, pgtype.Int8{Int64: orderID, Valid: true}); err != nil {
			return fmt.Errorf("free the confirmation of order %d: %w", orderID, err)
		}
		if _, err := q.OrderDropOpening(ctx, orderID); err != nil {
			return fmt.Errorf("drop order %d: %w", orderID, err)
		}
		return nil
	})
}

// repeatState answers the order a click made, with its newest payment.
func (s *Service) repeatState(ctx context.Context, t *tenancy.Tenant, memberID int64, clientID string) (PaymentState, error) {
	o, err := db.New(s.pool).OrderRepeatOfClient(ctx, db.OrderRepeatOfClientParams{MemberID: memberID, TenantID: t.ID, ClientID: pgtype.Text{String: clientID, Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return PaymentState{}, errOrderNotFound
	}
	if err != nil {
		return PaymentState{}, fmt.Errorf("repeat order %q: %w", clientID, err)
	}
	st := PaymentState{PaymentID: o.PublicID, OrderID: o.ID, Status: paymentStatus(o.Status, Status(o.PaymentStatus)),
		Credits: o.Credits, Amount: o.Amount, Currency: o.Currency, PackageID: o.PackageID, Method: o.Method}
	switch st.Status {
	case OrderFailed, OrderCancelled, OrderExpired:
		st.Message = MessageCardFailed
	}
	return st, nil
}

// RevokeMandateArgs is the job that revokes the mandate of a card taken
// out of use by the purge of its member's account or replaced by a newer
// card: queued in the transaction that takes it out of use, it asks the
// provider outside it; River retries it while the provider cannot be
// reached.
type RevokeMandateArgs struct {
	CardID int64 `json:"card_id"`
}

// Kind names the job in River.
func (RevokeMandateArgs) Kind() string { return "billing_revoke_mandate" }

// RevokeMandateWorker works the revoke job.
type RevokeMandateWorker struct {
	river.WorkerDefaults[RevokeMandateArgs]
	Billing *Service
}

// Work revokes the card's mandate.
func (w *RevokeMandateWorker) Work(ctx context.Context, job *river.Job[RevokeMandateArgs]) error {
	return w.Billing.RevokeCard(ctx, job.Args.CardID)
}

// PurgeCards takes the kept card of a member whose account is purged out
// of use inside tx, the purge's transaction, and queues the revocation of
// its mandate at the provider; the card's details and the member's
// customer at the provider are forgotten, the mandate kept for the
// revocation.
func (s *Service) PurgeCards(ctx context.Context, tx pgx.Tx, memberID int64) error {
	q := db.New(tx)
	ids, err := q.CardsPurgeMember(ctx, memberID)
	if err != nil {
		return fmt.Errorf("purge the cards of member %d: %w", memberID, err)
	}
	if err := q.CardsForgetDetails(ctx, memberID); err != nil {
		return fmt.Errorf("forget the cards of member %d: %w", memberID, err)
	}
	if err := q.CustomersPurgeMember(ctx, memberID); err != nil {
		return fmt.Errorf("purge the provider customers of member %d: %w", memberID, err)
	}
	return s.queueRevocations(ctx, tx, ids)
}

// queueRevocations queues, inside tx, the revocation of the mandates of the
// cards ids, which tx takes out of use.
func (s *Service) queueRevocations(ctx context.Context, tx pgx.Tx, ids []int64) error {
	for _, id := range ids {
		if s.jobs == nil {
			return fmt.Errorf("revoke card %d: this billing service has no job inserter", id)
		}
		if _, err := s.jobs.InsertTx(ctx, tx, RevokeMandateArgs{CardID: id}, nil); err != nil {
			return fmt.Errorf("queue the revocation of card %d: %w", id, err)
		}
	}
	return nil
}

// RevokeCard revokes a card's mandate at its provider; one revoked there
// already is done.
func (s *Service) RevokeCard(ctx context.Context, cardID int64) error {
	c, err := db.New(s.pool).CardByID(ctx, cardID)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("revoke card %d: no such card", cardID))
	}
	if err != nil {
		return fmt.Errorf("card %d: %w", cardID, err)
	}
	t, err := s.tenants.ByID(ctx, c.TenantID)
	if err != nil {
		return fmt.Errorf("tenant %d of card %d: %w", c.TenantID, cardID, err)
	}
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	prov, err := s.provider(c.Provider, set)
	if err != nil {
		return err
	}
	rec, ok := prov.(Recurring)
	if !ok {
		return river.JobCancel(fmt.Errorf("revoke card %d: provider %s keeps no cards", cardID, c.Provider))
	}
	if err := rec.RevokeMandate(ctx, c.CustomerID, c.MandateID); err != nil && !errors.Is(err, ErrMandateNotFound) {
		return fmt.Errorf("revoke the mandate of card %d: %w", cardID, err)
	}
	return nil
}
