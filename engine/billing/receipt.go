package billing

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/locale"
)

// Receipt is the mail template of the receipt every paid order sends.
const Receipt = "receipt"

// queueReceipt mails the buyer of the order inv invoices a receipt, in the
// transaction that completes the order (so a paid order always sends one,
// and only once): the package, the price, the invoice number and a link to
// the invoice, in the member's language; on brands with the European rules
// it repeats that the credits were delivered at once, which ended the
// withdrawal right. Without a mailer (tools that settle orders only) it
// sends nothing.
func (s *Service) queueReceipt(ctx context.Context, tx pgx.Tx, tenantID int64, inv Invoice) error {
	if s.Mailer == nil {
		return nil
	}
	t, err := s.tenants.ByID(ctx, tenantID)
	if err != nil {
		return fmt.Errorf("receipt of order %d: %w", inv.OrderID, err)
	}
	lang, err := db.New(tx).OrderBuyerLanguage(ctx, inv.OrderID)
	if err != nil {
		return fmt.Errorf("receipt of order %d: %w", inv.OrderID, err)
	}
	base := "https://" + t.PrimaryHost
	if s.Links != nil {
		base = s.Links.Base(&http.Request{Host: t.PrimaryHost}, t)
	}
	data := map[string]any{
		"Name": inv.Buyer.Name, "Credits": inv.Credits, "Invoice": inv.Number,
		"Amount": locale.Money(lang, inv.Amount.Minor, inv.Amount.Currency), "Waived": t.EURules(),
	}
	return s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: lang, To: inv.Buyer.Email, Template: Receipt, BaseURL: base, Data: data,
		Action: fmt.Sprintf("%s/api/invoice.php?id=%d&format=pdf", base, inv.OrderID),
	})
}
