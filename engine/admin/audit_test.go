package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/brandfile"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// notAudited are the state-changing console routes without an audit
// assertion here: the session's own calls, whose rows (login, logout,
// totp.enrol) TestAuditRows checks.
var notAudited = []string{"POST /login", "POST /logout", "POST /totp", "POST /totp/confirm"}

// auditedCall makes one state-changing console route succeed as a
// superadmin (c) and names the audit row it must leave.
type auditedCall struct {
	action string
	do     func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response
}

// auditedRoutes has an entry for every state-changing console route (by its
// pattern in Console.Routes()). A new POST, PUT, PATCH or DELETE route
// fails TestEveryStateChangingRouteIsAudited until it is added here with a
// call that shows its audit row.
var auditedRoutes = map[string]auditedCall{
	"POST /tenants": {"tenant.create", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		var base brandfile.TenantAnswer
		c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &base)
		f := base.File
		f.Slug, f.Name, f.Hosts = "auditbrand", "Audit Brand", []string{"auditbrand.localhost"}
		f.Company.Slug, f.Company.Name = "audit-media", "Audit Media B.V."
		return c.Do("POST", "/admin/api/tenants", f)
	}},
	"PUT /tenants/{tenant}/file": {"tenant.update", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		var base brandfile.TenantAnswer
		c.Do("GET", "/admin/api/tenants/sparkusa/file", nil).JSON(t, &base)
		base.File.Name += " (edited)"
		return c.Do("PUT", "/admin/api/tenants/sparkusa/file", base.File)
	}},
	"POST /tenants/{tenant}/look/{image}": {"tenant.logo", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", "/admin/api/tenants/lustlokaal/look/logo", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#c2410c"/></svg>`)
	}},
	"POST /tenants/{tenant}/orders/{order}/refund": {"order.refund", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		order, _ := e.PaidOrder(t)
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/orders/%d/refund", order), map[string]string{"reason": "asked for it"})
	}},
	"POST /tenants/{tenant}/members/{member}/credits": {"credits.correct", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/credits", m.ID), map[string]any{"delta": 10, "reason": "goodwill"})
	}},
	// Trust and safety: closing a flag (trust/console_handlers.go).
	"POST /tenants/{tenant}/flags/{flag}/decision": {"flag.decide", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		var flag int64
		if err := e.Pool.QueryRow(context.Background(), "INSERT INTO trust_flags (tenant_id, member_id, score) VALUES ($1, $2, 100) RETURNING id",
			m.TenantID, m.ID).Scan(&flag); err != nil {
			t.Fatal(err)
		}
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/flags/%d/decision", flag), map[string]string{"decision": "dismissed"})
	}},
	// Discount codes (codes.go).
	"POST /tenants/{tenant}/codes": {"code.create", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "AUDITED10", "value_percentage": 10})
	}},
	"POST /tenants/{tenant}/codes/{code}/deactivate": {"code.deactivate", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		var id int64
		c.Do("POST", "/admin/api/tenants/lustlokaal/codes", map[string]any{"code": "AUDITED20", "value_percentage": 20}).JSON(t, &struct{ ID *int64 }{&id})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/codes/%d/deactivate", id), nil)
	}},
	// House profiles (house.go).
	"POST /tenants/{tenant}/house": {"house.create", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", "/admin/api/tenants/lustlokaal/house", map[string]any{"name": "Iris", "gender": "female", "date_of_birth": servertest.DateOfBirth(33), "country": "NL"})
	}},
	"PUT /tenants/{tenant}/house/{profile}": {"house.update", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		p := servertest.NewHouse(t, c, "lustlokaal", "Mila")
		return c.Do("PUT", fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d", p.ID), map[string]any{"city": "Delft"})
	}},
	"POST /tenants/{tenant}/house/{profile}/status": {"house.retire", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		p := servertest.NewHouse(t, c, "lustlokaal", "Noor")
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/status", p.ID), map[string]any{"status": "hidden"})
	}},
	"POST /tenants/{tenant}/house/{profile}/photos": {"house.photo_add", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		p := servertest.NewHouse(t, c, "lustlokaal", "Evi")
		return c.UploadPhoto(fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/photos", p.ID), servertest.TestJPEG(t, 400, 400))
	}},
	"DELETE /tenants/{tenant}/house/{profile}/photos/{photo}": {"house.photo_delete", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		p := servertest.NewHouse(t, c, "lustlokaal", "Jade")
		var added struct{ Photo struct{ ID int64 } }
		c.UploadPhoto(fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/photos", p.ID), servertest.TestJPEG(t, 400, 400)).JSON(t, &added)
		return c.Do("DELETE", fmt.Sprintf("/admin/api/tenants/lustlokaal/house/%d/photos/%d", p.ID, added.Photo.ID), nil)
	}},
	"POST /staff": {"staff.create", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", "/admin/api/staff", map[string]string{"email": fmt.Sprintf("audited-%d@staff.example", time.Now().UnixNano()), "role": "support"})
	}},
	"PUT /staff/{staff}/roles": {"staff.roles", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		s := e.NewStaff(t, staff.RoleSupport, "*")
		return c.Do("PUT", fmt.Sprintf("/admin/api/staff/%d/roles", s.ID), map[string]any{"roles": []staff.Grant{{Role: "moderator", Tenant: "*"}}})
	}},
	"PUT /staff/{staff}/affiliate-scope": {"staff.affiliate_scope", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		s := e.NewStaff(t, staff.RoleAffiliate, "lustlokaal")
		if _, err := e.Pool.Exec(context.Background(), `INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3)
			SELECT id, '2026-03-28', 'audit', 'clickco', '', '', '', '' FROM tenants WHERE slug = 'lustlokaal' ON CONFLICT DO NOTHING`); err != nil {
			t.Fatal(err)
		}
		return c.Do("PUT", fmt.Sprintf("/admin/api/staff/%d/affiliate-scope", s.ID), staff.AffiliateScope{Network: "clickco", RevenueShare: 1000})
	}},
	// Campaigns (notifications/console_handlers.go).
	"POST /tenants/{tenant}/campaigns": {"campaign.send", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", "/admin/api/tenants/lustlokaal/campaigns", map[string]string{"type": "news", "key": "audit-news", "text": "News of the week."})
	}},
	"PUT /me/language": {"staff.language", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("PUT", "/admin/api/me/language", map[string]string{"language": "de"})
	}},
	"POST /staff/{staff}/disable": {"staff.disable", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		s := e.NewStaff(t, staff.RoleSupport, "*")
		return c.Do("POST", fmt.Sprintf("/admin/api/staff/%d/disable", s.ID), nil)
	}},
	"POST /staff/{staff}/enable": {"staff.enable", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		s := e.NewStaff(t, staff.RoleSupport, "*")
		c.Do("POST", fmt.Sprintf("/admin/api/staff/%d/disable", s.ID), nil).Want(t, http.StatusOK, "")
		return c.Do("POST", fmt.Sprintf("/admin/api/staff/%d/enable", s.ID), nil)
	}},
	"POST /tenants/{tenant}/moderation/photos/{photo}/approve": {"photo.approve", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/approve", e.PhotoRow(t, m.ID, "pending")), nil)
	}},
	"POST /tenants/{tenant}/moderation/photos/{photo}/reject": {"photo.reject", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/photos/%d/reject", e.PhotoRow(t, m.ID, "active")),
			map[string]string{"reason": "Not you"})
	}},
	"POST /tenants/{tenant}/moderation/chat-photos/{message}/approve": {"chat_photo.approve", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/chat-photos/%d/approve", chatPhoto(t, e)), nil)
	}},
	"POST /tenants/{tenant}/moderation/chat-photos/{message}/reject": {"chat_photo.reject", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/chat-photos/%d/reject", chatPhoto(t, e)), map[string]string{"reason": "Not you"})
	}},
	"POST /tenants/{tenant}/moderation/complaints/{complaint}/status": {"complaint.status", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		reporter, _ := e.LoggedIn(t, "localhost", accountstest.Member{})
		reporter.Do("POST", "/api/complaints.php", map[string]any{"category": "other", "message": "Something."}).Want(t, http.StatusCreated, "")
		var id int64
		if err := e.Pool.QueryRow(context.Background(), "SELECT max(id) FROM complaints").Scan(&id); err != nil {
			t.Fatal(err)
		}
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/complaints/%d/status", id), map[string]string{"status": "resolved"})
	}},
	"POST /tenants/{tenant}/moderation/members/{member}/warn": {"member.warn", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/warn", m.ID), map[string]string{"text": "Be nice."})
	}},
	"POST /tenants/{tenant}/moderation/members/{member}/suspend": {"member.suspend", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/suspend", m.ID),
			map[string]any{"until": e.Clock.Now().Add(24 * time.Hour), "reason": "Rude"})
	}},
	"POST /tenants/{tenant}/moderation/members/{member}/ban": {"member.ban", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", m.ID), map[string]string{"reason": "Spam"})
	}},
	"POST /tenants/{tenant}/moderation/members/{member}/kind": {"member.kind", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/kind", m.ID), map[string]string{"kind": "staff"})
	}},
	"POST /tenants/{tenant}/members/{member}/direct-debit": {"member.direct_debit", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/direct-debit", m.ID), map[string]any{"blocked": true, "reason": "chargeback"})
	}},
	// The Members page's actions (membership/console_members.go).
	"POST /tenants/{tenant}/members/{member}/notes": {"member.note", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/notes", m.ID), map[string]string{"text": "Called about a refund."})
	}},
	"POST /tenants/{tenant}/members/{member}/lift": {"member.lift", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/moderation/members/%d/ban", m.ID), map[string]string{"reason": "Spam"}).Want(t, http.StatusOK, "")
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/lift", m.ID), map[string]string{"reason": "A mistake."})
	}},
	"POST /tenants/{tenant}/members/{member}/sessions/end": {"member.end_sessions", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/sessions/end", m.ID), nil)
	}},
	"POST /tenants/{tenant}/members/{member}/reactivate": {"member.reactivate", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{Status: "deletion_pending"})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/reactivate", m.ID), nil)
	}},
	"POST /tenants/{tenant}/members/{member}/activation": {"member.activation_resend", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{Status: "not_confirmed"})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/activation", m.ID), nil)
	}},
	// A member's copy of their data (privacy/console_handlers.go).
	"POST /tenants/{tenant}/members/{member}/data-export": {"member.data_export", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		m := accountstest.NewMember(t, e.Pool, accountstest.Member{})
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/data-export", m.ID), nil)
	}},
	"POST /tenants/{tenant}/inbox/{conversation}": {"house.answer", func(t *testing.T, e *servertest.ConsoleEnv, c *servertest.Client) servertest.Response {
		member, _ := e.LoggedIn(t, "localhost", accountstest.Member{Credits: 50})
		house := accountstest.NewMember(t, e.Pool, accountstest.Member{Name: "Lotte", Gender: "female", Seeking: "male", IsHouse: true})
		var sent struct {
			Message struct {
				ConversationID int64 `json:"conversation_id"`
			}
		}
		member.Do("POST", "/api/messages.php", map[string]any{"profile_id": house.ID, "text": "Hoi", "client_id": "m-1"}).JSON(t, &sent)
		return c.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/inbox/%d", sent.Message.ConversationID),
			map[string]any{"text": "Hoi!", "client_id": "a-1"})
	}},
}

// TestEveryStateChangingRouteIsAudited walks Console.Routes(): every route
// that changes state (POST, PUT, PATCH, DELETE; the session's own calls
// aside) must have an entry in auditedRoutes, and each entry's call, made
// by a superadmin, leaves exactly one audit row of its action naming the
// staff member, the tenant and the client address.
func TestEveryStateChangingRouteIsAudited(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	routes := map[string]bool{}
	for _, r := range e.Console.Routes() {
		key := r.Method + " " + r.Pattern
		routes[key] = true
		if r.Method == http.MethodGet || r.Method == http.MethodHead || slices.Contains(notAudited, key) {
			continue
		}
		if _, ok := auditedRoutes[key]; !ok {
			t.Errorf("%s changes state but has no audit assertion: add it to auditedRoutes (engine/admin/audit_test.go)", key)
		}
	}
	keys := make([]string, 0, len(auditedRoutes))
	for key := range auditedRoutes {
		if !routes[key] {
			t.Errorf("auditedRoutes names %s, which is no console route", key)
		}
		keys = append(keys, key)
	}
	slices.Sort(keys)
	c, s := e.Enrolled(t, staff.RoleSuperadmin, "*")
	for _, key := range keys {
		call := auditedRoutes[key]
		before := e.AuditCount(t, s.ID, call.action)
		res := call.do(t, e, c)
		if res.Status < 200 || res.Status > 299 {
			t.Errorf("%s: %d %s", key, res.Status, res.Body)
			continue
		}
		if n := e.AuditCount(t, s.ID, call.action) - before; n != 1 {
			t.Errorf("%s left %d audit rows of %s, want 1", key, n, call.action)
			continue
		}
		var tenant, ip string
		if err := e.Pool.QueryRow(context.Background(), "SELECT tenant, ip FROM audit_log WHERE staff_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1",
			s.ID, call.action).Scan(&tenant, &ip); err != nil {
			t.Fatal(err)
		}
		if ip == "" || strings.Contains(key, "{tenant}") && tenant == "" {
			t.Errorf("%s: audit row of tenant %q from %q", key, tenant, ip)
		}
	}
}

// chatPhoto has a LustLokaal member send a photo in chat and answers the
// message's id.
func chatPhoto(t *testing.T, e *servertest.ConsoleEnv) int64 {
	t.Helper()
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
	to := accountstest.NewMember(t, e.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	res := sender.Do("POST", "/api/messages.php", map[string]any{"profile_id": to.ID, "photo": e.PhotoRow(t, made.ID, "active"), "client_id": "audit-photo"})
	res.Want(t, http.StatusCreated, "")
	var sent struct {
		Message struct {
			ID int64 `json:"id"`
		} `json:"message"`
	}
	res.JSON(t, &sent)
	return sent.Message.ID
}
