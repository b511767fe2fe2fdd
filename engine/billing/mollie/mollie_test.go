package mollie_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
)

const testKey = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"

// request is what the local Mollie server received.
type request struct {
	Method, Path, Query, Auth, ContentType, IdempotencyKey string
	Body                                                   map[string]any
}

// answer is what the local Mollie server sends back: a recorded body from
// testdata (or raw text) with a status.
type answer struct {
	status int
	file   string
	raw    string
}

// mollieServer is a local HTTP server speaking Mollie's API under /v2: it
// records each request and answers the recorded body the test gives, or
// Mollie's 401 for a request without the test key.
type mollieServer struct {
	*httptest.Server
	mu       sync.Mutex
	requests []request
}

func newMollieServer(t *testing.T, a answer) *mollieServer {
	t.Helper()
	s := &mollieServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := request{
			Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
			Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"),
			IdempotencyKey: r.Header.Get("Idempotency-Key"),
		}
		if b, _ := io.ReadAll(r.Body); len(b) > 0 {
			if err := json.Unmarshal(b, &got.Body); err != nil {
				t.Errorf("request body is not JSON: %q", b)
			}
		}
		s.mu.Lock()
		s.requests = append(s.requests, got)
		s.mu.Unlock()
		if got.Auth != "Bearer "+testKey {
			writeAnswer(t, w, answer{status: 401, file: "error-401.json"})
			return
		}
		writeAnswer(t, w, a)
	}))
	t.Cleanup(s.Close)
	return s
}

func writeAnswer(t *testing.T, w http.ResponseWriter, a answer) {
	body := []byte(a.raw)
	if a.file != "" {
		var err error
		if body, err = os.ReadFile(filepath.Join("testdata", a.file)); err != nil {
			t.Errorf("recorded answer: %v", err)
		}
	}
	w.Header().Set("Content-Type", "application/hal+json")
	w.WriteHeader(a.status)
	w.Write(body)
}

