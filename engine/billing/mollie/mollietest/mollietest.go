package mollietest

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/billing"
)

// Payment is a payment as the local Mollie keeps it.
type Payment struct {
	ID          string
	Status      billing.Status
	Currency    string
	Value       string // Mollie's amount value, "19.95"
	Refunded    string
	Method      string // Mollie's method id; empty when the payer chooses
	Description string
	RedirectURL string
	WebhookURL  string
	Locale      string
	Metadata    map[string]any
	CreatedAt   time.Time
	// SequenceType is oneoff, first or recurring; CustomerID and MandateID
	// are set for first and recurring payments (MandateID once a first
	// payment is paid).
	SequenceType string
	CustomerID   string
	MandateID    string
	// Chargebacks are the chargebacks the payer's bank made (Chargeback).
	Chargebacks []Chargeback
}

// Chargeback is a chargeback as the local Mollie keeps it.
type Chargeback struct {
	ID         string
	Value      string // Mollie's amount value, "19.95"
	ReasonCode string // the bank's code, AC01, MD06...
	Reason     string
	CreatedAt  time.Time
}

// Mandate is a customer's mandate as the local Mollie keeps it.
type Mandate struct {
	ID         string
	CustomerID string
	Status     string // valid, or revoked (answered 410 Gone, as Mollie does)
	Card       Card
	CreatedAt  time.Time
	// Method is creditcard (a paid first payment's) or directdebit (made
	// with POST /v2/customers/{id}/mandates); empty is creditcard.
	Method string
	// Consumer, SignatureDate and Reference are a directdebit mandate's.
	Consumer      Consumer
	SignatureDate string
	Reference     string
}

// Consumer is the account holder and the IBAN of a directdebit mandate.
type Consumer struct {
	Name    string
	Account string
}

// Card is what a card mandate's details report.
type Card struct {
	Label  string // cardLabel: "Mastercard", "Visa"...
	Number string // cardNumber: the last four digits
	Expiry string // cardExpiryDate, YYYY-MM-DD
}

// Server is the local Mollie.
type Server struct {
	// URL is the API's root to configure as the base URL (ends in /v2).
	URL string
	// Key is the API key it takes.
	Key string
	// Methods are the method ids GET /v2/methods lists.
	Methods []string

	mu       sync.Mutex
	payments map[string]*Payment
	order    []string
	fetches  map[string]int
	refunds  map[string]int
	// cancels counts DELETE /v2/payments/{id} per id, known or not.
	cancels map[string]int
	// customers are the customer ids made; mandates by id.
	customers map[string]bool
	mandates  map[string]*Mandate
	// card is what the next first payment's mandate holds; recurring is
	// the status recurring payments get.
	card      Card
	recurring billing.Status
	// idempotent maps an Idempotency-Key to the payment it made,
	// idempotentRefunds to the refund answer it gave.
	idempotent        map[string]string
	idempotentRefunds map[string]map[string]any
	// stalls hold matching requests until released (Stall).
	stalls []*stall
}

// stall holds the requests of a method to paths under a prefix.
type stall struct {
	method, prefix string
	arrived        chan struct{}
	release        chan struct{}
}

// New starts a local Mollie taking key, closed when the test ends.
func New(tb testing.TB, key string) *Server {
	tb.Helper()
	s := &Server{
		Key:      key,
		Methods:  []string{"ideal", "creditcard", "applepay", "bancontact", "banktransfer", "paypal"},
		payments: map[string]*Payment{},
		fetches:  map[string]int{},
		refunds:  map[string]int{},
		cancels:  map[string]int{},

		customers:  map[string]bool{},
		mandates:   map[string]*Mandate{},
		card:       Card{Label: "Mastercard", Number: "6787", Expiry: "2030-12-31"},
		recurring:  billing.StatusPaid,
		idempotent: map[string]string{},

		idempotentRefunds: map[string]map[string]any{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/customers", s.createCustomer)
	mux.HandleFunc("POST /v2/customers/{customer}/mandates", s.createMandate)
	mux.HandleFunc("GET /v2/customers/{customer}/mandates/{id}", s.getMandate)
	mux.HandleFunc("DELETE /v2/customers/{customer}/mandates/{id}", s.revokeMandate)
	mux.HandleFunc("POST /v2/payments", s.createPayment)
	mux.HandleFunc("GET /v2/payments/{id}", s.getPayment)
	mux.HandleFunc("DELETE /v2/payments/{id}", s.cancelPayment)
	mux.HandleFunc("POST /v2/payments/{id}/refunds", s.createRefund)
	mux.HandleFunc("GET /v2/payments/{id}/chargebacks", s.listChargebacks)
	mux.HandleFunc("GET /v2/methods", s.listMethods)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+s.Key {
			writeError(w, 401, "Unauthorized Request", "Missing authentication, or failed to authenticate", "")
			return
		}
		s.wait(r)
		mux.ServeHTTP(w, r)
	}))
	tb.Cleanup(srv.Close)
	s.URL = srv.URL + "/v2"
	return s
}

