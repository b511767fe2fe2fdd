package billing_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/mollie/mollietest"
	"rendezvous/engine/delivery"
	"rendezvous/engine/limits"
	"rendezvous/engine/server/servertest"
)

// codeSent is the answer to a direct debit's start.
type codeSent struct {
	Status       string    `json:"status"`
	IBAN         string    `json:"iban"`
	Phone        string    `json:"phone"`
	PackageID    string    `json:"package_id"`
	Amount       int64     `json:"amount"`
	Currency     string    `json:"currency"`
	ExpiresAt    time.Time `json:"expires_at"`
	ResendAt     time.Time `json:"resend_at"`
	AttemptsLeft int       `json:"attempts_left"`
	ListAmount   *int64    `json:"list_amount"`
	DiscountCode *string   `json:"discount_code"`
}

const testIBAN = "NL91 ABNA 0417 1643 00"

func ddStart(t *testing.T, c *servertest.Client, body map[string]any) codeSent {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/directdebit.php", body)
	res.Want(t, http.StatusAccepted, "")
	var out codeSent
	res.JSON(t, &out)
	return out
}

// ddBody is a start of a direct debit of pkg texting phone (each test its
// own number, as the tests share the tenant's mailbox).
func ddBody(pkg, phone string) map[string]any {
	return map[string]any{"package_id": pkg, "waive_withdrawal": true, "iban": testIBAN, "holder": "Jan de Vries", "phone": phone}
}

var smsCode = regexp.MustCompile(`\b[0-9]{6}\b`)

// awaitSMS waits for the n-th SMS to phone in the tenant's development
// mailbox (the job runs in the background) and answers its text.
func awaitSMS(t *testing.T, env *servertest.Env, tenantID int64, phone string, n int) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		mails, err := env.Engine.Mailbox.List(context.Background(), tenantID)
		if err != nil {
			t.Fatal(err)
		}
		var texts []delivery.Stored
		for _, m := range mails {
			if m.To == phone && m.Subject == "SMS" {
				texts = append(texts, m)
			}
		}
		if len(texts) >= n {
			return texts[0].Text // newest first
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d SMS to %s, want %d", len(texts), phone, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func codeOf(t *testing.T, text string) string {
	t.Helper()
	code := smsCode.FindString(text)
	if code == "" {
		t.Fatalf("no code in %q", text)
	}
	return code
}

// wrongCode is a code that is not code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func ddConfirm(c *servertest.Client, code string) servertest.Response {
	return c.Do(http.MethodPost, "/api/directdebit.php", map[string]any{"code": code})
}

// A direct debit: the code is texted (kept in the development mailbox in
// the member's language), a wrong code is 'Code invalid', the right one
// places the order as a direct debit at the provider, whose payment
// completes the order and books its credits once; the code is used up.
func TestDirectDebitWithSMSCode(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
	member.Country = "NL"
	sent := ddStart(t, member, ddBody("starter", "06 1234 5678"))
	if sent.Status != "code_sent" || sent.IBAN != "NL91 **** 4300" || sent.Phone != "+316*****678" || sent.Amount != 1995 ||
		sent.Currency != "EUR" || sent.AttemptsLeft != billing.CodeAttempts || time.Until(sent.ExpiresAt) < 9*time.Minute {
		t.Fatalf("start %+v", sent)
	}
	text := awaitSMS(t, env, made.TenantID, "+31612345678", 1)
	code := codeOf(t, text)
	if !strings.Contains(text, "LustLokaal") || !strings.Contains(text, "19,95") {
		t.Fatalf("SMS %q", text)
	}
	res := ddConfirm(member, wrongCode(code))
	res.Want(t, http.StatusUnprocessableEntity, "code_invalid")
	var refused struct {
		Message      string `json:"message"`
		AttemptsLeft int    `json:"attempts_left"`
	}
	res.JSON(t, &refused)
	if refused.Message != "Code invalid" || refused.AttemptsLeft != billing.CodeAttempts-1 {
		t.Fatalf("wrong code: %+v", refused)
	}
	wantBooked(t, env, made.ID, 7, 0, false)

	res = ddConfirm(member, code)
	res.Want(t, http.StatusCreated, "")
	var co checkout
	res.JSON(t, &co)
	if co.OrderID == 0 || !strings.HasPrefix(co.PaymentID, "pay_") ||
		co.RedirectURL != "http://localhost/credits/starter/sdd?payment_id="+co.PaymentID {
		t.Fatalf("checkout %+v", co)
	}
	s := awaitStatus(t, member, co.PaymentID, "completed")
	if s.Method != "sdd" || s.Amount != 1995 || s.Credits != 100 {
		t.Fatalf("payment %+v", s)
	}
	wantBooked(t, env, made.ID, 107, 1, true)
	// The provider was asked for a direct debit, not a checkout.
	var method, status string
	if err := env.Pool.QueryRow(context.Background(), "SELECT method, status FROM sandbox_payments WHERE tenant_id = $1", made.TenantID).Scan(&method, &status); err != nil {
		t.Fatal(err)
	}
	if method != "sdd" || status != "paid" {
		t.Fatalf("sandbox payment %s %s", method, status)
	}
	// The code is used up, the account number gone; the webhook the
	// sandbox queued changes nothing.
	ddConfirm(member, code).Want(t, http.StatusGone, "sms_code_expired")
	var flows int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM direct_debit_flows").Scan(&flows); err != nil || flows != 0 {
		t.Fatalf("%d confirmations left (%v)", flows, err)
	}
	wantBooked(t, env, made.ID, 107, 1, true)
}

