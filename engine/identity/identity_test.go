package identity_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"rendezvous/engine/identity"
)

func TestGuards(t *testing.T) {
	t.Parallel()
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	member := identity.WithMember(context.Background(), identity.Member{ID: 7, TenantID: 1})
	for _, c := range []struct {
		name   string
		guard  func(http.Handler) http.Handler
		ctx    context.Context
		header string
		status int
		code   string
	}{
		{"visitor refused", identity.RequireMember, context.Background(), "", 403, "authentication_required"},
		{"member passes", identity.RequireMember, member, "", 204, ""},
		{"no request type refused", identity.RequireClientRequest, member, "", 403, "request_type_required"},
		{"wrong request type refused", identity.RequireClientRequest, member, "form", 403, "request_type_required"},
		{"client request passes", identity.RequireClientRequest, context.Background(), "client", 204, ""},
	} {
		r := httptest.NewRequest(http.MethodPost, "/api/user.php", nil).WithContext(c.ctx)
		if c.header != "" {
			r.Header.Set("X-Request-Type", c.header)
		}
		w := httptest.NewRecorder()
		c.guard(ok).ServeHTTP(w, r)
		var body struct{ Error string }
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		if w.Code != c.status || body.Error != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, w.Code, body.Error, c.status, c.code)
		}
	}
}

func TestCurrentMember(t *testing.T) {
	t.Parallel()
	if m := identity.Current(context.Background()); m != nil {
		t.Fatalf("a visitor is %+v", m)
	}
	ctx := identity.WithMember(context.Background(), identity.Member{ID: 7, TenantID: 1, PaidUser: true, Language: "nl"})
	if m := identity.Current(ctx); m == nil || m.ID != 7 || m.TenantID != 1 || !m.PaidUser || m.Language != "nl" {
		t.Fatalf("current member %+v", m)
	}
}