// SetStatus moves a payment as the payer's choice at Mollie's checkout
// would; paid also sets the method to ideal when the payer had to choose.
func (s *Server) SetStatus(tb testing.TB, id string, status billing.Status) {
	tb.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[id]
	if !ok {
		tb.Fatalf("mollietest: no payment %s", id)
	}
	p.Status = status
	if p.Method == "" && status == billing.StatusPaid {
		p.Method = "ideal"
		if p.SequenceType == "first" {
			p.Method = "creditcard"
		}
	}
	if p.SequenceType == "first" && status == billing.StatusPaid && p.MandateID == "" {
		m := &Mandate{ID: "mdt_" + rand.Text()[:10], CustomerID: p.CustomerID, Status: "valid", Card: s.card,
			CreatedAt: time.Now().UTC().Truncate(time.Second)}
		s.mandates[m.ID] = m
		p.MandateID = m.ID
	}
}

// Stall makes Mollie slow: requests of method to paths under prefix (as
// "/v2/payments") hang until release is called (or the caller gives up).
// Each one that hangs signals on arrived first. release is also called
// when the test ends.
func (s *Server) Stall(tb testing.TB, method, prefix string) (arrived <-chan struct{}, release func()) {
	st := &stall{method: method, prefix: prefix, arrived: make(chan struct{}, 1000), release: make(chan struct{})}
	s.mu.Lock()
	s.stalls = append(s.stalls, st)
	s.mu.Unlock()
	var once sync.Once
	release = func() {
		once.Do(func() {
			s.mu.Lock()
			s.stalls = slices.DeleteFunc(s.stalls, func(o *stall) bool { return o == st })
			s.mu.Unlock()
			close(st.release)
		})
	}
	tb.Cleanup(release)
	return st.arrived, release
}

// wait holds r while a stall matches it.
func (s *Server) wait(r *http.Request) {
	s.mu.Lock()
	var held []*stall
	for _, st := range s.stalls {
		if st.method == r.Method && strings.HasPrefix(r.URL.Path, st.prefix) {
			held = append(held, st)
		}
	}
	s.mu.Unlock()
	for _, st := range held {
		select {
		case st.arrived <- struct{}{}:
		default:
		}
		select {
		case <-st.release:
		case <-r.Context().Done():
		}
	}
}

// Chargeback has the payer's bank take a paid payment back in full, as
// Mollie reports it: the payment's amountChargedBack and its chargebacks
// list. Mollie calls the webhook then; the test posts it.
func (s *Server) Chargeback(tb testing.TB, id, reasonCode, reason string) {
	tb.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[id]
	if !ok || p.Status != billing.StatusPaid {
		tb.Fatalf("mollietest: no paid payment %s", id)
	}
	p.Chargebacks = append(p.Chargebacks, Chargeback{ID: "chb_" + rand.Text()[:10], Value: p.Value, ReasonCode: reasonCode, Reason: reason,
		CreatedAt: time.Now().UTC().Truncate(time.Second)})
}

// SetCard sets the card the next paid first payments keep.
func (s *Server) SetCard(c Card) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.card = c
}

// SetRecurringStatus sets the status new recurring payments get at once
// (paid by default; failed as a declined card).
func (s *Server) SetRecurringStatus(status billing.Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recurring = status
}

// Mandates answers the mandates made so far.
func (s *Server) Mandates() []Mandate {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Mandate, 0, len(s.mandates))
	for _, m := range s.mandates {
		out = append(out, *m)
	}
	return out
}

// Customers answers how many customers were made.
func (s *Server) Customers() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.customers)
}

// Payments answers the payments created so far, oldest first.
func (s *Server) Payments() []Payment {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Payment, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, *s.payments[id])
	}
	return out
}

