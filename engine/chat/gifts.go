package chat

import (
	"encoding/json"

	"rendezvous/engine/tenancy"
)

// Gift is one entry of a tenant's gift catalogue (the gifts section of the
// tenant file). Clients translate names by id and show the icon.
type Gift struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Icon    string `json:"icon"`
	Credits int    `json:"credits"`
}

// defaultGifts serve a tenant whose file has no gifts section; they cost
// the tenant's gift_credits.
var defaultGifts = []Gift{
	{ID: "rose", Name: "Rose", Icon: "🌹"},
	{ID: "kiss", Name: "Kiss", Icon: "💋"},
	{ID: "champagne", Name: "Champagne", Icon: "🍾"},
	{ID: "heart", Name: "Heart", Icon: "❤️"},
}

// Gifts is the tenant's gift catalogue with prices. A gift without its own
// price costs the tenant's gift_credits.
func Gifts(t *tenancy.Tenant) []Gift {
	var doc struct {
		Gifts []Gift `json:"gifts"`
	}
	_ = json.Unmarshal(t.RawSettings, &doc)
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
		out = append(out, g)
	}
	return out
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