// The SMS is written in the member's language.
func TestDirectDebitSMSInTheMembersLanguage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET language = 'de' WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	member.Country = "DE"
	body := ddBody("starter", "06 1234 5678")
	body["iban"], body["phone"] = "DE89 3704 0044 0532 0130 00", "0151 23456789"
	sent := ddStart(t, member, body)
	if sent.IBAN != "DE89 **** 3000" || sent.Phone != "+491*******789" {
		t.Fatalf("start %+v", sent)
	}
	text := awaitSMS(t, env, made.TenantID, "+4915123456789", 1)
	if !strings.Contains(text, "Lastschrift") || !strings.Contains(text, "Herzklopfen") {
		t.Fatalf("SMS %q", text)
	}
}

// A code takes CodeAttempts wrong tries, then it is dead (even the right
// code); a new code is texted at most every CodeResendGap and CodesPerDay
// times a day; a code past its time is dead.
func TestDirectDebitCodeAttemptsAndLimits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	ctx := context.Background()
	ddStart(t, member, ddBody("starter", "06 1234 5679"))
	code := codeOf(t, awaitSMS(t, env, made.TenantID, "+31612345679", 1))
	for i := 1; i <= billing.CodeAttempts; i++ {
		res := ddConfirm(member, wrongCode(code))
		res.Want(t, http.StatusUnprocessableEntity, "code_invalid")
		var left struct {
			AttemptsLeft int `json:"attempts_left"`
		}
		res.JSON(t, &left)
		if left.AttemptsLeft != billing.CodeAttempts-i {
			t.Fatalf("attempt %d: %d left", i, left.AttemptsLeft)
		}
	}
	ddConfirm(member, code).Want(t, http.StatusGone, "sms_code_expired")
	// Not 6 digits: refused without counting.
	ddConfirm(member, "12a456").Want(t, http.StatusUnprocessableEntity, "code_invalid")

	// A new code only after the gap.
	member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 1234 5679")).Want(t, http.StatusTooManyRequests, "sms_code_wait")
	back := func() {
		t.Helper()
		if _, err := env.Pool.Exec(ctx, "UPDATE direct_debit_flows SET sent_at = sent_at - interval '61 seconds' WHERE member_id = $1", made.ID); err != nil {
			t.Fatal(err)
		}
	}
	back()
	ddStart(t, member, ddBody("starter", "06 1234 5679"))
	code = codeOf(t, awaitSMS(t, env, made.TenantID, "+31612345679", 2))
	// Past its time, the new code is dead too.
	if _, err := env.Pool.Exec(ctx, "UPDATE direct_debit_flows SET expires_at = now() - interval '1 second' WHERE member_id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	ddConfirm(member, code).Want(t, http.StatusGone, "sms_code_expired")
	// CodesPerDay codes a day, then no more until the day is over.
	for n := 3; n <= billing.CodesPerDay; n++ {
		back()
		ddStart(t, member, ddBody("starter", "06 1234 5679"))
		awaitSMS(t, env, made.TenantID, "+31612345679", n)
	}
	back()
	member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 1234 5679")).Want(t, http.StatusTooManyRequests, "sms_code_limit")
	if _, err := env.Pool.Exec(ctx, "UPDATE direct_debit_flows SET window_start = window_start - interval '1 day' WHERE member_id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	ddStart(t, member, ddBody("starter", "06 1234 5679"))
	code = codeOf(t, awaitSMS(t, env, made.TenantID, "+31612345679", billing.CodesPerDay+1))
	ddConfirm(member, code).Want(t, http.StatusCreated, "")
	wantBooked(t, env, made.ID, 100, 1, true)
}

// Bad input is refused with its code and changes nothing: no
// confirmation stored, no SMS.
func TestDirectDebitRefusesBadInput(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		name, field, value string
		status             int
		code               string
	}{
		{"IBAN checksum", "iban", "NL92 ABNA 0417 1643 00", 422, "iban_invalid"},
		{"IBAN too short", "iban", "NL91 ABNA 0417 1643 0", 422, "iban_invalid"},
		{"IBAN characters", "iban", "NL91 ABNA 0417 1643 0!", 422, "iban_invalid"},
		{"IBAN empty", "iban", "", 422, "iban_invalid"},
		{"IBAN outside SEPA", "iban", "BR18 0036 0305 0000 1000 9795 493C 1", 422, "iban_not_sepa"},
		{"landline", "phone", "020 123 4567", 422, "phone_invalid"},
		{"phone letters", "phone", "06-CALL-ME", 422, "phone_invalid"},
		{"a German mobile for an NL payment", "phone", "+49 170 1234567", 422, "phone_invalid"},
		{"a Russian mobile for an NL payment", "phone", "+7 912 345 67 89", 422, "phone_invalid"},
		{"a premium-rate number", "phone", "0906 123 4567", 422, "phone_invalid"},
		{"holder empty", "holder", " ", 422, "holder_invalid"},
		{"holder digits", "holder", "12345", 422, "holder_invalid"},
		{"holder too long", "holder", strings.Repeat("a", 71), 422, "holder_invalid"},
		{"no package", "package_id", "gold", 422, "package_invalid"},
		{"country without direct debit", "country", "BE", 422, "paymentmethod_invalid"},
		{"country not served", "country", "US", 422, "country_invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
			member.Country = "NL"
			body := ddBody("starter", "06 1234 5670")
			body[c.field] = c.value
			member.Do(http.MethodPost, "/api/directdebit.php", body).Want(t, c.status, c.code)
			var flows int
			if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM direct_debit_flows WHERE member_id = $1", made.ID).Scan(&flows); err != nil || flows != 0 {
				t.Fatalf("%d confirmations (%v)", flows, err)
			}
			// Without a started confirmation a code is no use.
			ddConfirm(member, "123456").Want(t, http.StatusGone, "sms_code_expired")
		})
	}
	visitor := env.Client(t, "localhost")
	visitor.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 1234 5670")).Want(t, http.StatusForbidden, "authentication_required")
}