func (s *mollieServer) received(t *testing.T) []request {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

func newProvider(t *testing.T, s *mollieServer, key string) *mollie.Provider {
	t.Helper()
	p, err := mollie.New(mollie.Config{APIKey: key, BaseURL: s.URL + "/v2"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkError checks err is want (nil for success), that a refusal carries
// Mollie's detail and field, and that no error ever shows the API key.
func checkError(t *testing.T, err, want error, detail, field string) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("error %v, want none", err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("error %v, want %v", err, want)
	}
	for _, other := range []error{billing.ErrPaymentNotFound, billing.ErrProviderRefused, billing.ErrProviderUnavailable} {
		if other != want && errors.Is(err, other) {
			t.Errorf("error %v is also %v", err, other)
		}
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "wrong_key") {
		t.Errorf("error shows the API key: %v", err)
	}
	if detail != "" {
		var apiErr *mollie.APIError
		if !errors.As(err, &apiErr) {
			t.Fatalf("error %v is not Mollie's refusal", err)
		}
		if apiErr.Detail != detail || apiErr.Field != field {
			t.Errorf("refusal detail %q field %q, want %q %q", apiErr.Detail, apiErr.Field, detail, field)
		}
		if !strings.Contains(err.Error(), detail) {
			t.Errorf("error %q does not say Mollie's detail %q", err, detail)
		}
	}
}

func TestCreatePayment(t *testing.T) {
	t.Parallel()
	created := answer{status: 201, file: "payment-open.json"}
	openPayment := billing.Payment{
		ID:          "tr_7UhSN1zuXS",
		Status:      billing.StatusOpen,
		CheckoutURL: "https://www.mollie.com/payscreen/select-method/7UhSN1zuXS",
		Amount:      billing.Money{Minor: 1000, Currency: "EUR"},
		Refunded:    billing.Money{Currency: "EUR"},
		ExpiresAt:   time.Date(2018, 3, 20, 9, 28, 37, 0, time.UTC),
	}
	cases := []struct {
		name       string
		key        string
		req        billing.PaymentRequest
		answer     answer
		wantBody   map[string]any // fields the request body must have (nil: absent)
		want       billing.Payment
		wantErr    error
		wantDetail string
		wantField  string
	}{
		{
			name: "EUR with iDEAL",
			req: billing.PaymentRequest{
				Amount: billing.Money{Minor: 1995, Currency: "EUR"}, Method: "ideal",
				Description: "Lustlokaal 100 credits", RedirectURL: "https://lustlokaal.example/credits/starter/ideal?payment_id=p1",
				WebhookURL: "https://lustlokaal.example/hooks/payments/mollie", Locale: "nl_NL", Reference: "p1",
			},
			answer: created,
			wantBody: map[string]any{
				"amount":      map[string]any{"currency": "EUR", "value": "19.95"},
				"description": "Lustlokaal 100 credits",
				"redirectUrl": "https://lustlokaal.example/credits/starter/ideal?payment_id=p1",
				"webhookUrl":  "https://lustlokaal.example/hooks/payments/mollie",
				"method":      "ideal",
				"locale":      "nl_NL",
				"metadata":    map[string]any{"reference": "p1"},
			},
			want: openPayment,
		},
		{
			name:     "JPY has no decimals, a card brand pays by creditcard",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 1200, Currency: "JPY"}, Method: "visa", RedirectURL: "https://x.example/r"},
			answer:   created,
			wantBody: map[string]any{"amount": map[string]any{"currency": "JPY", "value": "1200"}, "method": "creditcard", "locale": nil, "metadata": nil},
			want:     openPayment,
		},
		{
			name:     "ISK has no decimals",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 7, Currency: "ISK"}, Method: "mastercard", RedirectURL: "https://x.example/r"},
			answer:   created,
			wantBody: map[string]any{"amount": map[string]any{"currency": "ISK", "value": "7"}, "method": "creditcard"},
			want:     openPayment,
		},
		{
			name:     "cents below one unit keep their leading zero",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 5, Currency: "SEK"}, Method: "swish", RedirectURL: "https://x.example/r"},
			answer:   created,
			wantBody: map[string]any{"amount": map[string]any{"currency": "SEK", "value": "0.05"}, "method": "swish"},
			want:     openPayment,
		},
		{
			name:     "the engine's prezelewy24 is Mollie's przelewy24",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 123456, Currency: "PLN"}, Method: "prezelewy24", RedirectURL: "https://x.example/r", Locale: "pl_PL"},
			answer:   created,
			wantBody: map[string]any{"amount": map[string]any{"currency": "PLN", "value": "1234.56"}, "method": "przelewy24", "locale": "pl_PL"},
			want:     openPayment,
		},
		{
			name:     "sct is a bank transfer",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "sct", RedirectURL: "https://x.example/r"},
			answer:   created,
			wantBody: map[string]any{"amount": map[string]any{"currency": "EUR", "value": "1.00"}, "method": "banktransfer"},
			want:     openPayment,
		},
		{
			name:     "sdd is a direct debit, a bare language is left to the browser",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "sdd", RedirectURL: "https://x.example/r", Locale: "nl"},
			answer:   created,
			wantBody: map[string]any{"method": "directdebit", "locale": nil},
			want:     openPayment,
		},
		{
			name:     "no method lets the payer choose at Mollie",
			req:      billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, RedirectURL: "https://x.example/r"},
			answer:   created,
			wantBody: map[string]any{"method": nil, "webhookUrl": nil},
			want:     openPayment,
		},
		{
			name:       "422 is a refusal with Mollie's detail and field",
			req:        billing.PaymentRequest{Amount: billing.Money{Minor: 100000000000, Currency: "EUR"}, Method: "ideal", RedirectURL: "https://x.example/r"},
			answer:     answer{status: 422, file: "error-422.json"},
			wantErr:    billing.ErrProviderRefused,
			wantDetail: "The amount is higher than the maximum",
			wantField:  "amount",
		},
		{
			name:       "a wrong key is refused with Mollie's 401",
			key:        "test_wrong_key",
			req:        billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "ideal", RedirectURL: "https://x.example/r"},
			answer:     created,
			wantErr:    billing.ErrProviderRefused,
			wantDetail: "Missing authentication, or failed to authenticate",
		},
		{
			name:    "500 is unavailable",
			req:     billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "ideal", RedirectURL: "https://x.example/r"},
			answer:  answer{status: 500, raw: `{"status":500,"title":"Internal Server Error","detail":"oops"}`},
			wantErr: billing.ErrProviderUnavailable,
		},
		{
			name:    "429 (Mollie's rate limit) is unavailable",
			req:     billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "ideal", RedirectURL: "https://x.example/r"},
			answer:  answer{status: 429, raw: `{"status":429,"title":"Too Many Requests","detail":"slow down"}`},
			wantErr: billing.ErrProviderUnavailable,
		},
		{
			name:    "a 201 that is not JSON is unavailable",
			req:     billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "ideal", RedirectURL: "https://x.example/r"},
			answer:  answer{status: 201, raw: `<html>proxy</html>`},
			wantErr: billing.ErrProviderUnavailable,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, tc.answer)
			key := tc.key
			if key == "" {
				key = testKey
			}
			got, err := newProvider(t, srv, key).CreatePayment(context.Background(), tc.req)
			checkError(t, err, tc.wantErr, tc.wantDetail, tc.wantField)
			if tc.wantErr == nil && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("payment %+v, want %+v", got, tc.want)
			}
			reqs := srv.received(t)
			if len(reqs) != 1 {
				t.Fatalf("Mollie received %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != "POST" || r.Path != "/v2/payments" || r.Auth != "Bearer "+key || r.ContentType != "application/json" {
				t.Errorf("request %s %s auth %q type %q, want POST /v2/payments with the key as bearer and JSON", r.Method, r.Path, r.Auth, r.ContentType)
			}
			if r.IdempotencyKey != tc.req.Reference {
				t.Errorf("Idempotency-Key %q, want the reference %q", r.IdempotencyKey, tc.req.Reference)
			}
			for field, want := range tc.wantBody {
				if got, ok := r.Body[field]; want == nil && ok {
					t.Errorf("body has %s = %v, want it left out", field, got)
				} else if want != nil && !reflect.DeepEqual(got, want) {
					t.Errorf("body %s = %#v, want %#v", field, got, want)
				}
			}
		})
	}
}

