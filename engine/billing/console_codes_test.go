package billing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

type consoleCode struct {
	ID                int64
	Code              string
	Kind              string
	ValuePercentage   int    `json:"value_percentage"`
	MinimumOrderValue *int64 `json:"minimum_order_value"`
	Currency          *string
	Country           *string
	PaymentMethods    []string   `json:"paymentmethods"`
	ValidUntil        *time.Time `json:"valid_until"`
	MemberID          *int64     `json:"member_id"`
	Active            bool
	CreatedBy         string `json:"created_by"`
	Used, Held        int64
}

func codesOf(t *testing.T, e *servertest.ConsoleEnv, tenant string) []consoleCode {
	t.Helper()
	finance, _ := e.Enrolled(t, staff.RoleFinance, "*")
	var out struct {
		Codes          []consoleCode
		PaymentMethods []string `json:"paymentmethods"`
	}
	res := finance.Do("GET", "/admin/api/tenants/"+tenant+"/codes", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &out)
	if len(out.PaymentMethods) != 24 {
		t.Fatalf("%d payment methods offered", len(out.PaymentMethods))
	}
	return out.Codes
}

// TestCodesCreateListDeactivate: finance makes a code with every condition
// (audited), sees how many members hold and used it, and deactivates it
// (audited, members can no longer use it, a second time is refused).
func TestCodesCreateListDeactivate(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	finance, staffAcc := e.Enrolled(t, staff.RoleFinance, "lustlokaal")
	member, made := e.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	until := time.Now().Add(72 * time.Hour).UTC().Truncate(time.Second)

	res := finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{
		"code": "summer20", "value_percentage": 20, "minimum_order_value": 3000, "currency": "EUR", "country": "NL",
		"paymentmethods": []string{"ideal", "paypal"}, "valid_until": until})
	res.Want(t, http.StatusCreated, "")
	var c consoleCode
	res.JSON(t, &c)
	if c.Code != "SUMMER20" || c.Kind != "code" || c.ValuePercentage != 20 || *c.MinimumOrderValue != 3000 || *c.Currency != "EUR" ||
		*c.Country != "NL" || len(c.PaymentMethods) != 2 || !c.ValidUntil.Equal(until) || !c.Active || c.CreatedBy != staffAcc.Email {
		t.Fatalf("%s", res.Body)
	}
	var after struct {
		ID   int64
		Code string
	}
	var raw []byte
	var hasBefore bool
	if err := e.Pool.QueryRow(context.Background(), "SELECT after, before IS NOT NULL FROM audit_log WHERE action = 'code.create' ORDER BY id DESC LIMIT 1").Scan(&raw, &hasBefore); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &after); err != nil || after.Code != "SUMMER20" || after.ID != c.ID || hasBefore {
		t.Fatalf("audit after %s (%v), before %v", raw, err, hasBefore)
	}
	// A personal code of a member of the brand.
	res = finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "JUST-FOR-YOU", "value_percentage": 40, "member_id": made.ID})
	res.Want(t, http.StatusCreated, "")

	// A member's order holds it; the list says so.
	res = member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "SUMMER20"})
	res.Want(t, http.StatusCreated, "")
	// Every brand has its time bonus from its creation on, listed last.
	list := codesOf(t, e, "lustlokaal")
	if len(list) != 3 || list[1].ID != c.ID || list[1].Held != 1 || list[1].Used != 0 || *list[0].MemberID != made.ID || list[2].Kind != "time_bonus" {
		t.Fatalf("%+v", list)
	}
	if other := codesOf(t, e, "sparkusa"); len(other) != 1 || other[0].Kind != "time_bonus" {
		t.Fatalf("another brand lists %+v", other)
	}

	path := fmt.Sprintf("/admin/api/tenants/lustlokaal/codes/%d/deactivate", c.ID)
	res = finance.Do("POST", path, nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &c)
	if c.Active {
		t.Fatalf("%s", res.Body)
	}
	if before, after := e.AuditOf(t, "code.deactivate"); before["active"] != true || after["active"] != false || after["code"] != "SUMMER20" {
		t.Fatalf("audit %v -> %v", before, after)
	}
	other, _ := e.LoggedIn(t, "localhost", accountstest.Member{})
	other.Do(http.MethodGet, "/api/discountcode.php?code=SUMMER20", nil).Want(t, http.StatusNotFound, "code_not_found")
	finance.Do("POST", path, nil).Want(t, http.StatusConflict, "code_inactive")
	finance.Do("POST", "/admin/api/tenants/lustlokaal/codes/999999/deactivate", nil).Want(t, http.StatusNotFound, "code_not_found")
	finance.Do("POST", "/admin/api/tenants/lustlokaal/codes/x/deactivate", nil).Want(t, http.StatusNotFound, "code_not_found")
	// Finance of lustlokaal only cannot reach another brand's codes.
	finance.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/codes/%d/deactivate", c.ID), nil).Want(t, http.StatusForbidden, "console_forbidden")
	all, _ := e.Enrolled(t, staff.RoleFinance, "*")
	all.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/codes/%d/deactivate", c.ID), nil).Want(t, http.StatusNotFound, "code_not_found")
	var rows int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action LIKE 'code.%'").Scan(&rows); err != nil || rows != 3 {
		t.Fatalf("%d code audit rows (%v), want 3", rows, err)
	}
}

