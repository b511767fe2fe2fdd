package chat

import (
	"encoding/json"
	"fmt"
	"slices"

	"rendezvous/engine/tenancy"
)

// Gift is one entry of a tenant's gift catalogue (the gifts section of the
// tenant file). Clients translate names by id and draw the icon, which is one
// of GiftIcons (an SVG of the app's icon set, never an emoji: systems without
// an emoji font show those as empty boxes).
type Gift struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Icon    string `json:"icon"`
	Credits int    `json:"credits"`
}

// defaultGifts serve a tenant whose file has no gifts section; they cost
// the tenant's gift_credits.
var defaultGifts = []Gift{
	{ID: "rose", Name: "Rose", Icon: "rose"},
	{ID: "kiss", Name: "Kiss", Icon: "kiss"},
	{ID: "champagne", Name: "Champagne", Icon: "champagne"},
	{ID: "heart", Name: "Heart", Icon: "heart"},
}

// GiftIcons are the icon names a gift may have; the member app draws each
// (web/src/components/Icon.tsx, giftIcons, keeps the same list).
var GiftIcons = []string{
	"gift", "rose", "flower", "heart", "kiss", "champagne", "cocktail", "beer", "coffee", "gem", "diamond",
	"crown", "star", "sparkles", "cake", "candy", "pretzel", "teddy",
}

// Gifts is the tenant's gift catalogue with prices. A gift without its own
// price costs the tenant's gift_credits. The import checked the section, so
// settings that do not parse are a fault of the stored brand, not of the
// member: the error says so.
func Gifts(t *tenancy.Tenant) ([]Gift, error) {
	var doc struct {
		Gifts []Gift `json:"gifts"`
	}
	if len(t.RawSettings) > 0 {
		if err := json.Unmarshal(t.RawSettings, &doc); err != nil {
			return nil, fmt.Errorf("gift catalogue of tenant %d: %w", t.ID, err)
		}
	}
	list := doc.Gifts
	if len(list) == 0 {
		list = defaultGifts
	}
	out := make([]Gift, 0, len(list))
	for _, g := range list {
		if g.ID == "" {
			continue
		}
		if g.Credits <= 0 {
			g.Credits = t.Settings.GiftCredits
		}
		if g.Name == "" {
			g.Name = g.ID
		}
		if !slices.Contains(GiftIcons, g.Icon) {
			// Stored before icons were names (an emoji): the plain gift.
			g.Icon = "gift"
		}
		out = append(out, g)
	}
	return out, nil
}

// gift finds id in the catalogue.
func findGift(list []Gift, id string) (Gift, bool) {
	for _, g := range list {
		if g.ID == id {
			return g, true
		}
	}
	return Gift{}, false
}
