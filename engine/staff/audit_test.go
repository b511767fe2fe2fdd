package staff_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// TestAuditRows: the console's actions leave rows in the audit log, which
// refuses every change and deletion.
func TestAuditRows(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, s := e.Enrolled(t, staff.RoleSuperadmin, "*")
	c.Do("POST", "/admin/api/staff", map[string]string{"email": "made@staff.example", "role": "finance"}).Want(t, http.StatusCreated, "")
	e.ConsoleClient(t).Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": "wrong"}).Want(t, http.StatusUnauthorized, "login_failed")
	var log struct {
		Entries []struct {
			StaffID *int64 `json:"staff_id"`
			Email   string
			Tenant  string
			Action  string
			IP      string
			After   map[string]any
		}
	}
	res := c.Do("GET", fmt.Sprintf("/admin/api/audit?staff_id=%d", s.ID), nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &log)
	var actions []string
	for _, en := range log.Entries {
		if en.StaffID == nil || *en.StaffID != s.ID || en.Email != s.Email || en.IP == "" {
			t.Errorf("entry %+v", en)
		}
		actions = append(actions, en.Action)
		if en.Action == "staff.create" && (en.After["email"] != "made@staff.example" || en.Tenant != "*") {
			t.Errorf("staff.create %+v", en)
		}
	}
	if got := strings.Join(actions, ","); got != "login_failed,staff.create,totp.enrol,login" {
		t.Fatalf("actions %s", got)
	}
	c.Do("POST", "/admin/api/logout", nil).Want(t, http.StatusNoContent, "")
	var n int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE action = 'logout' AND staff_id = $1", s.ID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("logout rows %d, %v", n, err)
	}
	c.Do("GET", "/admin/api/audit?limit=0", nil).Want(t, http.StatusUnauthorized, "console_login_required")

	for _, stmt := range []string{
		"UPDATE audit_log SET action = 'nothing'",
		"DELETE FROM audit_log",
		"TRUNCATE audit_log",
	} {
		if _, err := e.Pool.Exec(context.Background(), stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v", stmt, err)
		}
	}
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log").Scan(&n); err != nil || n < 6 {
		t.Fatalf("rows after the refused changes: %d, %v", n, err)
	}
}

// TestAuditQueryRefusesBadInput: bad filters get query_invalid.
func TestAuditQueryRefusesBadInput(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	for _, q := range []string{"staff_id=x", "staff_id=-1", "before_id=1e3", "limit=0", "limit=501"} {
		c.Do("GET", "/admin/api/audit?"+q, nil).Want(t, http.StatusUnprocessableEntity, "query_invalid")
	}
}
