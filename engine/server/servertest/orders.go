package servertest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
)

// PaidOrder buys lustlokaal's popular package (250 credits) through the
// sandbox as a new member and waits until the order is completed.
func (e *Env) PaidOrder(tb testing.TB) (orderID int64, member accountstest.Made) {
	tb.Helper()
	c, m := e.LoggedIn(tb, "localhost", accountstest.Member{})
	res := c.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	res.Want(tb, http.StatusCreated, "")
	var co struct {
		OrderID     int64  `json:"order_id"`
		PaymentID   string `json:"payment_id"`
		RedirectURL string `json:"redirect_url"`
	}
	res.JSON(tb, &co)
	u, err := url.Parse(co.RedirectURL)
	if err != nil {
		tb.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, e.URL+u.Path, strings.NewReader(url.Values{"outcome": {"paid"}}.Encode()))
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	c.Send(req)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var s struct{ Status string }
		c.Do(http.MethodGet, "/api/orders.php?id="+co.PaymentID, nil).JSON(tb, &s)
		if s.Status == "completed" {
			return co.OrderID, m
		}
		if time.Now().After(deadline) {
			tb.Fatalf("order %d is %s", co.OrderID, s.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
