package discounts

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/discounts/internal/db"
	"rendezvous/engine/platform/refusal"
)

// Refusals of codes. Not found and used are the product's fixed texts; the
// order's conditions name what did not hold.
var (
	ErrNotFound = refusal.New(refusal.NotFound, "code_not_found", "Code not found")
	ErrUsed     = refusal.New(refusal.Conflict, "code_used", "Code already used")
	ErrExpired  = refusal.New(refusal.Invalid, "code_expired", "This code has expired.")
	ErrMinimum  = refusal.New(refusal.Invalid, "code_minimum_order_value", "This code is valid from a higher order value.")
	ErrCurrency = refusal.New(refusal.Invalid, "code_currency_invalid", "This code is not valid for payments in this currency.")
	ErrCountry  = refusal.New(refusal.Invalid, "code_country_invalid", "This code is not valid in this country.")
	ErrMethod   = refusal.New(refusal.Invalid, "code_paymentmethod_invalid", "This code is not valid for this payment method.")
)

// Kinds of codes (discount_codes.kind).
const (
	KindCode      = "code"
	KindWelcome   = "welcome"
	KindTimeBonus = "time_bonus"
)

// Statuses of a code as a member sees it.
const (
	StatusActive  = "active"
	StatusExpired = "expired"
)

// codePattern is what a code's text may be (upper case once normalised).
var codePattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,31}$`)

// Normalize is a code's text as stored: trimmed, upper case. Members may
// type codes in any case.
func Normalize(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}

// View is a code as a member sees it (GET discountcode.php): code,
// percentage, minimum order value, currency, country, methods, member,
// expiry, validity and status. Amounts are minor units; expires is when the
// code ends for this member (the earlier of its end and its per-member
// window), validity the whole seconds left until then; both are null for
// a code without an end.
type View struct {
	Code              string     `json:"code"`
	ValuePercentage   int        `json:"value_percentage"`
	MinimumOrderValue *int64     `json:"minimum_order_value"`
	Currency          *string    `json:"currency"`
	Country           *string    `json:"country"`
	PaymentMethods    []string   `json:"paymentmethods"`
	UserID            *int64     `json:"user_id"`
	Expires           *time.Time `json:"expires"`
	Validity          *int64     `json:"validity"`
	Expired           bool       `json:"expired"`
	Status            string     `json:"status"`
}

// Sale is the order a code is applied to: the package's price before the
// discount (minor units), its currency, the payment country and method.
type Sale struct {
	ListAmount int64
	Currency   string
	Country    string
	Method     string
	// OrderID is the order retried, 0 for a new order: the code that order
	// holds itself is not taken.
	OrderID int64
}

// Discount is a code applied to a sale.
type Discount struct {
	CodeID     int64
	Code       string
	Percentage int
	ListAmount int64
	// Amount is what the member pays.
	Amount int64
}

// Discounted is a price less a percentage, rounded half up to the minor
// unit (19.95 less 10% is 17.955, paid as 17.96), and never below one
// minor unit.
func Discounted(list int64, percentage int) int64 {
	amount := (list*int64(100-percentage) + 50) / 100
	return max(amount, 1)
}

// member is what the per-member rules know of the member.
type member struct {
	signup time.Time
	paid   bool
}

// usable finds a tenant's code for a member: ErrNotFound for an unknown,
// inactive or not yet valid code and for someone else's personal code,
// ErrUsed when a paid order of the member used it or an order whose
// payment is under way holds it (or, for a first-purchase code, the member
// has bought already). A code an open order holds is usable: the next
// order takes it over.
func usable(ctx context.Context, q *db.Queries, tenantID, memberID int64, text string, orderID int64, now time.Time) (db.DiscountCode, member, error) {
	text = Normalize(text)
	if !codePattern.MatchString(text) {
		return db.DiscountCode{}, member{}, ErrNotFound
	}
	c, err := q.CodeByName(ctx, db.CodeByNameParams{TenantID: tenantID, Code: text})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.DiscountCode{}, member{}, ErrNotFound
	}
	if err != nil {
		return db.DiscountCode{}, member{}, fmt.Errorf("discount code %q: %w", text, err)
	}
	return check(ctx, q, c, tenantID, memberID, orderID, now)
}

// check is usable for a code that was found.
func check(ctx context.Context, q *db.Queries, c db.DiscountCode, tenantID, memberID, orderID int64, now time.Time) (db.DiscountCode, member, error) {
	if !c.Active || now.Before(c.ValidFrom) || (c.MemberID.Valid && c.MemberID.Int64 != memberID) {
		return db.DiscountCode{}, member{}, ErrNotFound
	}
	facts, err := q.MemberFacts(ctx, db.MemberFactsParams{MemberID: memberID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.DiscountCode{}, member{}, ErrNotFound
	}
	if err != nil {
		return db.DiscountCode{}, member{}, fmt.Errorf("member %d: %w", memberID, err)
	}
	m := member{signup: facts.SignupDate, paid: facts.PaidUser}
	if c.FirstPurchaseOnly && m.paid {
		return db.DiscountCode{}, member{}, ErrUsed
	}
	// A code an open order holds stays the member's: the next order with
	// it takes it over (Holder, TakeOver). Only a paid order spends it.
	r, err := q.RedemptionOfMember(ctx, db.RedemptionOfMemberParams{CodeID: c.ID, MemberID: memberID})
	if err == nil && (r.UsedAt.Valid || (r.OrderID != orderID && !r.Open)) {
		return db.DiscountCode{}, member{}, ErrUsed
	}
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return db.DiscountCode{}, member{}, fmt.Errorf("redemption of code %d: %w", c.ID, err)
	}
	return c, m, nil
}

// expires is when c ends for m: the earlier of its end and the member's
// own window; nil without either.
func expires(c db.DiscountCode, m member) *time.Time {
	var end *time.Time
	if c.ValidUntil.Valid {
		t := c.ValidUntil.Time
		end = &t
	}
	if c.SignupWindowSeconds.Valid {
		t := m.signup.Add(time.Duration(c.SignupWindowSeconds.Int32) * time.Second)
		if end == nil || t.Before(*end) {
			end = &t
		}
	}
	return end
}

func view(c db.DiscountCode, m member, now time.Time) View {
	v := View{Code: c.Code, ValuePercentage: int(c.Percentage), PaymentMethods: c.PaymentMethods, Status: StatusActive}
	if v.PaymentMethods == nil {
		v.PaymentMethods = []string{}
	}
	if c.MinimumOrderValue.Valid {
		v.MinimumOrderValue = &c.MinimumOrderValue.Int64
	}
	if c.Currency.Valid {
		v.Currency = &c.Currency.String
	}
	if c.Country.Valid {
		v.Country = &c.Country.String
	}
	if c.MemberID.Valid {
		v.UserID = &c.MemberID.Int64
	}
	if end := expires(c, m); end != nil {
		at := end.UTC().Truncate(time.Second)
		left := max(int64(end.Sub(now)/time.Second), 0)
		v.Expires, v.Validity = &at, &left
		if !now.Before(*end) {
			v.Expired, v.Status = true, StatusExpired
		}
	}
	return v
}

// Lookup answers a code for a member (GET discountcode.php?code=): its
// conditions, expired or not; ErrNotFound or ErrUsed when the member
// cannot use it at all.
func Lookup(ctx context.Context, conn db.DBTX, tenantID, memberID int64, text string, now time.Time) (View, error) {
	c, m, err := usable(ctx, db.New(conn), tenantID, memberID, text, 0, now)
	if err != nil {
		return View{}, err
	}
	return view(c, m, now), nil
}

// Welcome answers the member's personal welcome code (GET
// discountcode.php?welcome=true); ErrNotFound when there is none.
func Welcome(ctx context.Context, conn db.DBTX, tenantID, memberID int64, now time.Time) (View, error) {
	q := db.New(conn)
	c, err := q.WelcomeCodeOfMember(ctx, db.WelcomeCodeOfMemberParams{TenantID: tenantID, MemberID: pgtype.Int8{Int64: memberID, Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return View{}, ErrNotFound
	}
	if err != nil {
		return View{}, fmt.Errorf("welcome code of member %d: %w", memberID, err)
	}
	c, m, err := check(ctx, q, c, tenantID, memberID, 0, now)
	if err != nil {
		return View{}, err
	}
	return view(c, m, now), nil
}

// Apply checks a code against a member's sale and prices it: every
// condition of the code must hold. It reads only; the order's transaction
// takes the code with Hold, which decides among parallel orders.
func Apply(ctx context.Context, conn db.DBTX, tenantID, memberID int64, text string, sale Sale, now time.Time) (Discount, error) {
	c, m, err := usable(ctx, db.New(conn), tenantID, memberID, text, sale.OrderID, now)
	if err != nil {
		return Discount{}, err
	}
	if end := expires(c, m); end != nil && !now.Before(*end) {
		return Discount{}, ErrExpired
	}
	if c.Currency.Valid && c.Currency.String != sale.Currency {
		return Discount{}, ErrCurrency.With(map[string]any{"currency": c.Currency.String})
	}
	if c.MinimumOrderValue.Valid && sale.ListAmount < c.MinimumOrderValue.Int64 {
		return Discount{}, ErrMinimum.With(map[string]any{"minimum_order_value": c.MinimumOrderValue.Int64, "currency": c.Currency.String})
	}
	if c.Country.Valid && c.Country.String != sale.Country {
		return Discount{}, ErrCountry.With(map[string]any{"country": c.Country.String})
	}
	if len(c.PaymentMethods) > 0 && !slices.Contains(c.PaymentMethods, sale.Method) {
		return Discount{}, ErrMethod.With(map[string]any{"paymentmethods": c.PaymentMethods})
	}
	p := int(c.Percentage)
	return Discount{CodeID: c.ID, Code: c.Code, Percentage: p, ListAmount: sale.ListAmount, Amount: Discounted(sale.ListAmount, p)}, nil
}

// Hold lets an order take a code no order holds, inside the transaction
// that records the order: ErrUsed when another order of the member holds
// or has used it (billing then takes it over from an open order).
func Hold(ctx context.Context, tx pgx.Tx, codeID, memberID, orderID int64) error {
	_, err := db.New(tx).RedemptionHold(ctx, db.RedemptionHoldParams{CodeID: codeID, MemberID: memberID, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrUsed
	}
	if err != nil {
		return fmt.Errorf("hold code %d for order %d: %w", codeID, orderID, err)
	}
	return nil
}

// Holding is the order that holds a code for a member.
type Holding struct {
	OrderID int64
	// Used says the order was paid: the code is spent.
	Used bool
	// Open says the order waits with its newest payment open at the
	// provider: another order of the member may take the code over.
	Open bool
}

// ErrNotHeld means no order holds or has used the code for the member.
var ErrNotHeld = errors.New("discounts: no order holds the code")

// Holder answers the order that holds or used a code for a member, or
// ErrNotHeld. The caller locks that order and asks again before TakeOver,
// so the answer cannot change under it.
func Holder(ctx context.Context, tx pgx.Tx, codeID, memberID int64) (Holding, error) {
	r, err := db.New(tx).RedemptionOfMember(ctx, db.RedemptionOfMemberParams{CodeID: codeID, MemberID: memberID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Holding{}, ErrNotHeld
	}
	if err != nil {
		return Holding{}, fmt.Errorf("holder of code %d: %w", codeID, err)
	}
	return Holding{OrderID: r.OrderID, Used: r.UsedAt.Valid, Open: r.Open}, nil
}

// TakeOver moves a code the open order from holds to the order to, inside
// the transaction that records to and cancels from; false when from no
// longer holds it unused.
func TakeOver(ctx context.Context, tx pgx.Tx, codeID, memberID, from, to int64) (bool, error) {
	n, err := db.New(tx).RedemptionTakeOver(ctx, db.RedemptionTakeOverParams{CodeID: codeID, MemberID: memberID, FromOrder: from, ToOrder: to})
	if err != nil {
		return false, fmt.Errorf("take code %d over from order %d: %w", codeID, from, err)
	}
	return n == 1, nil
}

// Release gives back the code an order held, inside the transaction that
// fails, cancels or expires the order. A used code stays used.
func Release(ctx context.Context, tx pgx.Tx, orderID int64) error {
	if _, err := db.New(tx).RedemptionRelease(ctx, orderID); err != nil {
		return fmt.Errorf("release the code of order %d: %w", orderID, err)
	}
	return nil
}

// Use marks the code of a paid order used, inside the transaction that
// completes it. A payment that turned paid after its order had given the
// code back takes it anew; when another order of the member holds it by
// then, the member has had the discount twice: twice is true (the money
// paid is kept all the same, and the caller logs it).
func Use(ctx context.Context, tx pgx.Tx, codeID, memberID, orderID int64) (twice bool, err error) {
	q := db.New(tx)
	n, err := q.RedemptionUse(ctx, db.RedemptionUseParams{OrderID: orderID, CodeID: codeID})
	if err != nil {
		return false, fmt.Errorf("use the code of order %d: %w", orderID, err)
	}
	if n == 1 {
		return false, nil
	}
	n, err = q.RedemptionUseLate(ctx, db.RedemptionUseLateParams{CodeID: codeID, MemberID: memberID, OrderID: orderID})
	if err != nil {
		return false, fmt.Errorf("use the code of order %d: %w", orderID, err)
	}
	return n == 0, nil
}