// The codes texted are limited per client address and per number, whoever
// asks (429 with sms_client_limit or sms_number_limit and retry_after);
// refused starts text nothing.
func TestDirectDebitTextLimits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	env.Limits.Set(limits.SMSNumber, limits.Rule{Max: 2, Window: time.Hour})
	env.Limits.Set(limits.SMSClient, limits.Rule{Max: 4, Window: time.Hour})
	start := func(phone string) servertest.Response {
		t.Helper()
		member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
		member.Country = "NL"
		return member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", phone))
	}
	// Two members text one number; a third member may not.
	start("06 4100 0001").Want(t, http.StatusAccepted, "")
	start("+31 6 4100 0001").Want(t, http.StatusAccepted, "")
	res := start("0031641000001")
	res.Want(t, http.StatusTooManyRequests, "sms_number_limit")
	var wait struct {
		RetryAfter int `json:"retry_after"`
	}
	res.JSON(t, &wait)
	if wait.RetryAfter < 1 || wait.RetryAfter > 3600 {
		t.Fatalf("retry_after %d", wait.RetryAfter)
	}
	// This address has asked four times now (the refused start counted):
	// another number is refused for the address.
	start("06 4100 0002").Want(t, http.StatusAccepted, "")
	start("06 4100 0003").Want(t, http.StatusTooManyRequests, "sms_client_limit")
	_, someone := env.LoggedIn(t, "localhost", accountstest.Member{})
	tenant := someone.TenantID
	awaitSMS(t, env, tenant, "+31641000001", 2)
	awaitSMS(t, env, tenant, "+31641000002", 1)
	var texts int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM direct_debit_flows WHERE phone IN ('+31641000001', '+31641000002', '+31641000003')").Scan(&texts); err != nil || texts != 3 {
		t.Fatalf("%d confirmations (%v)", texts, err)
	}
}