// TestCodeValidationNamesTheField: each broken rule of a new code is
// refused naming its field, and nothing is made or audited.
func TestCodeValidationNamesTheField(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	finance, _ := e.Enrolled(t, staff.RoleFinance, "*")
	stranger := accountstest.NewMember(t, e.Pool, accountstest.Member{TenantSlug: "sparkusa"})
	past := time.Now().Add(-time.Hour)
	finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "TAKEN", "value_percentage": 10}).Want(t, http.StatusCreated, "")
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"too short", map[string]any{"code": "AB", "value_percentage": 10}, "code"},
		{"spaces", map[string]any{"code": "TWO WORDS", "value_percentage": 10}, "code"},
		{"no percentage", map[string]any{"code": "NOPCT"}, "value_percentage"},
		{"all of it", map[string]any{"code": "FREE100", "value_percentage": 100}, "value_percentage"},
		{"negative", map[string]any{"code": "NEG", "value_percentage": -5}, "value_percentage"},
		{"minimum without currency", map[string]any{"code": "MINONLY", "value_percentage": 10, "minimum_order_value": 1000}, "currency"},
		{"minimum zero", map[string]any{"code": "MINZERO", "value_percentage": 10, "minimum_order_value": 0, "currency": "EUR"}, "minimum_order_value"},
		{"currency in lower case", map[string]any{"code": "LOWCUR", "value_percentage": 10, "currency": "eur"}, "currency"},
		{"country name", map[string]any{"code": "COUNTRY", "value_percentage": 10, "country": "Netherlands"}, "country"},
		{"unknown method", map[string]any{"code": "METHOD", "value_percentage": 10, "paymentmethods": []string{"ideal", "bitcoin"}}, "paymentmethods"},
		{"method twice", map[string]any{"code": "TWICE", "value_percentage": 10, "paymentmethods": []string{"ideal", "ideal"}}, "paymentmethods"},
		{"ends before it starts", map[string]any{"code": "BACKWARDS", "value_percentage": 10, "valid_from": time.Now().Add(48 * time.Hour), "valid_until": time.Now().Add(24 * time.Hour)}, "valid_until"},
		{"ended", map[string]any{"code": "ENDED", "value_percentage": 10, "valid_from": past.Add(-time.Hour), "valid_until": past}, "valid_until"},
		{"another brand's member", map[string]any{"code": "STRANGER", "value_percentage": 10, "member_id": stranger.ID}, "member_id"},
		{"not a member id", map[string]any{"code": "NOBODY", "value_percentage": 10, "member_id": 0}, "member_id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res := finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", c.body)
			res.Want(t, http.StatusUnprocessableEntity, "code_invalid")
			var body struct{ Field, Problem string }
			res.JSON(t, &body)
			if body.Field != c.field || body.Problem == "" {
				t.Fatalf("%s", res.Body)
			}
		})
	}
	finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "taken", "value_percentage": 20}).Want(t, http.StatusConflict, "code_taken")
	finance.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "X1", "value_percentage": "ten"}).Want(t, http.StatusUnprocessableEntity, "wrong_type")
	t.Cleanup(func() {
		var codes, audits int
		if err := e.Pool.QueryRow(context.Background(), "SELECT (SELECT count(*) FROM discount_codes WHERE kind <> 'time_bonus'), (SELECT count(*) FROM audit_log WHERE action = 'code.create')").Scan(&codes, &audits); err != nil {
			t.Error(err)
		}
		if codes != 1 || audits != 1 {
			t.Errorf("%d codes and %d audit rows after refusals, want 1 and 1", codes, audits)
		}
	})
}

// TestCodesMoneyPermissions: support reaches no code call; operators read
// codes but make and deactivate none.
func TestCodesMoneyPermissions(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	calls := []struct{ method, path string }{
		{"GET", "/admin/api/tenants/lustlokaal/codes"},
		{"POST", "/admin/api/tenants/lustlokaal/codes"},
		{"POST", "/admin/api/tenants/lustlokaal/codes/1/deactivate"},
	}
	body := map[string]any{"code": "PERM10", "value_percentage": 10}
	for _, granted := range []string{"lustlokaal", "*"} {
		support, _ := e.Enrolled(t, "support", granted)
		for _, c := range calls {
			support.Do(c.method, c.path, body).Want(t, http.StatusForbidden, "console_forbidden")
		}
	}
	operator, _ := e.Enrolled(t, staff.RoleOperator, "*")
	operator.Do("GET", calls[0].path, nil).Want(t, http.StatusOK, "")
	operator.Do("POST", calls[1].path, body).Want(t, http.StatusForbidden, "console_forbidden")
	operator.Do("POST", calls[2].path, nil).Want(t, http.StatusForbidden, "console_forbidden")
}
