package billing

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"math"
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
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/limits"
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

// Refusals of direct debit, with the texts the member reads.
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
	// errDirectDebitOpening: the member's confirmed direct debit is being
	// placed at the provider; its confirmation stays until it is recorded.
	errDirectDebitOpening = refusal.New(refusal.Conflict, "dd_pending", "Your direct debit is being placed. Please try again in a few minutes.")
	// errAddressUnconfirmed: a code is texted only to a member who
	// confirmed their e-mail address, so a script cannot sign up throw-away
	// accounts to text numbers at the operator's cost.
	errAddressUnconfirmed = refusal.New(refusal.Forbidden, "email_unconfirmed",
		"Confirm your e-mail address before paying by direct debit.")
	// errSMSClientLimit and errSMSNumberLimit refuse a start over the
	// codes texted per client address or per number (limits.SMSClient,
	// limits.SMSNumber), with retry_after in seconds.
	errSMSClientLimit = refusal.New(refusal.TooMany, "sms_client_limit",
		"Too many codes were requested from this connection. Please try again in {retry_after} seconds.")
	errSMSNumberLimit = refusal.New(refusal.TooMany, "sms_number_limit",
		"Too many codes were sent to this number. Please try again in {retry_after} seconds.")
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
	// WaiveWithdrawal: as for orders.php (withdrawalWaiver); the order
	// the code confirms records it.
	WaiveWithdrawal bool `json:"waive_withdrawal"`
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
// stored and the SMS queued in one transaction. Only a member with a
// confirmed e-mail address may start, with a mobile number of the payment
// country; a start that passes its checks counts against the limits of
// texts per client address (client, limits.ByClient's subject; "" counts
// none) and per number. A new start replaces the member's earlier
// confirmation; codes are spaced by CodeResendGap and at most CodesPerDay a
// day.
func (s *Service) StartDirectDebit(ctx context.Context, t *tenancy.Tenant, memberID int64, client, located, lang string, req DirectDebitStart) (CodeSent, error) {
	if s.texts == nil || s.jobs == nil {
		return CodeSent{}, errSMSOff
	}
	confirmed, err := db.New(s.pool).DirectDebitAddressConfirmed(ctx, db.DirectDebitAddressConfirmedParams{MemberID: memberID, TenantID: t.ID})
	if err != nil {
		return CodeSent{}, fmt.Errorf("address of member %d: %w", memberID, err)
	}
	if !confirmed {
		return CodeSent{}, errAddressUnconfirmed
	}
	offer, err := directDebitOffer(t, req.PackageID, req.Country, located)
	if err != nil {
		return CodeSent{}, err
	}
	if _, err := withdrawalWaiver(t, req.WaiveWithdrawal, s.Now()); err != nil {
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
	if err := s.countText(ctx, t, client, phone); err != nil {
		return CodeSent{}, err
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
			if f.OrderID.Valid {
				return errDirectDebitOpening
			}
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

// countText counts a start that texts a code against the limits per
// client address and per number; a start over either is refused (and
// counted all the same, so hammering does not reopen the window).
func (s *Service) countText(ctx context.Context, t *tenancy.Tenant, client string, phone sms.Phone) error {
	if s.Limits == nil {
		return nil
	}
	hits := []struct {
		rule, subject string
		over          *refusal.Error
	}{
		{limits.SMSClient, client, errSMSClientLimit},
		{limits.SMSNumber, limits.PhoneSubject(phone.E164), errSMSNumberLimit},
	}
	for _, h := range hits {
		if h.subject == "" {
			continue
		}
		d, err := s.Limits.Hit(ctx, t.ID, h.rule, h.subject)
		if err != nil {
			return fmt.Errorf("count a direct debit text: %w", err)
		}
		if !d.Allowed {
			return h.over.With(map[string]any{"retry_after": max(int(math.Ceil(d.RetryAfter.Seconds())), 1)})
		}
	}
	return nil
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
// The right one places the order in a short transaction that holds the
// member's confirmation, so neither a second confirmation nor a new start
// can pass the limits meanwhile: the order claims its payment and the
// confirmation is kept with it (openDirectDebit asks the provider with no
// connection held, then records the payment and uses the confirmation
// up). The right code for an order claimed already (a retried request)
// asks the provider again for the same payment. base is the tenant's
// address (return page and webhook).
func (s *Service) ConfirmDirectDebit(ctx context.Context, t *tenancy.Tenant, memberID int64, base, located, locale, code string) (Checkout, error) {
	code = strings.TrimSpace(code)
	if len(code) != codeDigits || strings.Trim(code, "0123456789") != "" {
		return Checkout{}, ErrCodeInvalid
	}
	var (
		orderID int64
		wrong   bool
		left    int32
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
		if f.Attempts >= CodeAttempts || (!f.OrderID.Valid && !time.Now().Before(f.ExpiresAt)) {
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
		if f.OrderID.Valid {
			orderID = f.OrderID.Int64
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
		publicID, err := newPublicID()
		if err != nil {
			return err
		}
		params := db.OrderInsertParams{TenantID: t.ID, MemberID: memberID, PackageID: offer.pkg.ID,
			Credits: offer.pkg.Credits, Amount: offer.amount.Minor, Currency: offer.amount.Currency, Country: offer.country,
			OpeningID: pgtype.Text{String: publicID, Valid: true}, OpeningBase: pgtype.Text{String: base, Valid: true}}
		if t.EURules() {
			// The start that sent the code carried the waiver
			// (StartDirectDebit refuses one without it).
			params.WithdrawalWaivedAt = pgtype.Timestamptz{Time: s.Now(), Valid: true}
		}
		if d := offer.discount; d != nil {
			params.DiscountCodeID = pgtype.Int8{Int64: d.CodeID, Valid: true}
			params.DiscountCode = pgtype.Text{String: d.Code, Valid: true}
			params.DiscountPercentage = pgtype.Int4{Int32: int32(d.Percentage), Valid: true}
			params.ListAmount = pgtype.Int8{Int64: d.ListAmount, Valid: true}
		}
		if orderID, err = q.OrderInsert(ctx, params); err != nil {
			return fmt.Errorf("insert direct debit order of member %d: %w", memberID, err)
		}
		// The order holds its code from now on, once per member (a failed
		// payment gives it back, a paid one uses it).
		if d := offer.discount; d != nil {
			if err := s.holdCode(ctx, tx, d.CodeID, memberID, orderID); err != nil {
				return err
			}
		}
		if err := q.DirectDebitFlowClaim(ctx, db.DirectDebitFlowClaimParams{MemberID: memberID, OrderID: pgtype.Int8{Int64: orderID, Valid: true}}); err != nil {
			return fmt.Errorf("claim direct debit confirmation of member %d: %w", memberID, err)
		}
		return nil
	})
	if err != nil {
		return Checkout{}, err
	}
	if wrong {
		return Checkout{}, ErrCodeInvalid.With(map[string]any{"attempts_left": left})
	}
	o, err := db.New(s.pool).OrderOfMember(ctx, db.OrderOfMemberParams{ID: orderID, MemberID: memberID, TenantID: t.ID})
	if err != nil {
		return Checkout{}, fmt.Errorf("direct debit order %d: %w", orderID, err)
	}
	if err := s.openDirectDebit(ctx, t, o, locale); err != nil {
		return Checkout{}, err
	}
	p, err := db.New(s.pool).DirectDebitPaymentOfOrder(ctx, orderID)
	if err != nil {
		return Checkout{}, fmt.Errorf("payment of direct debit order %d: %w", orderID, err)
	}
	// Ask the provider at once: a direct debit the provider settled
	// already (the sandbox's) completes now; otherwise its webhook will.
	if err := s.Webhook(ctx, t, p.Provider, p.ProviderPaymentID); err != nil {
		s.log.Warn("ask the provider after a direct debit", "tenant", t.Slug, "order", orderID, "err", err)
	}
	return Checkout{OrderID: orderID, PaymentID: p.PublicID, RedirectURL: p.CheckoutUrl}, nil
}

// openDirectDebit asks the provider for the direct debit an order claimed,
// from the account of the confirmation kept with it, holding no database
// connection meanwhile, then records it (recordOpened), which uses the
// confirmation up. The provider is asked with the order's claimed payment
// id as its idempotency key, so asking again answers the same payment. A
// refusal charged nothing: the order goes and the confirmation may place
// another; any other failure leaves the claim for a retried confirmation
// or reconciliation.
func (s *Service) openDirectDebit(ctx context.Context, t *tenancy.Tenant, o db.Order, locale string) error {
	if !o.OpeningID.Valid {
		return nil
	}
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	f, err := db.New(s.pool).DirectDebitFlowOfOrder(ctx, pgtype.Int8{Int64: o.ID, Valid: true})
	if err != nil {
		return fmt.Errorf("confirmation of direct debit order %d: %w", o.ID, err)
	}
	pay, err := s.createDirectDebit(ctx, t, set, o, locale, f)
	if errors.Is(err, ErrProviderRefused) {
		return errors.Join(s.dropOpening(ctx, o.ID), errUnavailable)
	}
	if err != nil {
		return errUnavailable
	}
	return s.recordOpened(ctx, o.ID, pay, MethodDirectDebit)
}

// createDirectDebit opens the direct debit an order claimed at the tenant's
// provider; the cause of a failure is logged. Its return page is the
// order's result screen.
func (s *Service) createDirectDebit(ctx context.Context, t *tenancy.Tenant, set Settings, o db.Order, locale string, f db.DirectDebitFlow) (openedPayment, error) {
	prov, err := s.provider(set.Provider, set)
	if err != nil {
		s.log.Warn("payment provider", "tenant", t.Slug, "err", err)
		return openedPayment{}, err
	}
	dd, ok := prov.(DirectDebiter)
	if !ok {
		s.log.Warn("the provider takes no direct debit", "tenant", t.Slug, "provider", prov.Name())
		return openedPayment{}, fmt.Errorf("provider %s takes no direct debit: %w", prov.Name(), ErrProviderUnavailable)
	}
	publicID, base := o.OpeningID.String, o.OpeningBase.String
	back := base + "/credits/" + o.PackageID + "/" + MethodDirectDebit + "?payment_id=" + publicID
	p, err := dd.CreateDirectDebit(ctx, DirectDebitRequest{
		PaymentRequest: PaymentRequest{
			TenantID: t.ID, Amount: Money{Minor: o.Amount, Currency: o.Currency}, Method: MethodDirectDebit,
			Description: fmt.Sprintf("%s: %d credits (%s)", t.Name, o.Credits, o.PackageID),
			RedirectURL: back, WebhookURL: base + "/hooks/payments/" + prov.Name(), Locale: locale, Reference: publicID,
		},
		ConsumerName: f.Holder, ConsumerAccount: f.Iban, SignatureDate: o.CreatedAt,
		MandateReference: strings.ToUpper(strings.TrimPrefix(publicID, "pay_")),
	})
	if err != nil {
		s.log.Warn("create direct debit", "tenant", t.Slug, "provider", prov.Name(), "order", o.ID, "err", err)
		return openedPayment{}, err
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