// A member who has not confirmed their e-mail address cannot have a code
// texted (403 email_unconfirmed); nothing is stored or sent.
func TestDirectDebitNeedsConfirmedAddress(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Status: "not_confirmed"})
	member.Country = "NL"
	member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 4200 0001")).Want(t, http.StatusForbidden, "email_unconfirmed")
	var flows int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM direct_debit_flows WHERE member_id = $1", made.ID).Scan(&flows); err != nil || flows != 0 {
		t.Fatalf("%d confirmations (%v)", flows, err)
	}
	// Once confirmed, the same start texts the code.
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET status = 'active', activated_at = now() WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	ddStart(t, member, ddBody("starter", "06 4200 0001"))
	awaitSMS(t, env, made.TenantID, "+31642000001", 1)
}

// A blocked member is refused at the start and at the confirmation
// (blocked meanwhile); over the tenant's limit of orders or amount in the
// period, a member is refused with dd_limit.
func TestDirectDebitBlockAndLimits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	// Lustlokaal allows 2 direct debits and EUR 50.00 per 30 days.
	env.ChangeTenants(t, `UPDATE tenants SET settings = jsonb_set(settings, '{billing,direct_debit}', '{"max_orders": 2, "max_amount": 5000}') WHERE slug = 'lustlokaal'`)

	t.Run("blocked", func(t *testing.T) {
		t.Parallel()
		member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
		member.Country = "NL"
		if ok, err := billing.BlockDirectDebit(ctx, env.Pool, made.ID, true, "chargeback"); err != nil || !ok {
			t.Fatalf("block: %v %v", ok, err)
		}
		res := member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 2000 0001"))
		res.Want(t, http.StatusForbidden, "dd_blocked")
		var body struct{ Message string }
		res.JSON(t, &body)
		if body.Message != "Your account is blocked for direct debit payments." {
			t.Fatalf("message %q", body.Message)
		}
		if ok, err := billing.BlockDirectDebit(ctx, env.Pool, made.ID, false, ""); err != nil || !ok {
			t.Fatalf("unblock: %v %v", ok, err)
		}
		ddStart(t, member, ddBody("starter", "06 2000 0001"))
		code := codeOf(t, awaitSMS(t, env, made.TenantID, "+31620000001", 1))
		if _, err := billing.BlockDirectDebit(ctx, env.Pool, made.ID, true, "chargeback"); err != nil {
			t.Fatal(err)
		}
		ddConfirm(member, code).Want(t, http.StatusForbidden, "dd_blocked")
		wantBooked(t, env, made.ID, 0, 0, false)
	})

	t.Run("amount", func(t *testing.T) {
		t.Parallel()
		member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
		member.Country = "NL"
		res := member.Do(http.MethodPost, "/api/directdebit.php", ddBody("value", "06 2000 0002")) // 79.95
		res.Want(t, http.StatusTooManyRequests, "dd_limit")
		var body struct{ Message string }
		res.JSON(t, &body)
		if body.Message != "Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method." {
			t.Fatalf("message %q", body.Message)
		}
	})

	t.Run("orders", func(t *testing.T) {
		t.Parallel()
		member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
		member.Country = "NL"
		for i := 1; i <= 2; i++ {
			if i > 1 {
				if _, err := env.Pool.Exec(ctx, "UPDATE direct_debit_flows SET sent_at = sent_at - interval '61 seconds' WHERE member_id = $1", made.ID); err != nil {
					t.Fatal(err)
				}
			}
			ddStart(t, member, ddBody("starter", "06 2000 0003"))
			code := codeOf(t, awaitSMS(t, env, made.TenantID, "+31620000003", i))
			ddConfirm(member, code).Want(t, http.StatusCreated, "")
		}
		wantBooked(t, env, made.ID, 200, 2, true)
		// The third within the period is refused; a failed one would not
		// have counted, nor one older than the period.
		member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 2000 0003")).Want(t, http.StatusTooManyRequests, "dd_limit")
		if _, err := env.Pool.Exec(ctx, "UPDATE orders SET created_at = now() - interval '31 days' WHERE member_id = $1 AND id = (SELECT min(id) FROM orders WHERE member_id = $1)", made.ID); err != nil {
			t.Fatal(err)
		}
		ddStart(t, member, ddBody("starter", "06 2000 0003"))
	})
}