// Fetches answers how often GET /v2/payments/{id} was asked for id, known
// or not.
func (s *Server) Fetches(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fetches[id]
}

// Cancels answers how often DELETE /v2/payments/{id} was asked for id.
func (s *Server) Cancels(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cancels[id]
}

// Refunds answers how many refunds of payment id were made.
func (s *Server) Refunds(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refunds[id]
}

type amount struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

var (
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	valuePattern    = map[bool]*regexp.Regexp{
		true:  regexp.MustCompile(`^[0-9]+$`),           // JPY, ISK
		false: regexp.MustCompile(`^[0-9]+\.[0-9]{2}$`), // the others
	}
	knownMethods = []string{"applepay", "bancontact", "banktransfer", "blik", "creditcard", "directdebit", "eps",
		"giropay", "ideal", "mobilepay", "paypal", "paysafecard", "przelewy24", "satispay", "sofort", "swish", "twint", "vipps"}
)

func (a amount) invalid() string {
	if !currencyPattern.MatchString(a.Currency) {
		return "The amount currency is invalid"
	}
	if !valuePattern[a.Currency == "JPY" || a.Currency == "ISK"].MatchString(a.Value) {
		return "The amount contains an invalid value"
	}
	return ""
}

func (s *Server) createPayment(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Amount      amount         `json:"amount"`
		Description string         `json:"description"`
		RedirectURL string         `json:"redirectUrl"`
		WebhookURL  string         `json:"webhookUrl"`
		Method      string         `json:"method"`
		Locale      string         `json:"locale"`
		Metadata    map[string]any `json:"metadata"`

		SequenceType string `json:"sequenceType"`
		CustomerID   string `json:"customerId"`
		MandateID    string `json:"mandateId"`
	}
	if r.Header.Get("Content-Type") != "application/json" {
		writeError(w, 415, "Unsupported Media Type", "The request's encoding is not supported", "")
		return
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, 400, "Bad Request", "The request body is not valid JSON", "")
		return
	}
	switch {
	case in.Amount.invalid() != "":
		writeError(w, 422, "Unprocessable Entity", in.Amount.invalid(), "amount")
		return
	case in.Description == "":
		writeError(w, 422, "Unprocessable Entity", "The description is invalid", "description")
		return
	case in.RedirectURL == "" && in.SequenceType != "recurring":
		writeError(w, 422, "Unprocessable Entity", "The redirect URL is invalid", "redirectUrl")
		return
	case in.Method != "" && !slices.Contains(knownMethods, in.Method):
		writeError(w, 422, "Unprocessable Entity", "The payment method is invalid", "method")
		return
	case !slices.Contains([]string{"", "oneoff", "first", "recurring"}, in.SequenceType):
		writeError(w, 422, "Unprocessable Entity", "The sequence type is invalid", "sequenceType")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if key := r.Header.Get("Idempotency-Key"); key != "" {
		if id, ok := s.idempotent[key]; ok {
			writeJSON(w, 201, s.payments[id].resource())
			return
		}
	}
	p := &Payment{
		ID: "tr_" + rand.Text()[:10], Status: billing.StatusOpen, Currency: in.Amount.Currency, Value: in.Amount.Value,
		Method: in.Method, Description: in.Description, RedirectURL: in.RedirectURL, WebhookURL: in.WebhookURL,
		Locale: in.Locale, Metadata: in.Metadata, CreatedAt: time.Now().UTC().Truncate(time.Second),
		SequenceType: "oneoff",
	}
	if in.SequenceType != "" && in.SequenceType != "oneoff" {
		if !s.customers[in.CustomerID] {
			writeError(w, 422, "Unprocessable Entity", "The customer id is invalid", "customerId")
			return
		}
		p.SequenceType, p.CustomerID = in.SequenceType, in.CustomerID
	}
	if in.SequenceType == "recurring" {
		m, ok := s.mandates[in.MandateID]
		if !ok || m.CustomerID != in.CustomerID || m.Status != "valid" {
			writeError(w, 422, "Unprocessable Entity", "The mandate id is invalid or the mandate is not valid", "mandateId")
			return
		}
		p.MandateID, p.Method, p.Status = m.ID, "creditcard", s.recurring
		// A direct debit is pending until the bank collects it; the test
		// settles it with SetStatus, as the bank would.
		if m.Method == "directdebit" {
			p.Method, p.Status = "directdebit", billing.StatusPending
		}
	}
	s.payments[p.ID] = p
	s.order = append(s.order, p.ID)
	if key := r.Header.Get("Idempotency-Key"); key != "" {
		s.idempotent[key] = p.ID
	}
	writeJSON(w, 201, p.resource())
}

