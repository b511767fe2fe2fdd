package discounts

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/discounts/internal/db"
	"rendezvous/engine/platform/refusal"
)

// Refusals of the console's code calls. A field that breaks a rule is
// named in the refusal's field parameter.
var (
	ErrCodeInvalid = refusal.New(refusal.Invalid, "code_invalid", "The field {field} is not valid: {problem}")
	ErrCodeTaken   = refusal.New(refusal.Conflict, "code_taken", "This brand has a code with this text already.").With(map[string]any{"field": "code"})
	ErrInactive    = refusal.New(refusal.Conflict, "code_inactive", "This code has been deactivated already.")
)

// maxCodes bounds the console's list of a tenant's codes.
const maxCodes = 500

// ConsoleCode is a code as the operators' console shows it: all of its
// conditions, who made it, and how many members hold it (an order
// waiting for its payment) or have used it (paid).
type ConsoleCode struct {
	ID                  int64      `json:"id"`
	Code                string     `json:"code"`
	Kind                string     `json:"kind"`
	Percentage          int        `json:"value_percentage"`
	MinimumOrderValue   *int64     `json:"minimum_order_value"`
	Currency            *string    `json:"currency"`
	Country             *string    `json:"country"`
	PaymentMethods      []string   `json:"paymentmethods"`
	ValidFrom           time.Time  `json:"valid_from"`
	ValidUntil          *time.Time `json:"valid_until"`
	SignupWindowSeconds *int32     `json:"signup_window_seconds"`
	FirstPurchaseOnly   bool       `json:"first_purchase_only"`
	MemberID            *int64     `json:"member_id"`
	Active              bool       `json:"active"`
	CreatedBy           string     `json:"created_by"`
	CreatedAt           time.Time  `json:"created_at"`
	DeactivatedAt       *time.Time `json:"deactivated_at"`
	Used                int64      `json:"used"`
	Held                int64      `json:"held"`
}

func consoleCode(c db.DiscountCode, used, held int64) ConsoleCode {
	out := ConsoleCode{ID: c.ID, Code: c.Code, Kind: c.Kind, Percentage: int(c.Percentage), PaymentMethods: c.PaymentMethods,
		ValidFrom: c.ValidFrom, FirstPurchaseOnly: c.FirstPurchaseOnly, Active: c.Active, CreatedBy: c.CreatedBy,
		CreatedAt: c.CreatedAt, Used: used, Held: held}
	if out.PaymentMethods == nil {
		out.PaymentMethods = []string{}
	}
	if c.MinimumOrderValue.Valid {
		out.MinimumOrderValue = &c.MinimumOrderValue.Int64
	}
	if c.Currency.Valid {
		out.Currency = &c.Currency.String
	}
	if c.Country.Valid {
		out.Country = &c.Country.String
	}
	if c.ValidUntil.Valid {
		out.ValidUntil = &c.ValidUntil.Time
	}
	if c.SignupWindowSeconds.Valid {
		out.SignupWindowSeconds = &c.SignupWindowSeconds.Int32
	}
	if c.MemberID.Valid {
		out.MemberID = &c.MemberID.Int64
	}
	if c.DeactivatedAt.Valid {
		out.DeactivatedAt = &c.DeactivatedAt.Time
	}
	return out
}

// List is a tenant's codes, newest first, with their redemption counts;
// the members' own welcome and retention codes (one per member) are not
// among them.
func List(ctx context.Context, conn db.DBTX, tenantID int64) ([]ConsoleCode, error) {
	rows, err := db.New(conn).CodesOfTenant(ctx, db.CodesOfTenantParams{TenantID: tenantID, MaxRows: maxCodes})
	if err != nil {
		return nil, fmt.Errorf("codes of tenant %d: %w", tenantID, err)
	}
	out := make([]ConsoleCode, len(rows))
	for i, r := range rows {
		c := db.DiscountCode{ID: r.ID, TenantID: r.TenantID, Code: r.Code, Kind: r.Kind, Percentage: r.Percentage,
			MinimumOrderValue: r.MinimumOrderValue, Currency: r.Currency, Country: r.Country, PaymentMethods: r.PaymentMethods,
			ValidFrom: r.ValidFrom, ValidUntil: r.ValidUntil, SignupWindowSeconds: r.SignupWindowSeconds,
			FirstPurchaseOnly: r.FirstPurchaseOnly, MemberID: r.MemberID, Active: r.Active, CreatedBy: r.CreatedBy,
			CreatedAt: r.CreatedAt, DeactivatedAt: r.DeactivatedAt}
		out[i] = consoleCode(c, r.Used, r.Held)
	}
	return out, nil
}

// NewCode is an operator's new code. Leaving a condition out (null, or an
// empty list of methods) leaves the code without it; valid_from defaults
// to now.
type NewCode struct {
	Code              string     `json:"code"`
	Percentage        int        `json:"value_percentage"`
	MinimumOrderValue *int64     `json:"minimum_order_value"`
	Currency          *string    `json:"currency"`
	Country           *string    `json:"country"`
	PaymentMethods    []string   `json:"paymentmethods"`
	ValidFrom         *time.Time `json:"valid_from"`
	ValidUntil        *time.Time `json:"valid_until"`
	MemberID          *int64     `json:"member_id"`
}

var (
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	countryPattern  = regexp.MustCompile(`^[A-Z]{2}$`)
)

func invalid(field, problem string) error {
	return ErrCodeInvalid.With(map[string]any{"field": field, "problem": problem})
}