// The member's active discount applies to a direct debit as to any order:
// the code is applied on the server (method sdd), the provider collects the
// discounted amount, the order holds and then uses the code.
func TestDirectDebitWithTheTimeBonus(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	if err := discounts.EnsureTimeBonus(context.Background(), env.Pool, made.TenantID); err != nil {
		t.Fatal(err)
	}
	body := ddBody("starter", "06 3000 0001")
	body["discount_code"] = "timebonus25"
	sent := ddStart(t, member, body)
	// 19.95 less 25%, rounded half up.
	if sent.Amount != 1496 || sent.ListAmount == nil || *sent.ListAmount != 1995 || sent.DiscountCode == nil || *sent.DiscountCode != "TIMEBONUS25" {
		t.Fatalf("start %+v", sent)
	}
	text := awaitSMS(t, env, made.TenantID, "+31630000001", 1)
	if !strings.Contains(text, "14,96") {
		t.Fatalf("SMS %q", text)
	}
	res := ddConfirm(member, codeOf(t, text))
	res.Want(t, http.StatusCreated, "")
	var co checkout
	res.JSON(t, &co)
	if s := awaitStatus(t, member, co.PaymentID, "completed"); s.Amount != 1496 {
		t.Fatalf("payment %+v", s)
	}
	var collected int64
	if err := env.Pool.QueryRow(context.Background(), "SELECT amount FROM sandbox_payments WHERE tenant_id = $1 AND method = 'sdd' ORDER BY created_at DESC LIMIT 1", made.TenantID).Scan(&collected); err != nil || collected != 1496 {
		t.Fatalf("collected %d (%v)", collected, err)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	// Used once for good.
	member.Do(http.MethodPost, "/api/directdebit.php", body).Want(t, http.StatusConflict, "code_used")
}

// mollieDirectDebitEngine starts an engine whose tenant lustlokaal sells
// through a local Mollie, direct debit (sdd) offered in NL.
func mollieDirectDebitEngine(t *testing.T) (*servertest.Env, *mollietest.Server) {
	t.Helper()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	env.ChangeTenants(t, `UPDATE tenants SET settings = jsonb_set(settings, '{billing,countries,NL,methods}', '["ideal", "sdd"]') WHERE slug = 'lustlokaal'`)
	return env, mol
}

// At Mollie a direct debit is a customer, a directdebit mandate with the
// account the member gave, and a recurring payment on it, without a
// checkout; it stays pending until Mollie says the bank collected it, and
// only Mollie's word (fetched on its webhook) completes the order.
func TestDirectDebitAtMollie(t *testing.T) {
	t.Parallel()
	env, mol := mollieDirectDebitEngine(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 3})
	member.Country = "NL"
	ddStart(t, member, ddBody("popular", "06 4000 0001"))
	code := codeOf(t, awaitSMS(t, env, made.TenantID, "+31640000001", 1))
	res := ddConfirm(member, code)
	res.Want(t, http.StatusCreated, "")
	var co checkout
	res.JSON(t, &co)
	if co.RedirectURL != "http://localhost/credits/popular/sdd?payment_id="+co.PaymentID {
		t.Fatalf("checkout %+v", co)
	}

	mandates := mol.Mandates()
	if len(mandates) != 1 || mandates[0].Method != "directdebit" || mandates[0].Consumer != (mollietest.Consumer{Name: "Jan de Vries", Account: "NL91ABNA0417164300"}) ||
		mandates[0].SignatureDate != time.Now().Format("2006-01-02") || mandates[0].Reference == "" {
		t.Fatalf("mandates %+v", mandates)
	}
	pays := mol.Payments()
	if len(pays) != 1 || pays[0].SequenceType != "recurring" || pays[0].MandateID != mandates[0].ID || pays[0].CustomerID != mandates[0].CustomerID ||
		pays[0].Method != "directdebit" || pays[0].Value != "39.95" || pays[0].Currency != "EUR" || pays[0].RedirectURL != "" ||
		pays[0].WebhookURL != "http://localhost/hooks/payments/mollie" || pays[0].Status != "pending" {
		t.Fatalf("payments %+v", pays)
	}
	if s := paymentState(t, member, co.PaymentID); s.Status != "pending" || s.Method != "sdd" {
		t.Fatalf("before the bank collects: %+v", s)
	}
	wantBooked(t, env, made.ID, 3, 0, false)

	// The bank collects; Mollie calls the webhook, the engine asks Mollie.
	mol.SetStatus(t, pays[0].ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", pays[0].ID)
	webhook(t, member, env, "mollie", pays[0].ID)
	awaitStatus(t, member, co.PaymentID, "completed")
	wantBooked(t, env, made.ID, 253, 1, true)
}