func TestCreatePaymentRefusesBadInputWithoutCallingMollie(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		req  billing.PaymentRequest
	}{
		{"zero amount", billing.PaymentRequest{Amount: billing.Money{Minor: 0, Currency: "EUR"}, Method: "ideal"}},
		{"negative amount", billing.PaymentRequest{Amount: billing.Money{Minor: -100, Currency: "EUR"}, Method: "ideal"}},
		{"no currency", billing.PaymentRequest{Amount: billing.Money{Minor: 100}, Method: "ideal"}},
		{"lower-case currency", billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "eur"}, Method: "ideal"}},
		{"unknown method", billing.PaymentRequest{Amount: billing.Money{Minor: 100, Currency: "EUR"}, Method: "bitcoin"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, answer{status: 201, file: "payment-open.json"})
			if _, err := newProvider(t, srv, testKey).CreatePayment(context.Background(), tc.req); err == nil {
				t.Fatal("no error")
			}
			if n := len(srv.received(t)); n != 0 {
				t.Errorf("Mollie received %d requests, want none", n)
			}
		})
	}
}

func TestFetchPayment(t *testing.T) {
	t.Parallel()
	settled := func(status billing.Status, method string) billing.Payment {
		return billing.Payment{
			ID: "tr_WDqYK6vllg", Status: status, Method: method,
			Amount: billing.Money{Minor: 1000, Currency: "EUR"}, Refunded: billing.Money{Currency: "EUR"},
		}
	}
	refunded := settled(billing.StatusPaid, "creditcard")
	refunded.Amount.Minor, refunded.Refunded.Minor = 3507, 595
	cases := []struct {
		name       string
		id         string
		answer     answer
		want       billing.Payment
		wantErr    error
		wantDetail string
		noRequest  bool
	}{
		{name: "open", id: "tr_7UhSN1zuXS", answer: answer{status: 200, file: "payment-open.json"}, want: billing.Payment{
			ID: "tr_7UhSN1zuXS", Status: billing.StatusOpen, CheckoutURL: "https://www.mollie.com/payscreen/select-method/7UhSN1zuXS",
			Amount: billing.Money{Minor: 1000, Currency: "EUR"}, Refunded: billing.Money{Currency: "EUR"},
			ExpiresAt: time.Date(2018, 3, 20, 9, 28, 37, 0, time.UTC),
		}},
		{name: "paid", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-paid.json"}, want: settled(billing.StatusPaid, "ideal")},
		{name: "paid and partly refunded", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-paid-refunded.json"}, want: refunded},
		{name: "expired", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-expired.json"}, want: settled(billing.StatusExpired, "")},
		{name: "failed", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-failed.json"}, want: settled(billing.StatusFailed, "creditcard")},
		{name: "canceled", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-canceled.json"}, want: settled(billing.StatusCanceled, "bancontact")},
		{
			name: "404 is not found", id: "tr_I_dont_exist" /* not Mollie's form: not asked */, noRequest: true,
			wantErr: billing.ErrPaymentNotFound,
		},
		{
			name: "Mollie's 404", id: "tr_Idontexist", answer: answer{status: 404, file: "error-404.json"},
			wantErr: billing.ErrPaymentNotFound, wantDetail: "No payment exists with token tr_I_dont_exist.",
		},
		{name: "a path in a forged id is never sent", id: "../methods", noRequest: true, wantErr: billing.ErrPaymentNotFound},
		{name: "an empty id", id: "", noRequest: true, wantErr: billing.ErrPaymentNotFound},
		{name: "another provider's id", id: "sb_abc", noRequest: true, wantErr: billing.ErrPaymentNotFound},
		{name: "503 is unavailable", id: "tr_WDqYK6vllg", answer: answer{status: 503, raw: `{"status":503,"title":"Service Unavailable","detail":"maintenance"}`}, wantErr: billing.ErrProviderUnavailable},
		{name: "an unknown status moves nothing", id: "tr_WDqYK6vllg", answer: answer{status: 200, raw: `{"id":"tr_WDqYK6vllg","status":"charged_back","amount":{"value":"10.00","currency":"EUR"}}`}, wantErr: billing.ErrProviderUnavailable},
		{name: "an amount with too many decimals", id: "tr_WDqYK6vllg", answer: answer{status: 200, raw: `{"id":"tr_WDqYK6vllg","status":"paid","amount":{"value":"10.001","currency":"EUR"}}`}, wantErr: billing.ErrProviderUnavailable},
		{name: "an amount that is a number", id: "tr_WDqYK6vllg", answer: answer{status: 200, raw: `{"id":"tr_WDqYK6vllg","status":"paid","amount":{"value":10,"currency":"EUR"}}`}, wantErr: billing.ErrProviderUnavailable},
		{name: "a 403 without Mollie's body is a refusal", id: "tr_WDqYK6vllg", answer: answer{status: 403, raw: `Forbidden`}, wantErr: billing.ErrProviderRefused},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, tc.answer)
			got, err := newProvider(t, srv, testKey).FetchPayment(context.Background(), tc.id)
			checkError(t, err, tc.wantErr, tc.wantDetail, "")
			if tc.wantErr == nil && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("payment %+v, want %+v", got, tc.want)
			}
			reqs := srv.received(t)
			if tc.noRequest {
				if len(reqs) != 0 {
					t.Errorf("Mollie received %+v, want nothing", reqs)
				}
				return
			}
			if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/v2/payments/"+tc.id || reqs[0].Auth != "Bearer "+testKey {
				t.Errorf("Mollie received %+v, want one GET /v2/payments/%s with the key", reqs, tc.id)
			}
		})
	}
}

