package billing

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/billing/sepa"
	"rendezvous/engine/notify"
	"rendezvous/engine/notify/sms"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Direct debit (POST /api/directdebit.php): the member picks a package,
// gives the account (IBAN and holder) and a mobile number; the engine
// texts a 6-digit code; the member types it; then the order is placed as a
// SEPA direct debit at the provider, with no checkout, and its payment
// settles like any other (webhook, the member's return, reconciliation).

// MethodDirectDebit is direct debit's name among the payment methods.
const MethodDirectDebit = "sdd"

// The code's rules: CodeTTL to type it, CodeAttempts wrong tries before it
// dies, CodeResendGap between two codes, CodesPerDay codes per member a
// day.
const (
	CodeTTL       = 10 * time.Minute
	CodeAttempts  = 5
	CodeResendGap = time.Minute
	CodesPerDay   = 5
	codeDigits    = 6
	// flowKeep is how long an unfinished confirmation (with its account
	// number) is kept after its code died.
	flowKeep = 24 * time.Hour
)

// Refusals of direct debit (SPEC.md sections 5 and 8, API.md).
var (
	ErrCodeInvalid      = refusal.New(refusal.Invalid, "code_invalid", "Code invalid")
	ErrDirectDebitBlock = refusal.New(refusal.Forbidden, "dd_blocked", "Your account is blocked for direct debit payments.")
	ErrDirectDebitLimit = refusal.New(refusal.TooMany, "dd_limit",
		"Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.")
	errCodeExpired   = refusal.New(refusal.Gone, "sms_code_expired", "This code is no longer valid. Request a new code.")
	errCodeWait      = refusal.New(refusal.TooMany, "sms_code_wait", "Please wait {seconds} seconds before requesting a new code.")
	errCodeLimit     = refusal.New(refusal.TooMany, "sms_code_limit", "Too many codes requested today, please try again tomorrow.")
	errIBANInvalid   = refusal.New(refusal.Invalid, "iban_invalid", "This IBAN is not valid.")
	errIBANNotSEPA   = refusal.New(refusal.Invalid, "iban_not_sepa", "Direct debit needs a bank account in the SEPA area.")
	errHolderInvalid = refusal.New(refusal.Invalid, "holder_invalid", "Enter the name of the account holder.")
	errPhoneInvalid  = refusal.New(refusal.Invalid, "phone_invalid", "Enter a valid mobile phone number.")
	errSMSOff        = refusal.New(refusal.Unavailable, "sms_unavailable", "Text messages cannot be sent right now, please try again later.")
)

// DirectDebitRequest asks a provider to collect a payment by SEPA direct
// debit from the account a member gave and confirmed with an SMS code:
// the provider makes the mandate (Mollie: a customer, a directdebit
// mandate with the consumer's name and IBAN, then a recurring payment on
// it) and the payment, which has no checkout.
type DirectDebitRequest struct {
	PaymentRequest
	// ConsumerName is the account holder, ConsumerAccount the IBAN.
	ConsumerName    string
	ConsumerAccount string
	// SignatureDate is the day the member confirmed with the code.
	SignatureDate time.Time
	// MandateReference is the engine's reference of the mandate (unique,
	// as banks want).
	MandateReference string
}

// DirectDebiter is a provider that collects SEPA direct debits.
type DirectDebiter interface {
	CreateDirectDebit(ctx context.Context, req DirectDebitRequest) (Payment, error)
}

// EnableSMS lets direct debit text its codes: texts are the catalogues the
// SMS is written from. Without it (no SMS gateway configured) direct debit
// answers sms_unavailable.
func (s *Service) EnableSMS(texts *notify.Templates) { s.texts = texts }

// DirectDebitStart is the first step of POST directdebit.php: the
// package, the account and the phone.
type DirectDebitStart struct {
	PackageID string `json:"package_id"`
	Country   string `json:"country"`
	IBAN      string `json:"iban"`
	Holder    string `json:"holder"`
	Phone     string `json:"phone"`
	// DiscountCode is the member's active discount code, applied on the
	// server like for orders.php (method sdd); empty: the list price.
	DiscountCode string `json:"discount_code"`
}