// validate checks a new code; methods are the payment methods that exist
// (billing.Methods).
func (n *NewCode) validate(methods []string, now time.Time) error {
	n.Code = Normalize(n.Code)
	if !codePattern.MatchString(n.Code) {
		return invalid("code", "3 to 32 letters, digits, - or _, starting with a letter or digit")
	}
	if n.Percentage < 1 || n.Percentage > 99 {
		return invalid("value_percentage", "a whole percentage from 1 to 99")
	}
	if n.Currency != nil && *n.Currency == "" {
		n.Currency = nil
	}
	if n.Country != nil && *n.Country == "" {
		n.Country = nil
	}
	if n.Currency != nil && !currencyPattern.MatchString(*n.Currency) {
		return invalid("currency", "three capital letters (ISO 4217), such as EUR")
	}
	if n.MinimumOrderValue != nil {
		if *n.MinimumOrderValue < 1 {
			return invalid("minimum_order_value", "a positive amount in minor units (cents)")
		}
		if n.Currency == nil {
			return invalid("currency", "a minimum order value needs its currency")
		}
	}
	if n.Country != nil && !countryPattern.MatchString(*n.Country) {
		return invalid("country", "two capital letters (ISO 3166), such as NL")
	}
	for i, m := range n.PaymentMethods {
		if !slices.Contains(methods, m) {
			return invalid("paymentmethods", fmt.Sprintf("%q is not a payment method", m))
		}
		if slices.Index(n.PaymentMethods, m) != i {
			return invalid("paymentmethods", fmt.Sprintf("%q is listed twice", m))
		}
	}
	if n.ValidFrom == nil {
		n.ValidFrom = &now
	}
	if n.ValidUntil != nil {
		if !n.ValidUntil.After(*n.ValidFrom) {
			return invalid("valid_until", "must be after valid_from")
		}
		if !n.ValidUntil.After(now) {
			return invalid("valid_until", "must be in the future")
		}
	}
	if n.MemberID != nil && *n.MemberID < 1 {
		return invalid("member_id", "a member's id")
	}
	return nil
}

// Create makes a tenant's code inside tx (the console audits it in the
// same transaction). methods are the payment methods that exist; by is
// who made it.
func Create(ctx context.Context, tx pgx.Tx, tenantID int64, n NewCode, methods []string, by string, now time.Time) (ConsoleCode, error) {
	if err := n.validate(methods, now); err != nil {
		return ConsoleCode{}, err
	}
	q := db.New(tx)
	p := db.CodeInsertParams{TenantID: tenantID, Code: n.Code, Kind: KindCode, Percentage: int32(n.Percentage),
		PaymentMethods: n.PaymentMethods, ValidFrom: *n.ValidFrom, CreatedBy: by}
	if p.PaymentMethods == nil {
		p.PaymentMethods = []string{}
	}
	if n.MinimumOrderValue != nil {
		p.MinimumOrderValue = pgtype.Int8{Int64: *n.MinimumOrderValue, Valid: true}
	}
	if n.Currency != nil {
		p.Currency = pgtype.Text{String: *n.Currency, Valid: true}
	}
	if n.Country != nil {
		p.Country = pgtype.Text{String: *n.Country, Valid: true}
	}
	if n.ValidUntil != nil {
		p.ValidUntil = pgtype.Timestamptz{Time: *n.ValidUntil, Valid: true}
	}
	if n.MemberID != nil {
		if _, err := q.MemberOfTenant(ctx, db.MemberOfTenantParams{MemberID: *n.MemberID, TenantID: tenantID}); errors.Is(err, pgx.ErrNoRows) {
			return ConsoleCode{}, invalid("member_id", "no member of this brand has this id")
		} else if err != nil {
			return ConsoleCode{}, fmt.Errorf("member %d: %w", *n.MemberID, err)
		}
		p.MemberID = pgtype.Int8{Int64: *n.MemberID, Valid: true}
	}
	c, err := q.CodeInsert(ctx, p)
	if errors.Is(err, pgx.ErrNoRows) {
		return ConsoleCode{}, ErrCodeTaken
	}
	if err != nil {
		return ConsoleCode{}, fmt.Errorf("insert code %s of tenant %d: %w", n.Code, tenantID, err)
	}
	return consoleCode(c, 0, 0), nil
}

// Deactivate ends a tenant's code inside tx: members can no longer apply
// it; orders that hold it already keep their price. It answers the code
// before and after.
func Deactivate(ctx context.Context, tx pgx.Tx, tenantID, id int64) (before, after ConsoleCode, err error) {
	q := db.New(tx)
	c, err := q.CodeByID(ctx, db.CodeByIDParams{TenantID: tenantID, ID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return ConsoleCode{}, ConsoleCode{}, ErrNotFound
	}
	if err != nil {
		return ConsoleCode{}, ConsoleCode{}, fmt.Errorf("code %d: %w", id, err)
	}
	if !c.Active {
		return ConsoleCode{}, ConsoleCode{}, ErrInactive
	}
	d, err := q.CodeDeactivate(ctx, db.CodeDeactivateParams{TenantID: tenantID, ID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return ConsoleCode{}, ConsoleCode{}, ErrInactive
	}
	if err != nil {
		return ConsoleCode{}, ConsoleCode{}, fmt.Errorf("deactivate code %d: %w", id, err)
	}
	return consoleCode(c, 0, 0), consoleCode(d, 0, 0), nil
}