// TestCancelPayment: DELETE /v2/payments/{id} with the key; Mollie's
// canceled payment is answered, its 422 for a payment it will not cancel
// is a refusal, its 404 not found; a forged id is never sent.
func TestCancelPayment(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		id        string
		answer    answer
		wantErr   error
		noRequest bool
	}{
		{name: "canceled", id: "tr_WDqYK6vllg", answer: answer{status: 200, file: "payment-canceled.json"}},
		{name: "not cancelable", id: "tr_WDqYK6vllg", answer: answer{status: 422,
			raw: `{"status":422,"title":"Unprocessable Entity","detail":"The payment cannot be canceled."}`}, wantErr: billing.ErrProviderRefused},
		{name: "Mollie's 404", id: "tr_Idontexist", answer: answer{status: 404, file: "error-404.json"}, wantErr: billing.ErrPaymentNotFound},
		{name: "a forged id", id: "../methods", noRequest: true, wantErr: billing.ErrPaymentNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, tc.answer)
			got, err := newProvider(t, srv, testKey).CancelPayment(context.Background(), tc.id)
			if tc.wantErr == nil {
				if err != nil || got.Status != billing.StatusCanceled || got.ID != tc.id {
					t.Fatalf("cancel answered %+v, %v", got, err)
				}
			} else if !errors.Is(err, tc.wantErr) || strings.Contains(err.Error(), testKey) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			reqs := srv.received(t)
			if tc.noRequest {
				if len(reqs) != 0 {
					t.Fatalf("Mollie received %+v", reqs)
				}
				return
			}
			if len(reqs) != 1 || reqs[0].Method != "DELETE" || reqs[0].Path != "/v2/payments/"+tc.id || reqs[0].Auth != "Bearer "+testKey {
				t.Fatalf("Mollie received %+v, want one DELETE /v2/payments/%s with the key", reqs, tc.id)
			}
		})
	}
}