// CodeSent answers a start: where the code went and until when it works;
// the account and the phone masked.
type CodeSent struct {
	Status    string `json:"status"`
	IBAN      string `json:"iban"`
	Phone     string `json:"phone"`
	PackageID string `json:"package_id"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	// ListAmount and DiscountCode are the price before the discount and
	// the code, null without one (Amount is what is collected).
	ListAmount   *int64    `json:"list_amount"`
	DiscountCode *string   `json:"discount_code"`
	ExpiresAt    time.Time `json:"expires_at"`
	ResendAt     time.Time `json:"resend_at"`
	AttemptsLeft int       `json:"attempts_left"`
}

// ddOffer is what a direct debit of a package in a country is.
type ddOffer struct {
	set     Settings
	country string
	pkg     Package
	// amount is what is collected: the list price, less the discount.
	amount   Money
	list     int64
	discount *discounts.Discount
}

// withDiscount applies the discount code text (if any) to the offer, on
// the server, with every condition of the code (discounts.Apply).
func (s *Service) withDiscount(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, memberID int64, offer ddOffer, text string) (ddOffer, error) {
	offer.list = offer.amount.Minor
	if strings.TrimSpace(text) == "" {
		return offer, nil
	}
	d, err := discounts.Apply(ctx, conn, t.ID, memberID, text, discounts.Sale{ListAmount: offer.list,
		Currency: offer.amount.Currency, Country: offer.country, Method: MethodDirectDebit}, s.Now())
	if err != nil {
		return ddOffer{}, err
	}
	offer.discount, offer.amount.Minor = &d, d.Amount
	return offer, nil
}

// directDebitOffer checks that the country offers direct debit and the
// package exists, and prices it.
func directDebitOffer(t *tenancy.Tenant, packageID, asked, located string) (ddOffer, error) {
	set, err := SettingsOf(t)
	if err != nil {
		return ddOffer{}, err
	}
	country, err := paymentCountry(set, asked, located)
	if err != nil {
		return ddOffer{}, err
	}
	pkg, ok := set.Package(packageID)
	if !ok {
		return ddOffer{}, errPackageInvalid
	}
	c := set.Countries[country]
	// SEPA collects euros only.
	if !slices.Contains(c.Methods, MethodDirectDebit) || c.Currency != "EUR" {
		return ddOffer{}, errMethodInvalid
	}
	return ddOffer{set: set, country: country, pkg: pkg, amount: Money{Minor: pkg.Prices[c.Currency], Currency: c.Currency}}, nil
}

// checkHolder reads an account holder's name: 2 to 70 characters, letters
// among them, no control characters.
func checkHolder(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	n := utf8.RuneCountInString(s)
	if n < 2 || n > 70 || !utf8.ValidString(s) {
		return "", errHolderInvalid
	}
	letters := 0
	for _, r := range s {
		if unicode.IsControl(r) {
			return "", errHolderInvalid
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters == 0 {
		return "", errHolderInvalid
	}
	return s, nil
}

// StartDirectDebit checks the request, the member's block and limits, and
// texts a new code in the member's language (lang): the confirmation is
// stored and the SMS queued in one transaction. A new start replaces the
// member's earlier confirmation; codes are spaced by CodeResendGap and at
// most CodesPerDay a day.
func (s *Service) StartDirectDebit(ctx context.Context, t *tenancy.Tenant, memberID int64, located, lang string, req DirectDebitStart) (CodeSent, error) {
	if s.texts == nil || s.jobs == nil {
		return CodeSent{}, errSMSOff
	}
	offer, err := directDebitOffer(t, req.PackageID, req.Country, located)
	if err != nil {
		return CodeSent{}, err
	}
	iban, err := sepa.ParseIBAN(req.IBAN)
	if err != nil {
		return CodeSent{}, errIBANInvalid
	}
	if err := sepa.CheckSEPA(iban); err != nil {
		return CodeSent{}, errIBANNotSEPA
	}
	holder, err := checkHolder(req.Holder)
	if err != nil {
		return CodeSent{}, err
	}
	phone, err := sms.ParsePhone(req.Phone, offer.country)
	if err != nil {
		return CodeSent{}, errPhoneInvalid
	}
	if offer, err = s.withDiscount(ctx, s.pool, t, memberID, offer, req.DiscountCode); err != nil {
		return CodeSent{}, err
	}
	var discountCode pgtype.Text
	if offer.discount != nil {
		discountCode = pgtype.Text{String: offer.discount.Code, Valid: true}
	}
	code, hash, err := newCode()
	if err != nil {
		return CodeSent{}, err
	}
	text, err := s.texts.Phrase(t.Slug, lang, "sms.direct_debit_code", map[string]any{
		"Code": code, "Site": siteName(t), "Amount": locale.Amount{Minor: offer.amount.Minor, Currency: offer.amount.Currency},
		"Minutes": int(CodeTTL / time.Minute),
	})
	if err != nil {
		return CodeSent{}, fmt.Errorf("direct debit code text: %w", err)
	}
	now := time.Now()
	var out CodeSent
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.DirectDebitFlowPrune(ctx, now.Add(-flowKeep)); err != nil {
			return fmt.Errorf("prune direct debit confirmations: %w", err)
		}
		sent, window := int32(1), now
		f, err := q.DirectDebitFlowLock(ctx, db.DirectDebitFlowLockParams{MemberID: memberID, TenantID: t.ID})
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return fmt.Errorf("direct debit confirmation of member %d: %w", memberID, err)
		default:
			if wait := f.SentAt.Add(CodeResendGap).Sub(now); wait > 0 {
				return errCodeWait.With(map[string]any{"seconds": int(wait.Seconds()) + 1})
			}
			if now.Sub(f.WindowStart) < 24*time.Hour {
				if f.CodesSent >= CodesPerDay {
					return errCodeLimit
				}
				sent, window = f.CodesSent+1, f.WindowStart
			}
		}
		if err := s.mayDirectDebit(ctx, q, t, memberID, offer); err != nil {
			return err
		}
		err = q.DirectDebitFlowUpsert(ctx, db.DirectDebitFlowUpsertParams{MemberID: memberID, TenantID: t.ID,
			PackageID: offer.pkg.ID, Country: offer.country, Iban: string(iban), Holder: holder, Phone: phone.E164,
			CodeHash: hash, ExpiresAt: now.Add(CodeTTL), SentAt: now, CodesSent: sent, WindowStart: window, DiscountCode: discountCode})
		if err != nil {
			return fmt.Errorf("store direct debit confirmation of member %d: %w", memberID, err)
		}
		if err := sms.QueueTx(ctx, tx, s.jobs, sms.Message{TenantID: t.ID, To: phone.E164, Text: text}); err != nil {
			return fmt.Errorf("queue direct debit code: %w", err)
		}
		out = CodeSent{Status: "code_sent", IBAN: iban.Masked(), Phone: phone.Masked(), PackageID: offer.pkg.ID,
			Amount: offer.amount.Minor, Currency: offer.amount.Currency, ExpiresAt: now.Add(CodeTTL),
			ResendAt: now.Add(CodeResendGap), AttemptsLeft: CodeAttempts}
		if offer.discount != nil {
			out.ListAmount, out.DiscountCode = &offer.list, &offer.discount.Code
		}
		return nil
	})
	if err != nil {
		return CodeSent{}, err
	}
	return out, nil
}

// siteName is the brand's name in texts.
func siteName(t *tenancy.Tenant) string {
	if t.Settings.MailName != "" {
		return t.Settings.MailName
	}
	return t.Name
}

// mayDirectDebit refuses a blocked member (dd_blocked) and one whose
// direct debit orders of the period, with this one, go over the tenant's
// limits (dd_limit).
func (s *Service) mayDirectDebit(ctx context.Context, q *db.Queries, t *tenancy.Tenant, memberID int64, offer ddOffer) error {
	blocked, err := q.DirectDebitBlocked(ctx, db.DirectDebitBlockedParams{MemberID: memberID, TenantID: t.ID})
	if err != nil {
		return fmt.Errorf("direct debit block of member %d: %w", memberID, err)
	}
	if blocked {
		return ErrDirectDebitBlock
	}
	lim := offer.set.DirectDebit.withDefaults()
	since := time.Now().Add(-time.Duration(lim.PeriodDays) * 24 * time.Hour)
	used, err := q.DirectDebitUsage(ctx, db.DirectDebitUsageParams{MemberID: memberID, TenantID: t.ID, Since: since, Currency: offer.amount.Currency})
	if err != nil {
		return fmt.Errorf("direct debit usage of member %d: %w", memberID, err)
	}
	if used.Orders+1 > int64(lim.MaxOrders) || used.Amount+offer.amount.Minor > lim.MaxAmount {
		return ErrDirectDebitLimit
	}
	return nil
}

// ConfirmDirectDebit is the second step of POST directdebit.php: the code.
// A wrong code counts an attempt (kept, whatever happens next) and answers
// code_invalid; a code past its time or its attempts answers code_expired.
// The right one places the order as a direct debit at the provider, in
// the transaction that holds the member's confirmation, so neither a
// second confirmation nor a new start can pass the limits meanwhile; the
// confirmation is used up with the order. base is the tenant's address
// (return page and webhook).
func (s *Service) ConfirmDirectDebit(ctx context.Context, t *tenancy.Tenant, memberID int64, base, located, locale, code string) (Checkout, error) {
	code = strings.TrimSpace(code)
	if len(code) != codeDigits || strings.Trim(code, "0123456789") != "" {
		return Checkout{}, ErrCodeInvalid
	}
	var (
		out                    Checkout
		wrong                  bool
		left                   int32
		provider, providerPaID string
	)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		f, err := q.DirectDebitFlowLock(ctx, db.DirectDebitFlowLockParams{MemberID: memberID, TenantID: t.ID})
		if errors.Is(err, pgx.ErrNoRows) {
			return errCodeExpired
		}
		if err != nil {
			return fmt.Errorf("direct debit confirmation of member %d: %w", memberID, err)
		}
		if !time.Now().Before(f.ExpiresAt) || f.Attempts >= CodeAttempts {
			return errCodeExpired
		}
		if !codeMatches(f.CodeHash, code) {
			n, err := q.DirectDebitFlowAttempt(ctx, memberID)
			if err != nil {
				return fmt.Errorf("count a wrong code of member %d: %w", memberID, err)
			}
			wrong, left = true, max(CodeAttempts-n, 0)
			return nil
		}
		offer, err := directDebitOffer(t, f.PackageID, f.Country, located)
		if err != nil {
			return err
		}
		// The code is applied again: it may have expired or been used since.
		if offer, err = s.withDiscount(ctx, tx, t, memberID, offer, f.DiscountCode.String); err != nil {
			return err
		}
		if err := s.mayDirectDebit(ctx, q, t, memberID, offer); err != nil {
			return err
		}
		pay, err := s.createDirectDebit(ctx, t, offer, base, locale, f)
		if err != nil {
			return err
		}
		provider, providerPaID = pay.provider, pay.ID
		params := db.OrderInsertParams{TenantID: t.ID, MemberID: memberID, PackageID: offer.pkg.ID,
			Credits: offer.pkg.Credits, Amount: offer.amount.Minor, Currency: offer.amount.Currency, Country: offer.country}
		if d := offer.discount; d != nil {
			params.DiscountCodeID = pgtype.Int8{Int64: d.CodeID, Valid: true}
			params.DiscountCode = pgtype.Text{String: d.Code, Valid: true}
			params.DiscountPercentage = pgtype.Int4{Int32: int32(d.Percentage), Valid: true}
			params.ListAmount = pgtype.Int8{Int64: d.ListAmount, Valid: true}
		}
		id, err := q.OrderInsert(ctx, params)
		if err != nil {
			return fmt.Errorf("insert direct debit order of member %d: %w", memberID, err)
		}
		// The order holds its code from now on, once per member (a failed
		// payment gives it back, a paid one uses it).
		if d := offer.discount; d != nil {
			if err := discounts.Hold(ctx, tx, d.CodeID, memberID, id); err != nil {
				return err
			}
		}
		// The payment is recorded unsettled whatever the provider said; the
		// provider's word, asked below, settles it the one way payments
		// settle (settle: credits booked once).
		if pay.Status.Settled() {
			pay.Status = StatusPending
		}
		if err := pay.insert(ctx, q, id, MethodDirectDebit); err != nil {
			return err
		}
		if err := q.DirectDebitFlowDelete(ctx, memberID); err != nil {
			return fmt.Errorf("use up direct debit confirmation of member %d: %w", memberID, err)
		}
		out = Checkout{OrderID: id, PaymentID: pay.publicID, RedirectURL: pay.CheckoutURL}
		return nil
	})
	if err != nil {
		return Checkout{}, err
	}
	if wrong {
		return Checkout{}, ErrCodeInvalid.With(map[string]any{"attempts_left": left})
	}
	// Ask the provider at once: a direct debit the provider settled
	// already (the sandbox's) completes now; otherwise its webhook will.
	if err := s.Webhook(ctx, t, provider, providerPaID); err != nil {
		s.log.Warn("ask the provider after a direct debit", "tenant", t.Slug, "order", out.OrderID, "err", err)
	}
	return out, nil
}

// createDirectDebit opens the direct debit at the tenant's provider; a
// provider that cannot is payments_unavailable to the member, with the
// cause in the log. Its return page is the order's result screen.
func (s *Service) createDirectDebit(ctx context.Context, t *tenancy.Tenant, offer ddOffer, base, locale string, f db.DirectDebitFlow) (openedPayment, error) {
	prov, err := s.provider(offer.set.Provider, offer.set)
	if err != nil {
		s.log.Warn("payment provider", "tenant", t.Slug, "err", err)
		return openedPayment{}, errUnavailable
	}
	dd, ok := prov.(DirectDebiter)
	if !ok {
		s.log.Warn("the provider takes no direct debit", "tenant", t.Slug, "provider", prov.Name())
		return openedPayment{}, errUnavailable
	}
	publicID, err := newPublicID()
	if err != nil {
		return openedPayment{}, err
	}
	back := base + "/credits/" + offer.pkg.ID + "/" + MethodDirectDebit + "?payment_id=" + publicID
	p, err := dd.CreateDirectDebit(ctx, DirectDebitRequest{
		PaymentRequest: PaymentRequest{
			TenantID: t.ID, Amount: offer.amount, Method: MethodDirectDebit,
			Description: fmt.Sprintf("%s: %d credits (%s)", t.Name, offer.pkg.Credits, offer.pkg.ID),
			RedirectURL: back, WebhookURL: base + "/hooks/payments/" + prov.Name(), Locale: locale, Reference: publicID,
		},
		ConsumerName: f.Holder, ConsumerAccount: f.Iban, SignatureDate: time.Now(),
		MandateReference: strings.ToUpper(strings.TrimPrefix(publicID, "pay_")),
	})
	if err != nil {
		s.log.Warn("create direct debit", "tenant", t.Slug, "provider", prov.Name(), "err", err)
		return openedPayment{}, errUnavailable
	}
	// No checkout: the member goes to the result screen.
	p.CheckoutURL = back
	return openedPayment{Payment: p, provider: prov.Name(), publicID: publicID}, nil
}

// newCode is a random 6-digit code and its salted hash (16 bytes of salt,
// then sha256 of salt and code).
func newCode() (string, []byte, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", nil, fmt.Errorf("direct debit code: %w", err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", nil, fmt.Errorf("direct debit code salt: %w", err)
	}
	return code, hashCode(salt, code), nil
}

func hashCode(salt []byte, code string) []byte {
	h := sha256.Sum256(append(bytes.Clone(salt), code...))
	return append(bytes.Clone(salt), h[:]...)
}

// codeMatches compares code with a stored hash in constant time.
func codeMatches(stored []byte, code string) bool {
	if len(stored) != 16+sha256.Size {
		return false
	}
	return subtle.ConstantTimeCompare(hashCode(stored[:16], code), stored) == 1
}

// BlockDirectDebit blocks (or with blocked false, unblocks) a member from
// direct debit; operators do it (rendezvous billing dd-block). It answers
// whether a member was found (blocking) or unblocked.
func BlockDirectDebit(ctx context.Context, q db.DBTX, memberID int64, blocked bool, reason string) (bool, error) {
	var (
		n   int64
		err error
	)
	if blocked {
		n, err = db.New(q).DirectDebitBlock(ctx, db.DirectDebitBlockParams{MemberID: memberID, Reason: reason})
	} else {
		n, err = db.New(q).DirectDebitUnblock(ctx, memberID)
	}
	if err != nil {
		return false, fmt.Errorf("direct debit block of member %d: %w", memberID, err)
	}
	return n > 0, nil
}

// PurgeMember erases a purged member's direct debit confirmation (with
// its account number) and block, in the purge's transaction.
func PurgeMember(ctx context.Context, tx pgx.Tx, memberID int64) error {
	if err := db.New(tx).DirectDebitPurgeMember(ctx, memberID); err != nil {
		return fmt.Errorf("purge direct debit of member %d: %w", memberID, err)
	}
	return nil
}