func (s *Server) createCustomer(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Name     string         `json:"name"`
		Email    string         `json:"email"`
		Locale   string         `json:"locale"`
		Metadata map[string]any `json:"metadata"`
	}
	if r.Header.Get("Content-Type") != "application/json" {
		writeError(w, 415, "Unsupported Media Type", "The request's encoding is not supported", "")
		return
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, 400, "Bad Request", "The request body is not valid JSON", "")
		return
	}
	id := "cst_" + rand.Text()[:10]
	s.mu.Lock()
	s.customers[id] = true
	s.mu.Unlock()
	writeJSON(w, 201, map[string]any{
		"resource": "customer", "id": id, "mode": "test", "name": in.Name, "email": in.Email, "locale": in.Locale,
		"metadata": in.Metadata, "createdAt": time.Now().UTC().Format(time.RFC3339),
		"_links": map[string]any{"self": link(s.URL + "/customers/" + id)},
	})
}

// ibanForm is the form of an IBAN Mollie takes for a directdebit mandate.
var ibanForm = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)

// createMandate makes a directdebit mandate for a customer, as Mollie's
// Mandates API does for an IBAN the merchant collected (Mollie makes card
// mandates only through a first payment).
func (s *Server) createMandate(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Method           string `json:"method"`
		ConsumerName     string `json:"consumerName"`
		ConsumerAccount  string `json:"consumerAccount"`
		ConsumerBic      string `json:"consumerBic"`
		SignatureDate    string `json:"signatureDate"`
		MandateReference string `json:"mandateReference"`
	}
	if r.Header.Get("Content-Type") != "application/json" {
		writeError(w, 415, "Unsupported Media Type", "The request's encoding is not supported", "")
		return
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, 400, "Bad Request", "The request body is not valid JSON", "")
		return
	}
	customer := r.PathValue("customer")
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.customers[customer] {
		writeError(w, 404, "Not Found", "No customer exists with token "+customer+".", "")
		return
	}
	if _, err := time.Parse("2006-01-02", in.SignatureDate); in.SignatureDate != "" && err != nil {
		writeError(w, 422, "Unprocessable Entity", "The signature date is invalid", "signatureDate")
		return
	}
	switch {
	case in.Method != "directdebit":
		writeError(w, 422, "Unprocessable Entity", "The payment method is invalid", "method")
		return
	case in.ConsumerName == "":
		writeError(w, 422, "Unprocessable Entity", "The consumer name is missing", "consumerName")
		return
	case !ibanForm.MatchString(in.ConsumerAccount):
		writeError(w, 422, "Unprocessable Entity", "The consumer account is invalid", "consumerAccount")
		return
	}
	m := &Mandate{ID: "mdt_" + rand.Text()[:10], CustomerID: customer, Status: "valid", Method: "directdebit",
		Consumer: Consumer{Name: in.ConsumerName, Account: in.ConsumerAccount}, SignatureDate: in.SignatureDate,
		Reference: in.MandateReference, CreatedAt: time.Now().UTC().Truncate(time.Second)}
	s.mandates[m.ID] = m
	writeJSON(w, 201, map[string]any{
		"resource": "mandate", "id": m.ID, "mode": "test", "status": m.Status, "method": m.Method,
		"details":          map[string]any{"consumerName": in.ConsumerName, "consumerAccount": in.ConsumerAccount, "consumerBic": "INGBNL2A"},
		"mandateReference": in.MandateReference, "signatureDate": in.SignatureDate, "createdAt": m.CreatedAt.Format(time.RFC3339),
		"_links": map[string]any{"self": link(s.URL + "/customers/" + customer + "/mandates/" + m.ID),
			"customer": link(s.URL + "/customers/" + customer)},
	})
}

// mandate finds a customer's mandate, answering Mollie's 404 (unknown) or
// 410 (revoked) itself; the caller holds mu.
func (s *Server) mandate(w http.ResponseWriter, r *http.Request) (*Mandate, bool) {
	customer, id := r.PathValue("customer"), r.PathValue("id")
	if !s.customers[customer] {
		writeError(w, 404, "Not Found", "No customer exists with token "+customer+".", "")
		return nil, false
	}
	m, ok := s.mandates[id]
	if !ok || m.CustomerID != customer {
		writeError(w, 404, "Not Found", "No mandate exists with token "+id+".", "")
		return nil, false
	}
	if m.Status == "revoked" {
		writeError(w, 410, "Gone", "The mandate has been revoked.", "")
		return nil, false
	}
	return m, true
}