func TestCreateRefund(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		req        billing.RefundRequest
		answer     answer
		wantBody   map[string]any
		want       billing.Refund
		wantErr    error
		wantDetail string
	}{
		{
			name:     "refund",
			req:      billing.RefundRequest{PaymentID: "tr_WDqYK6vllg", Amount: billing.Money{Minor: 595, Currency: "EUR"}, Description: "Order #33"},
			answer:   answer{status: 201, file: "refund.json"},
			wantBody: map[string]any{"amount": map[string]any{"currency": "EUR", "value": "5.95"}, "description": "Order #33"},
			want:     billing.Refund{ID: "re_4qqhO89gsT", Status: "pending", Amount: billing.Money{Minor: 595, Currency: "EUR"}},
		},
		{
			name:     "a long description is cut to Mollie's 140 characters",
			req:      billing.RefundRequest{PaymentID: "tr_WDqYK6vllg", Amount: billing.Money{Minor: 595, Currency: "EUR"}, Description: strings.Repeat("é", 200)},
			answer:   answer{status: 201, file: "refund.json"},
			wantBody: map[string]any{"description": strings.Repeat("é", 140)},
			want:     billing.Refund{ID: "re_4qqhO89gsT", Status: "pending", Amount: billing.Money{Minor: 595, Currency: "EUR"}},
		},
		{
			name:       "a duplicate refund is refused",
			req:        billing.RefundRequest{PaymentID: "tr_WDqYK6vllg", Amount: billing.Money{Minor: 595, Currency: "EUR"}},
			answer:     answer{status: 409, file: "error-409-refund.json"},
			wantErr:    billing.ErrProviderRefused,
			wantDetail: "A duplicate refund has been detected",
		},
		{
			name:       "an unknown payment",
			req:        billing.RefundRequest{PaymentID: "tr_Idontexist", Amount: billing.Money{Minor: 595, Currency: "EUR"}},
			answer:     answer{status: 404, file: "error-404.json"},
			wantErr:    billing.ErrPaymentNotFound,
			wantDetail: "No payment exists with token tr_I_dont_exist.",
		},
		{
			name:    "Mollie failing",
			req:     billing.RefundRequest{PaymentID: "tr_WDqYK6vllg", Amount: billing.Money{Minor: 595, Currency: "EUR"}},
			answer:  answer{status: 502, raw: `Bad Gateway`},
			wantErr: billing.ErrProviderUnavailable,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, tc.answer)
			got, err := newProvider(t, srv, testKey).CreateRefund(context.Background(), tc.req)
			checkError(t, err, tc.wantErr, tc.wantDetail, "")
			if tc.wantErr == nil && got != tc.want {
				t.Errorf("refund %+v, want %+v", got, tc.want)
			}
			reqs := srv.received(t)
			if len(reqs) != 1 || reqs[0].Method != "POST" || reqs[0].Path != "/v2/payments/"+tc.req.PaymentID+"/refunds" || reqs[0].Auth != "Bearer "+testKey {
				t.Fatalf("Mollie received %+v, want one POST /v2/payments/%s/refunds with the key", reqs, tc.req.PaymentID)
			}
			for field, want := range tc.wantBody {
				if got := reqs[0].Body[field]; !reflect.DeepEqual(got, want) {
					t.Errorf("body %s = %#v, want %#v", field, got, want)
				}
			}
		})
	}
}

