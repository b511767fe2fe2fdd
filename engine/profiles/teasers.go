package profiles

import (
	"context"
	"fmt"
	"net/http"

	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// TeaserCount is how many members a brand's home page shows to visitors.
const TeaserCount = 8

// Teasers are the member cards a logged-out visitor of tenant t sees on the
// home page: members of t's pool only, active, not invisible, with a photo
// operators reviewed, never a test or staff account; each card as search
// shows it to a visitor (the first reviewed photo only, the fields
// of visible_profile_fields). Where the visitor may not browse members
// (logged_out_search and logged_out_search_trafficsource, LoggedOutMayBrowse)
// the cards carry no profile id: the page shows the faces and asks to sign up.
func (s *Service) Teasers(ctx context.Context, r *http.Request, t *tenancy.Tenant, n int) ([]Card, error) {
	ids, err := db.New(s.reader()).TeaserPage(ctx, db.TeaserPageParams{Pool: t.ProfilePool, MaxRows: int32(n)})
	if err != nil {
		return nil, fmt.Errorf("teasers of %s: %w", t.Slug, err)
	}
	cards, err := marketingCards(ctx, s.reader(), t, ids, s.Now())
	if err != nil {
		return nil, err
	}
	if !LoggedOutMayBrowse(r, t) {
		for i := range cards {
			cards[i].ID = 0
		}
	}
	return cards, nil
}