func (s *Server) getMandate(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.mandate(w, r)
	if !ok {
		return
	}
	writeJSON(w, 200, map[string]any{
		"resource": "mandate", "id": m.ID, "mode": "test", "status": m.Status, "method": "creditcard",
		"details": map[string]any{"cardHolder": "T. Tester", "cardNumber": m.Card.Number, "cardLabel": m.Card.Label,
			"cardFingerprint": "fp_" + m.ID, "cardExpiryDate": m.Card.Expiry},
		"mandateReference": nil, "signatureDate": m.CreatedAt.Format("2006-01-02"), "createdAt": m.CreatedAt.Format(time.RFC3339),
		"_links": map[string]any{"self": link(s.URL + "/customers/" + m.CustomerID + "/mandates/" + m.ID),
			"customer": link(s.URL + "/customers/" + m.CustomerID)},
	})
}

func (s *Server) revokeMandate(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.mandate(w, r)
	if !ok {
		return
	}
	m.Status = "revoked"
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) getPayment(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	s.fetches[id]++
	p, ok := s.payments[id]
	var body map[string]any
	if ok {
		body = p.resource()
	}
	s.mu.Unlock()
	if !ok {
		writeError(w, 404, "Not Found", "No payment exists with token "+id+".", "")
		return
	}
	writeJSON(w, 200, body)
}

// cancelPayment cancels an open payment as Mollie does: 200 with the
// canceled payment; 422 for one that is not open (not cancelable).
func (s *Server) cancelPayment(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	s.cancels[id]++
	p, ok := s.payments[id]
	var body map[string]any
	open := ok && p.Status == billing.StatusOpen
	if open {
		p.Status = billing.StatusCanceled
		body = p.resource()
	}
	s.mu.Unlock()
	switch {
	case !ok:
		writeError(w, 404, "Not Found", "No payment exists with token "+id+".", "")
	case !open:
		writeError(w, 422, "Unprocessable Entity", "The payment cannot be canceled.", "")
	default:
		writeJSON(w, 200, body)
	}
}

