package staff

import (
	"context"
	"fmt"
	"net/http"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff/internal/db"
)

// AuditActions are the actions the audit log holds, in alphabetical
// order: the console filters by one of them instead of a guessed name.
func (s *Service) AuditActions(ctx context.Context) ([]string, error) {
	actions, err := db.New(s.Pool).AuditActions(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the audit log's actions: %w", err)
	}
	if actions == nil {
		actions = []string{}
	}
	return actions, nil
}

// AuditActions answers the actions the audit log holds (GET /audit/actions).
func (h Handlers) AuditActions(w http.ResponseWriter, r *http.Request) {
	actions, err := h.s.AuditActions(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"actions": actions})
}
