package billing_test

import (
	"fmt"
	"strings"
	"testing"

	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

// TestReceiptAfterPaidOrder: a paid order mails its buyer a receipt in the
// member's language with the invoice's number and a link to the invoice,
// and, on a brand with the European rules, the reminder that the credits
// came at once, which ended the withdrawal right.
func TestReceiptAfterPaidOrder(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	orderID, member := env.PaidOrder(t)
	var lang string
	var number int64
	if err := env.Pool.QueryRow(t.Context(), `SELECT m.language, i.number FROM members m, invoices i WHERE m.id = $1 AND i.order_id = $2`,
		member.ID, orderID).Scan(&lang, &number); err != nil {
		t.Fatal(err)
	}
	mail := deliverytest.Await(t, env.Pool, member.Email, "receipt", 0)
	want := map[string]struct{ subject, waiver string }{
		"nl": {"Je betaalbewijs van", "herroepingsrecht van 14 dagen"},
		"en": {"Your receipt from", "14-day right of withdrawal"},
	}[lang]
	if want.subject == "" {
		t.Fatalf("the member's language %q is not one the test knows", lang)
	}
	if !strings.HasPrefix(mail.Subject, want.subject) || !strings.Contains(mail.Subject, fmt.Sprint(number)) {
		t.Errorf("subject %q: want %q and the invoice number %d", mail.Subject, want.subject, number)
	}
	if !strings.Contains(mail.Text, want.waiver) || !strings.Contains(mail.Text, "250") {
		t.Errorf("text %q: want the credits and the waiver's reminder", mail.Text)
	}
	if !strings.Contains(strings.Join(mail.Links, " "), fmt.Sprintf("/api/invoice.php?id=%d", orderID)) {
		t.Errorf("links %v: want the invoice", mail.Links)
	}
}