func (s *Server) createRefund(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var in struct {
		Amount      amount `json:"amount"`
		Description string `json:"description"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		writeError(w, 400, "Bad Request", "The request body is not valid JSON", "")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	key := r.Header.Get("Idempotency-Key")
	if answer, ok := s.idempotentRefunds[key]; ok && key != "" {
		writeJSON(w, 201, answer)
		return
	}
	p, ok := s.payments[id]
	switch {
	case !ok:
		writeError(w, 404, "Not Found", "No payment exists with token "+id+".", "")
	case p.Status != billing.StatusPaid:
		writeError(w, 422, "Unprocessable Entity", "The payment cannot be refunded", "")
	case in.Amount.invalid() != "" || in.Amount.Currency != p.Currency:
		writeError(w, 422, "Unprocessable Entity", "The amount is invalid", "amount")
	case p.Refunded != "" || in.Amount.Value != p.Value:
		// This local Mollie refunds whole payments, once.
		writeError(w, 422, "Unprocessable Entity", "The amount is higher than the amount that can be refunded", "amount")
	default:
		p.Refunded = in.Amount.Value
		s.refunds[id]++
		answer := map[string]any{
			"resource": "refund", "id": "re_" + rand.Text()[:10], "amount": in.Amount, "status": "pending",
			"createdAt": time.Now().UTC().Format(time.RFC3339), "description": in.Description, "paymentId": id,
			"_links": map[string]any{"self": link(s.URL + "/payments/" + id + "/refunds")},
		}
		if key != "" {
			s.idempotentRefunds[key] = answer
		}
		writeJSON(w, 201, answer)
	}
}

// listChargebacks answers a payment's chargebacks as Mollie's List payment
// chargebacks does.
func (s *Server) listChargebacks(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[id]
	if !ok {
		writeError(w, 404, "Not Found", "No payment exists with token "+id+".", "")
		return
	}
	list := []map[string]any{}
	for _, c := range p.Chargebacks {
		list = append(list, map[string]any{
			"resource": "chargeback", "id": c.ID, "amount": amount{p.Currency, c.Value},
			"settlementAmount": amount{p.Currency, "-" + c.Value}, "createdAt": c.CreatedAt.Format(time.RFC3339),
			"reason": map[string]string{"code": c.ReasonCode, "description": c.Reason}, "reversedAt": nil, "paymentId": p.ID,
			"_links": map[string]any{"self": link(s.URL + "/payments/" + p.ID + "/chargebacks/" + c.ID),
				"payment": link(s.URL + "/payments/" + p.ID)},
		})
	}
	writeJSON(w, 200, map[string]any{"count": len(list), "_embedded": map[string]any{"chargebacks": list},
		"_links": map[string]any{"self": link(s.URL + "/payments/" + p.ID + "/chargebacks"), "previous": nil, "next": nil}})
}

func (s *Server) listMethods(w http.ResponseWriter, r *http.Request) {
	a := amount{Currency: r.URL.Query().Get("amount[currency]"), Value: r.URL.Query().Get("amount[value]")}
	if (a != amount{}) && a.invalid() != "" {
		writeError(w, 422, "Unprocessable Entity", a.invalid(), "amount")
		return
	}
	wallets := strings.Split(r.URL.Query().Get("includeWallets"), ",")
	var methods []map[string]any
	for _, id := range s.Methods {
		if id == "applepay" && !slices.Contains(wallets, "applepay") {
			continue
		}
		methods = append(methods, map[string]any{"resource": "method", "id": id, "description": id, "status": "activated"})
	}
	writeJSON(w, 200, map[string]any{"count": len(methods), "_embedded": map[string]any{"methods": methods}})
}

// resource is the payment as Mollie's Get payment answers it.
func (p *Payment) resource() map[string]any {
	out := map[string]any{
		"resource": "payment", "id": p.ID, "mode": "test", "createdAt": p.CreatedAt.Format(time.RFC3339),
		"amount": amount{p.Currency, p.Value}, "description": p.Description, "metadata": p.Metadata,
		"status": p.Status, "profileId": "pfl_QkEhN94Ba", "sequenceType": p.SequenceType,
		"redirectUrl": p.RedirectURL, "webhookUrl": p.WebhookURL,
	}
	if p.CustomerID != "" {
		out["customerId"] = p.CustomerID
	}
	if p.MandateID != "" {
		out["mandateId"] = p.MandateID
	}
	if p.Method != "" {
		out["method"] = p.Method
	} else {
		out["method"] = nil
	}
	if p.Locale != "" {
		out["locale"] = p.Locale
	}
	links := map[string]any{"self": link("https://api.mollie.com/v2/payments/" + p.ID)}
	if !p.Status.Settled() && p.SequenceType != "recurring" {
		out["expiresAt"] = p.CreatedAt.Add(15 * time.Minute).Format(time.RFC3339)
		links["checkout"] = map[string]string{"href": "https://www.mollie.com/checkout/select-method/" + strings.TrimPrefix(p.ID, "tr_"), "type": "text/html"}
	}
	if p.Status == billing.StatusPaid {
		refunded := p.Refunded
		if refunded == "" {
			refunded = "0.00"
			if !strings.Contains(p.Value, ".") {
				refunded = "0"
			}
		}
		out["amountRefunded"] = amount{p.Currency, refunded}
		if len(p.Chargebacks) > 0 {
			// Every chargeback here is of the whole payment.
			out["amountChargedBack"] = amount{p.Currency, p.Value}
			links["chargebacks"] = link("https://api.mollie.com/v2/payments/" + p.ID + "/chargebacks")
		}
	}
	out["_links"] = links
	return out
}

func link(href string) map[string]string {
	return map[string]string{"href": href, "type": "application/hal+json"}
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/hal+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

// writeError answers Mollie's error body (docs.mollie.com, Handling errors).
func writeError(w http.ResponseWriter, status int, title, detail, field string) {
	body := map[string]any{
		"status": status, "title": title, "detail": detail,
		"_links": map[string]any{"documentation": map[string]string{"href": "https://docs.mollie.com/errors", "type": "text/html"}},
	}
	if field != "" {
		body["field"] = field
	}
	writeJSON(w, status, body)
}

// String is for test failure messages.
func (p Payment) String() string {
	return fmt.Sprintf("%s %s %s %s %s", p.ID, p.Status, p.Value, p.Currency, p.Method)
}
