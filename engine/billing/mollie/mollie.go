package mollie

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"rendezvous/engine/billing"
)

// DefaultBaseURL is Mollie's API v2.
const DefaultBaseURL = "https://api.mollie.com/v2"

// DefaultTimeout bounds one call to Mollie when Config.Timeout is zero:
// a member waits for CreatePayment before going to the checkout.
const DefaultTimeout = 15 * time.Second

// maxBody bounds what is read of one answer; Mollie's largest here (the
// methods list) is a few kilobytes.
const maxBody = 1 << 20

// Config configures a Provider.
type Config struct {
	// APIKey is the website profile's key, live_... or test_....
	APIKey string
	// BaseURL is the API's root; DefaultBaseURL when empty (tests and
	// proxies point it elsewhere).
	BaseURL string
	// HTTPClient makes the calls; when nil, a client that follows no
	// redirects. Each call is bounded by Timeout whatever the client's own.
	HTTPClient *http.Client
	// Timeout bounds each call; DefaultTimeout when zero.
	Timeout time.Duration
}

// Provider is Mollie as a billing.Provider.
type Provider struct {
	key     string
	base    string
	client  *http.Client
	timeout time.Duration
}

var (
	_ billing.Provider  = (*Provider)(nil)
	_ billing.Canceller = (*Provider)(nil)
)

// New checks cfg and answers the provider. A missing key or a base URL that
// is not an absolute http(s) URL is an error.
func New(cfg Config) (*Provider, error) {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, errors.New("mollie: no API key")
	}
	if strings.ContainsAny(cfg.APIKey, " \t\r\n") {
		return nil, errors.New("mollie: the API key contains white space")
	}
	base := cfg.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" {
		return nil, fmt.Errorf("mollie: base URL %q is not an http(s) URL", base)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		}}
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Provider{key: cfg.APIKey, base: strings.TrimRight(base, "/"), client: client, timeout: timeout}, nil
}

// Name is the provider's name in tenant files and webhook URLs.
func (p *Provider) Name() string { return "mollie" }

// paymentIDPattern is the form of Mollie's payment ids (tr_7UhSN1zuXS). An
// id of another form (a forged webhook's) is not sent to Mollie at all.
var paymentIDPattern = regexp.MustCompile(`^tr_[A-Za-z0-9]{1,64}$`)

var localePattern = regexp.MustCompile(`^[a-z]{2}_[A-Z]{2}$`)

// payment is Mollie's payment object, the fields the engine reads.
type payment struct {
	ID             string  `json:"id"`
	Status         string  `json:"status"`
	Amount         amount  `json:"amount"`
	AmountRefunded *amount `json:"amountRefunded"`
	// AmountChargedBack is set once the payer's bank took money back.
	AmountChargedBack *amount `json:"amountChargedBack"`
	Method            *string `json:"method"`
	ExpiresAt         string  `json:"expiresAt"`
	CustomerID        string  `json:"customerId"`
	MandateID         string  `json:"mandateId"`
	Links             struct {
		Checkout *struct {
			Href string `json:"href"`
		} `json:"checkout"`
	} `json:"_links"`
}

