package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/credits"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

type consoleOrder struct {
	ID       int64
	MemberID int64 `json:"member_id"`
	Status   string
	Credits  int64
	Payments []struct {
		Provider string
		Status   string
	}
}

func orders(t *testing.T, c *servertest.Client, query string) []consoleOrder {
	t.Helper()
	var out struct{ Orders []consoleOrder }
	res := c.Do("GET", "/admin/api/tenants/lustlokaal/orders"+query, nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	return out.Orders
}

func has(list []consoleOrder, id int64) *consoleOrder {
	for i := range list {
		if list[i].ID == id {
			return &list[i]
		}
	}
	return nil
}

type money struct {
	Balance int64
	Ledger  []credits.Row
	Orders  []consoleOrder
}

func memberMoney(t *testing.T, c *servertest.Client, member int64) money {
	t.Helper()
	var m money
	res := c.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/money", member), nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &m)
	return m
}

// TestOrdersAndRefund: operators read a tenant's orders with their
// payments' provider states; finance refunds within refund_days (credits
// taken back through the ledger, audited), a second refund is refused and
// operators may not refund.
func TestOrdersAndRefund(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	orderID, m := e.PaidOrder(t)
	operator, _ := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	finance, _ := e.Enrolled(t, "finance", "lustlokaal")

	o := has(orders(t, operator, "?state=completed"), orderID)
	if o == nil || o.MemberID != m.ID || o.Credits != 250 || len(o.Payments) != 1 || o.Payments[0].Status != "paid" || o.Payments[0].Provider != "sandbox" {
		t.Fatalf("completed orders: %+v", o)
	}
	if has(orders(t, operator, "?state=refunded"), orderID) != nil {
		t.Fatal("a completed order listed as refunded")
	}
	operator.Do("GET", "/admin/api/tenants/lustlokaal/orders?state=paid", nil).Want(t, http.StatusUnprocessableEntity, "order_state_invalid")
	refund := fmt.Sprintf("/admin/api/tenants/lustlokaal/orders/%d/refund", orderID)
	operator.Do("POST", refund, map[string]string{"reason": "asked"}).Want(t, http.StatusForbidden, "console_forbidden")
	finance.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/orders/%d/refund", orderID), map[string]string{}).Want(t, http.StatusForbidden, "console_forbidden")
	boss, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	boss.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/orders/%d/refund", orderID), map[string]string{}).Want(t, http.StatusNotFound, "order_not_found")
	if got := memberMoney(t, operator, m.ID); got.Balance < 250 {
		t.Fatalf("balance before the refund %d", got.Balance)
	}
	before := memberMoney(t, operator, m.ID).Balance

	res := finance.Do("POST", refund, map[string]string{"reason": "member asked"})
	res.Want(t, http.StatusOK, "")
	var r struct {
		OrderID      int64 `json:"order_id"`
		CreditsTaken int64 `json:"credits_taken"`
	}
	res.JSON(t, &r)
	if r.OrderID != orderID || r.CreditsTaken != 250 {
		t.Fatalf("refund %+v", r)
	}
	finance.Do("POST", refund, map[string]string{"reason": "again"}).Want(t, http.StatusConflict, "order_refunded")

	got := memberMoney(t, finance, m.ID)
	if got.Balance != before-250 || len(got.Ledger) == 0 || got.Ledger[0].Kind != credits.Refund || got.Ledger[0].Delta != -250 {
		t.Fatalf("member after the refund: %+v", got)
	}
	if len(got.Orders) != 1 || got.Orders[0].ID != orderID || got.Orders[0].Status != "refunded" {
		t.Fatalf("member's orders %+v", got.Orders)
	}
	if has(orders(t, operator, "?state=refunded"), orderID) == nil {
		t.Fatal("the refunded order is not listed as refunded")
	}
	ab, aa := e.AuditOf(t, "order.refund")
	if ab["status"] != "completed" || aa["reason"] != "member asked" {
		t.Fatalf("audit before %v after %v", ab, aa)
	}
}

// TestRefundOfPendingOrder: only a completed order can be refunded.
func TestRefundOfPendingOrder(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.LoggedIn(t, "localhost", accountstest.Member{})
	res := c.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	res.Want(t, http.StatusCreated, "")
	var co struct {
		OrderID int64 `json:"order_id"`
	}
	res.JSON(t, &co)
	finance, _ := e.Enrolled(t, "finance", "*")
	finance.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/orders/%d/refund", co.OrderID), map[string]string{}).
		Want(t, http.StatusConflict, "order_not_completed")
	finance.Do("POST", "/admin/api/tenants/lustlokaal/orders/999999999/refund", map[string]string{}).
		Want(t, http.StatusNotFound, "order_not_found")
	finance.Do("POST", "/admin/api/tenants/lustlokaal/orders/abc/refund", map[string]string{}).
		Want(t, http.StatusNotFound, "order_not_found")
}

// TestCreditCorrection: finance corrects a member's credits through the
// ledger with a reason, audited with the balance before and after; a
// correction below zero, without a reason, of nothing or of another
// tenant's member is refused and changes nothing.
func TestCreditCorrection(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, m := e.LoggedIn(t, "localhost", accountstest.Member{})
	finance, _ := e.Enrolled(t, "finance", "*")
	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/credits", m.ID)
	start := memberMoney(t, finance, m.ID).Balance

	res := finance.Do("POST", path, map[string]any{"delta": 40, "reason": "goodwill after an outage"})
	res.Want(t, http.StatusOK, "")
	var c credits.Corrected
	res.JSON(t, &c)
	if c.Before != start || c.After != start+40 || c.Delta != 40 {
		t.Fatalf("corrected %+v from %d", c, start)
	}
	ab, aa := e.AuditOf(t, "credits.correct")
	if ab["balance"] != float64(start) || aa["balance"] != float64(start+40) || aa["reason"] != "goodwill after an outage" {
		t.Fatalf("audit before %v after %v", ab, aa)
	}
	got := memberMoney(t, finance, m.ID)
	if got.Balance != start+40 || got.Ledger[0].Kind != credits.Correction || got.Ledger[0].Note != "goodwill after an outage" {
		t.Fatalf("after the correction %+v", got)
	}

	for _, bad := range []struct {
		name   string
		path   string
		body   any
		status int
		code   string
	}{
		{"below zero", path, map[string]any{"delta": -(start + 41), "reason": "too much"}, http.StatusConflict, "credits_below_zero"},
		{"no reason", path, map[string]any{"delta": 5, "reason": "  "}, http.StatusUnprocessableEntity, "correction_reason_required"},
		{"zero", path, map[string]any{"delta": 0, "reason": "nothing"}, http.StatusUnprocessableEntity, "correction_invalid"},
		{"huge", path, map[string]any{"delta": 5_000_000, "reason": "typo"}, http.StatusUnprocessableEntity, "correction_invalid"},
		{"unknown field", path, map[string]any{"delta": 5, "reason": "x", "credits": 1}, http.StatusBadRequest, "unknown_field"},
		{"other tenant", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/credits", m.ID), map[string]any{"delta": 5, "reason": "x"}, http.StatusNotFound, "member_not_found"},
		{"no member", "/admin/api/tenants/lustlokaal/members/x/credits", map[string]any{"delta": 5, "reason": "x"}, http.StatusNotFound, "member_not_found"},
	} {
		finance.Do("POST", bad.path, bad.body).Want(t, bad.status, bad.code)
	}
	// Down to exactly zero is allowed.
	finance.Do("POST", path, map[string]any{"delta": -(start + 40), "reason": "fraud"}).Want(t, http.StatusOK, "")
	balance, sum, err := credits.Audit(context.Background(), e.Pool, m.ID)
	if err != nil || balance != 0 || sum != 0 {
		t.Fatalf("balance %d ledger %d (%v)", balance, sum, err)
	}
	var n int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'credits.correct'").Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d correction audit rows (%v), want 2", n, err)
	}
}

// TestSupportIsRefusedMoney: support, on its tenant or on all, reaches no
// money call; operators read money but write none.
func TestSupportIsRefusedMoney(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	_, m := e.LoggedIn(t, "localhost", accountstest.Member{})
	calls := []struct{ method, path string }{
		{"GET", "/admin/api/tenants/lustlokaal/orders"},
		{"POST", "/admin/api/tenants/lustlokaal/orders/1/refund"},
		{"GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/money", m.ID)},
		{"POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/credits", m.ID)},
	}
	for _, granted := range []string{"lustlokaal", "*"} {
		support, _ := e.Enrolled(t, "support", granted)
		for _, c := range calls {
			support.Do(c.method, c.path, map[string]any{"delta": 5, "reason": "x"}).Want(t, http.StatusForbidden, "console_forbidden")
		}
	}
	operator, _ := e.Enrolled(t, staff.RoleOperator, "*")
	for i, c := range calls {
		res := operator.Do(c.method, c.path, map[string]any{"delta": 5, "reason": "x"})
		if c.method == "POST" {
			res.Want(t, http.StatusForbidden, "console_forbidden")
		} else if res.Status != http.StatusOK {
			t.Errorf("operator call %d: %d %s", i, res.Status, res.Body)
		}
	}
}
