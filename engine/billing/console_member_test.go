package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestConsoleMemberInvoices: finance lists a member's invoices on the
// brand; support (no money permission) and another brand do not.
func TestConsoleMemberInvoices(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	order, m := e.PaidOrder(t)
	fin, _ := e.Enrolled(t, staff.RoleFinance, "lustlokaal")
	var out struct {
		Invoices []struct {
			Number  string `json:"number"`
			OrderID int64  `json:"order_id"`
			Amount  int64  `json:"amount"`
		} `json:"invoices"`
	}
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/invoices", m.ID)
	fin.Do("GET", path, nil).JSON(t, &out)
	if len(out.Invoices) != 1 || out.Invoices[0].OrderID != order || out.Invoices[0].Number == "" || out.Invoices[0].Amount <= 0 {
		t.Fatalf("invoices: %+v", out)
	}
	support, _ := e.Enrolled(t, staff.RoleSupport, "*")
	support.Do("GET", path, nil).Want(t, http.StatusForbidden, "console_forbidden")
	ops, _ := e.Enrolled(t, staff.RoleFinance, "*")
	ops.Do("GET", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/invoices", m.ID), nil).Want(t, http.StatusNotFound, "member_not_found")
}

// TestConsoleDirectDebitBlock: finance blocks a member from direct debit
// with a reason and lifts the block, each audited; no reason, another
// brand and an operator (money read only) change nothing.
func TestConsoleDirectDebitBlock(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
	blocked := func() bool {
		var b bool
		if err := e.Pool.QueryRow(context.Background(), "SELECT EXISTS (SELECT 1 FROM direct_debit_blocks WHERE member_id = $1)", m.ID).Scan(&b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/direct-debit", m.ID)
	fin, _ := e.Enrolled(t, staff.RoleFinance, "*")
	op, _ := e.Enrolled(t, staff.RoleOperator, "*")
	op.Do("POST", path, map[string]any{"blocked": true, "reason": "chargeback"}).Want(t, http.StatusForbidden, "console_forbidden")
	fin.Do("POST", path, map[string]any{"blocked": true, "reason": " "}).Want(t, http.StatusUnprocessableEntity, "block_reason_invalid")
	fin.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/direct-debit", m.ID), map[string]any{"blocked": true, "reason": "x"}).
		Want(t, http.StatusNotFound, "member_not_found")
	if blocked() {
		t.Fatal("blocked by a refused call")
	}
	fin.Do("POST", path, map[string]any{"blocked": true, "reason": "chargeback"}).Want(t, http.StatusOK, "")
	if !blocked() {
		t.Fatal("not blocked")
	}
	fin.Do("POST", path, map[string]any{"blocked": false}).Want(t, http.StatusOK, "")
	if blocked() {
		t.Fatal("still blocked")
	}
	if got := e.AuditActions(t, "lustlokaal"); strings.Join(got, ",") != "member.direct_debit,member.direct_debit" {
		t.Fatalf("audit actions %v", got)
	}
}