type createPayment struct {
	Amount      amount            `json:"amount"`
	Description string            `json:"description"`
	RedirectURL string            `json:"redirectUrl,omitempty"`
	WebhookURL  string            `json:"webhookUrl,omitempty"`
	Method      string            `json:"method,omitempty"`
	Locale      string            `json:"locale,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	// SequenceType is first (the payment leaves a mandate for CustomerID)
	// or recurring (charged on MandateID without the payer); empty is
	// Mollie's oneoff.
	SequenceType string `json:"sequenceType,omitempty"`
	CustomerID   string `json:"customerId,omitempty"`
	MandateID    string `json:"mandateId,omitempty"`
}

// CreatePayment opens a payment at Mollie and answers it with the checkout
// URL to send the payer to. The payment's reference is kept in Mollie's
// metadata and sent as the Idempotency-Key (or req.IdempotencyKey when
// set), so a retried call within Mollie's hour answers the same payment
// instead of opening (or charging) a second one. A first payment is made
// for req.CustomerID; a recurring one is charged on req.MandateID and has
// no checkout and no redirect.
func (p *Provider) CreatePayment(ctx context.Context, req billing.PaymentRequest) (billing.Payment, error) {
	amt, err := formatAmount(req.Amount)
	if err != nil {
		return billing.Payment{}, err
	}
	body := createPayment{
		Amount:      amt,
		Description: req.Description,
		RedirectURL: req.RedirectURL,
		WebhookURL:  req.WebhookURL,
	}
	switch req.SequenceType {
	case "", billing.SequenceOneOff:
	case billing.SequenceFirst:
		if !customerIDPattern.MatchString(req.CustomerID) {
			return billing.Payment{}, fmt.Errorf("mollie: a first payment needs a customer, not %q", req.CustomerID)
		}
		body.SequenceType, body.CustomerID = req.SequenceType, req.CustomerID
	case billing.SequenceRecurring:
		if !customerIDPattern.MatchString(req.CustomerID) || !mandateIDPattern.MatchString(req.MandateID) {
			return billing.Payment{}, fmt.Errorf("mollie: a recurring payment needs a customer and a mandate, not %q and %q", req.CustomerID, req.MandateID)
		}
		body.SequenceType, body.CustomerID, body.MandateID = req.SequenceType, req.CustomerID, req.MandateID
		// The payer is not there: nothing to return to.
		body.RedirectURL = ""
	default:
		return billing.Payment{}, fmt.Errorf("mollie: sequence type %q", req.SequenceType)
	}
	if req.Method != "" {
		id, ok := MethodID(req.Method)
		if !ok {
			return billing.Payment{}, fmt.Errorf("mollie: payment method %q has no Mollie method", req.Method)
		}
		body.Method = id
	}
	// Mollie takes any xx_XX locale; anything else would be refused, so it
	// is left out and the checkout follows the browser's language.
	if localePattern.MatchString(req.Locale) {
		body.Locale = req.Locale
	}
	if req.Reference != "" {
		body.Metadata = map[string]string{"reference": req.Reference}
	}
	key := req.Reference
	if req.IdempotencyKey != "" {
		key = req.IdempotencyKey
	}
	var out payment
	if err := p.call(ctx, http.MethodPost, "/payments", nil, body, key, false, &out); err != nil {
		return billing.Payment{}, fmt.Errorf("mollie: create payment: %w", err)
	}
	return out.payment()
}

// FetchPayment answers Mollie's payment id as Mollie knows it now.
func (p *Provider) FetchPayment(ctx context.Context, id string) (billing.Payment, error) {
	if !paymentIDPattern.MatchString(id) {
		return billing.Payment{}, fmt.Errorf("mollie: payment id %q: %w", id, billing.ErrPaymentNotFound)
	}
	var out payment
	if err := p.call(ctx, http.MethodGet, "/payments/"+id, nil, nil, "", true, &out); err != nil {
		return billing.Payment{}, fmt.Errorf("mollie: get payment %s: %w", id, err)
	}
	return out.payment()
}

// CancelPayment cancels an open payment (DELETE /v2/payments/{id}); Mollie
// refuses (422) a payment that is not cancelable, as most paid or
// settled ones are.
func (p *Provider) CancelPayment(ctx context.Context, id string) (billing.Payment, error) {
	if !paymentIDPattern.MatchString(id) {
		return billing.Payment{}, fmt.Errorf("mollie: payment id %q: %w", id, billing.ErrPaymentNotFound)
	}
	var out payment
	if err := p.call(ctx, http.MethodDelete, "/payments/"+id, nil, nil, "", true, &out); err != nil {
		return billing.Payment{}, fmt.Errorf("mollie: cancel payment %s: %w", id, err)
	}
	return out.payment()
}

type createRefund struct {
	Amount      amount `json:"amount"`
	Description string `json:"description,omitempty"`
}

type refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount amount `json:"amount"`
}

// maxRefundDescription is Mollie's limit for a refund's description.
const maxRefundDescription = 140

// CreateRefund pays back (part of) a paid payment; with req.IdempotencyKey
// a retried call answers the refund the first one made.
func (p *Provider) CreateRefund(ctx context.Context, req billing.RefundRequest) (billing.Refund, error) {
	if !paymentIDPattern.MatchString(req.PaymentID) {
		return billing.Refund{}, fmt.Errorf("mollie: payment id %q: %w", req.PaymentID, billing.ErrPaymentNotFound)
	}
	amt, err := formatAmount(req.Amount)
	if err != nil {
		return billing.Refund{}, err
	}
	desc := []rune(req.Description)
	if len(desc) > maxRefundDescription {
		desc = desc[:maxRefundDescription]
	}
	var out refund
	if err := p.call(ctx, http.MethodPost, "/payments/"+req.PaymentID+"/refunds", nil,
		createRefund{Amount: amt, Description: string(desc)}, req.IdempotencyKey, true, &out); err != nil {
		return billing.Refund{}, fmt.Errorf("mollie: refund payment %s: %w", req.PaymentID, err)
	}
	m, err := out.Amount.money()
	if err != nil || out.ID == "" {
		return billing.Refund{}, fmt.Errorf("mollie: refund payment %s: unreadable answer (%v): %w", req.PaymentID, err, billing.ErrProviderUnavailable)
	}
	return billing.Refund{ID: out.ID, Status: out.Status, Amount: m}, nil
}

type methodList struct {
	Embedded struct {
		Methods []struct {
			ID string `json:"id"`
		} `json:"methods"`
	} `json:"_embedded"`
}

// Methods lists the engine's methods the website profile can take for
// amount, in Mollie's order: every card brand when Mollie offers
// creditcard, Apple Pay included (a wallet Mollie lists only on request).
// Mollie's methods the engine does not sell with are left out.
func (p *Provider) Methods(ctx context.Context, amt billing.Money) ([]string, error) {
	a, err := formatAmount(amt)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("amount[value]", a.Value)
	q.Set("amount[currency]", a.Currency)
	q.Set("includeWallets", "applepay")
	var out methodList
	if err := p.call(ctx, http.MethodGet, "/methods", q, nil, "", false, &out); err != nil {
		return nil, fmt.Errorf("mollie: list methods: %w", err)
	}
	var names []string
	seen := map[string]bool{}
	for _, m := range out.Embedded.Methods {
		for _, name := range SpecMethods(m.ID) {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	return names, nil
}

// payment turns Mollie's payment object into the engine's.
func (m payment) payment() (billing.Payment, error) {
	unreadable := func(what string, err error) (billing.Payment, error) {
		return billing.Payment{}, fmt.Errorf("mollie: payment %q: unreadable %s (%v): %w", m.ID, what, err, billing.ErrProviderUnavailable)
	}
	if !paymentIDPattern.MatchString(m.ID) {
		return unreadable("id", nil)
	}
	status := billing.Status(m.Status)
	switch status {
	case billing.StatusOpen, billing.StatusPending, billing.StatusAuthorized,
		billing.StatusPaid, billing.StatusFailed, billing.StatusCanceled, billing.StatusExpired:
	default:
		// A state the engine does not know moves no order.
		return unreadable("status "+m.Status, nil)
	}
	amt, err := m.Amount.money()
	if err != nil {
		return unreadable("amount", err)
	}
	out := billing.Payment{ID: m.ID, Status: status, Amount: amt, Refunded: billing.Money{Currency: amt.Currency}}
	if m.AmountRefunded != nil {
		if out.Refunded, err = m.AmountRefunded.money(); err != nil {
			return unreadable("amountRefunded", err)
		}
	}
	if m.AmountChargedBack != nil {
		if out.ChargedBack, err = m.AmountChargedBack.money(); err != nil {
			return unreadable("amountChargedBack", err)
		}
	}
	if m.Method != nil {
		out.Method = SpecMethod(*m.Method)
	}
	if m.Links.Checkout != nil {
		out.CheckoutURL = m.Links.Checkout.Href
	}
	if m.MandateID != "" {
		if !mandateIDPattern.MatchString(m.MandateID) || !customerIDPattern.MatchString(m.CustomerID) {
			return unreadable("mandateId", nil)
		}
		out.MandateID, out.CustomerID = m.MandateID, m.CustomerID
	}
	if m.ExpiresAt != "" {
		if out.ExpiresAt, err = time.Parse(time.RFC3339, m.ExpiresAt); err != nil {
			return unreadable("expiresAt", err)
		}
		out.ExpiresAt = out.ExpiresAt.UTC()
	}
	return out, nil
}

// APIError is Mollie's refusal of a request (a 4xx with its error body,
// application/hal+json). It unwraps to billing.ErrProviderRefused, or to
// billing.ErrPaymentNotFound for a 404 on a payment.
type APIError struct {
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	// Field names the request's field Mollie refused (422), if any.
	Field string `json:"field"`
	Links struct {
		Documentation struct {
			Href string `json:"href"`
		} `json:"documentation"`
	} `json:"_links"`

	kind error
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("%d %s: %s", e.Status, e.Title, e.Detail)
	if e.Field != "" {
		msg += " (field " + e.Field + ")"
	}
	return msg
}

// Unwrap answers the billing error the refusal is.
func (e *APIError) Unwrap() error { return e.kind }

// call sends one request to Mollie and decodes a 2xx answer into out.
// notFoundIsPayment says a 404 means the named payment does not exist.
func (p *Provider) call(ctx context.Context, method, path string, query url.Values, body any, idempotencyKey string, notFoundIsPayment bool, out any) error {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()

	target := p.base + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	var reader io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("encode request: %w", err)
		}
		reader = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+p.key)
	req.Header.Set("Accept", "application/hal+json, application/json")
	req.Header.Set("User-Agent", "Rendezvous")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}

	res, err := p.client.Do(req)
	if err != nil {
		// The error names the URL, never the key (it is in a header).
		return fmt.Errorf("%w: %w", billing.ErrProviderUnavailable, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return fmt.Errorf("%w: read answer: %w", billing.ErrProviderUnavailable, err)
	}

	switch {
	case res.StatusCode == http.StatusNoContent || (res.StatusCode >= 200 && res.StatusCode < 300 && out == nil):
		return nil
	case res.StatusCode >= 200 && res.StatusCode < 300:
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%w: answer %d is not Mollie's JSON: %w", billing.ErrProviderUnavailable, res.StatusCode, err)
		}
		return nil
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		// Mollie's rate limit and its own failures pass; try again later.
		return fmt.Errorf("%w: %s", billing.ErrProviderUnavailable, res.Status)
	case res.StatusCode >= 400:
		apiErr := &APIError{kind: billing.ErrProviderRefused}
		if json.Unmarshal(raw, apiErr) != nil || apiErr.Status == 0 {
			// Not Mollie's error body (a proxy's page): keep the HTTP status.
			apiErr = &APIError{Status: res.StatusCode, Title: http.StatusText(res.StatusCode), Detail: "no Mollie error body", kind: billing.ErrProviderRefused}
		}
		apiErr.Status = res.StatusCode
		if res.StatusCode == http.StatusNotFound && notFoundIsPayment {
			apiErr.kind = billing.ErrPaymentNotFound
		}
		return apiErr
	default:
		// 1xx/3xx: a redirect Mollie does not send (a misconfigured URL).
		return fmt.Errorf("%w: unexpected %s", billing.ErrProviderUnavailable, res.Status)
	}
}
