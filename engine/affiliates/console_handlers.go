package affiliates

import (
	"fmt"
	"net/http"
	"strings"

	"rendezvous/engine/affiliates/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
)

// ErrNetworkUnknown refuses an affiliate scope whose network none of the
// affiliate's brands knows: a typo would show the affiliate an empty
// report rather than an error.
var ErrNetworkUnknown = refusal.New(refusal.Invalid, "affiliate_network_unknown",
	"No brand of this affiliate knows the network {network}: name it in a brand's postbacks or send traffic through it first.")

// SetAffiliateScope answers PUT /staff/{staff}/affiliate-scope {network,
// refs, revenue_share}: the network and refs an affiliate account sees and
// its revenue share, changed by staff who manage staff accounts (audited
// by package staff). The network must be one the affiliate's brands know:
// named in a brand's postbacks section, or seen in its traffic.
func (h ConsoleHandlers) SetAffiliateScope(w http.ResponseWriter, r *http.Request) {
	id, ok := staff.PathID(r, "staff")
	if !ok {
		httpx.WriteError(w, r, staff.ErrStaffNotFound)
		return
	}
	var scope staff.AffiliateScope
	if err := httpx.DecodeJSON(w, r, &scope); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ctx := r.Context()
	grants, err := h.Staff.Policy.Grants(ctx, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p := db.NetworkKnownParams{Network: strings.TrimSpace(scope.Network), Slugs: []string{}}
	for _, g := range grants {
		if g.Role != staff.RoleAffiliate {
			continue
		}
		p.Every = p.Every || g.Tenant == staff.AllTenants
		p.Slugs = append(p.Slugs, g.Tenant)
	}
	// An account that is no affiliate's, or a network left empty, is
	// refused by package staff with its own code.
	if len(p.Slugs) > 0 && p.Network != "" {
		known, err := db.New(h.Pool).NetworkKnown(ctx, p)
		if err != nil {
			httpx.WriteError(w, r, fmt.Errorf("is network %q known: %w", p.Network, err))
			return
		}
		if !known {
			httpx.WriteError(w, r, ErrNetworkUnknown.With(map[string]any{"network": p.Network}))
			return
		}
	}
	out, err := h.Staff.SetAffiliateScope(ctx, id, scope, staff.CurrentStaff(ctx), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": out})
}