func TestMethods(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		amount    billing.Money
		answer    answer
		wantQuery string
		want      []string
		wantErr   error
	}{
		{
			name:      "EUR",
			amount:    billing.Money{Minor: 1995, Currency: "EUR"},
			answer:    answer{status: 200, file: "methods.json"},
			wantQuery: "amount%5Bcurrency%5D=EUR&amount%5Bvalue%5D=19.95&includeWallets=applepay",
			// Mollie's order; creditcard stands for every card brand;
			// Klarna is no method of the engine.
			want: []string{"ideal", "creditcard", "visa", "mastercard", "maestro", "cartebancaire", "dankort", "nexi",
				"applepay", "bancontact", "sct", "paypal", "prezelewy24", "sdd"},
		},
		{
			name:      "JPY",
			amount:    billing.Money{Minor: 5000, Currency: "JPY"},
			answer:    answer{status: 200, raw: `{"count":0,"_embedded":{"methods":[]}}`},
			wantQuery: "amount%5Bcurrency%5D=JPY&amount%5Bvalue%5D=5000&includeWallets=applepay",
			want:      nil,
		},
		{
			name:      "Mollie failing",
			amount:    billing.Money{Minor: 1995, Currency: "EUR"},
			answer:    answer{status: 500, raw: `{}`},
			wantQuery: "amount%5Bcurrency%5D=EUR&amount%5Bvalue%5D=19.95&includeWallets=applepay",
			wantErr:   billing.ErrProviderUnavailable,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newMollieServer(t, tc.answer)
			got, err := newProvider(t, srv, testKey).Methods(context.Background(), tc.amount)
			checkError(t, err, tc.wantErr, "", "")
			if !slices.Equal(got, tc.want) {
				t.Errorf("methods %q, want %q", got, tc.want)
			}
			reqs := srv.received(t)
			if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/v2/methods" || reqs[0].Query != tc.wantQuery || reqs[0].Auth != "Bearer "+testKey {
				t.Errorf("Mollie received %+v, want one GET /v2/methods?%s with the key", reqs, tc.wantQuery)
			}
		})
	}
}

// TestUnreachable: a Mollie that does not answer in time, or not at all, is
// unavailable, and the call returns within its timeout.
func TestUnreachable(t *testing.T) {
	t.Parallel()
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // answers only when the client gives up
	}))
	t.Cleanup(hanging.Close)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()

	cases := []struct {
		name string
		url  string
		want error
	}{
		{"timeout", hanging.URL, context.DeadlineExceeded},
		{"connection refused", closed.URL, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, err := mollie.New(mollie.Config{APIKey: testKey, BaseURL: tc.url, Timeout: 200 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err = p.FetchPayment(context.Background(), "tr_WDqYK6vllg")
			checkError(t, err, billing.ErrProviderUnavailable, "", "")
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want it to be %v", err, tc.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the call took %v", d)
			}
		})
	}
}

func TestNew(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		cfg  mollie.Config
		ok   bool
	}{
		{"key and default URL", mollie.Config{APIKey: testKey}, true},
		{"live key and a proxy", mollie.Config{APIKey: "live_abc", BaseURL: "http://127.0.0.1:9999/v2/"}, true},
		{"no key", mollie.Config{}, false},
		{"blank key", mollie.Config{APIKey: "  "}, false},
		{"key with a line break", mollie.Config{APIKey: "test_a\nb"}, false},
		{"relative URL", mollie.Config{APIKey: testKey, BaseURL: "/v2"}, false},
		{"other scheme", mollie.Config{APIKey: testKey, BaseURL: "ftp://api.mollie.com/v2"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, err := mollie.New(tc.cfg)
			if (err == nil) != tc.ok {
				t.Fatalf("New: %v, want ok %v", err, tc.ok)
			}
			if err != nil && strings.Contains(err.Error(), tc.cfg.APIKey) && strings.TrimSpace(tc.cfg.APIKey) != "" {
				t.Errorf("error shows the key: %v", err)
			}
			if err == nil && p.Name() != "mollie" {
				t.Errorf("name %q", p.Name())
			}
		})
	}
}

// TestMethodNames: every one of the engine's 24 methods has a Mollie
// method, and each Mollie method maps back to the names that chose it.
func TestMethodNames(t *testing.T) {
	t.Parallel()
	spec := []string{"sdd", "prezelewy24", "blik", "sct", "giropay", "mastercard", "visa", "creditcard", "dankort",
		"mobilepay", "swish", "twint", "satispay", "vipps", "cartebancaire", "nexi", "ideal", "bancontact", "applepay",
		"paysafecard", "maestro", "paypal", "sofort", "eps"}
	want := map[string]string{"sdd": "directdebit", "sct": "banktransfer", "prezelewy24": "przelewy24",
		"mastercard": "creditcard", "visa": "creditcard", "dankort": "creditcard", "cartebancaire": "creditcard",
		"nexi": "creditcard", "maestro": "creditcard"}
	for _, name := range spec {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			id, ok := mollie.MethodID(name)
			if !ok {
				t.Fatalf("%s has no Mollie method", name)
			}
			if w, ok := want[name]; ok && id != w || !ok && id != name {
				t.Errorf("%s -> %s", name, id)
			}
			if !slices.Contains(mollie.SpecMethods(id), name) {
				t.Errorf("%s -> %s -> %q does not lead back", name, id, mollie.SpecMethods(id))
			}
			if back := mollie.SpecMethod(id); id != "creditcard" && back != name || id == "creditcard" && back != "creditcard" {
				t.Errorf("a payment paid with %s reads as %s", id, back)
			}
		})
	}
	if got := mollie.SpecMethods("klarna"); got != nil {
		t.Errorf("klarna -> %q, want nothing", got)
	}
}
