package profiles

import (
	"context"
	"fmt"

	"rendezvous/engine/landerpages"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// LanderMembers are the members an affiliate lander of tenant t shows for
// the niche fit (landerpages.Pool): members of t's pool only, active, visible,
// with a photo operators reviewed, whose account is neither deleted, pending
// deletion, banned, suspended, nor a test or staff account; each as search
// shows it to a logged-out visitor (the first reviewed photo only, the
// fields of visible_profile_fields). The query lives here,
// with the profiles table it reads, so the lander code stays above it.
func (s *Service) LanderMembers(ctx context.Context, t *tenancy.Tenant, fit landerpages.Fit, n int) ([]landerpages.Profile, error) {
	from, to := bornBetween(fit.MinAge, fit.MaxAge, s.Now())
	ids, err := db.New(s.reader()).LanderPage(ctx, db.LanderPageParams{
		Pool: t.ProfilePool, Gender: fit.Gender, Sexualities: nonNil(fit.Sexualities), BodyTypes: nonNil(fit.BodyTypes),
		BornFrom: from, BornTo: to, Interests: nonNilInts(fit.Interests), MaxRows: int32(n),
	})
	if err != nil {
		return nil, fmt.Errorf("lander members of %s: %w", t.Slug, err)
	}
	cards, err := marketingCards(ctx, s.reader(), t, ids, s.Now())
	if err != nil {
		return nil, err
	}
	out := make([]landerpages.Profile, 0, len(cards))
	for _, c := range cards {
		if c.MainImage == nil {
			continue
		}
		out = append(out, landerpages.Profile{Name: c.Name, Age: c.Age, Gender: c.Gender, City: c.City, Region: c.RegionName,
			Fictional: c.Fictional, Online: c.Online,
			Photo: landerpages.Photo{URL: c.MainImage.URL, ThumbURL: c.MainImage.ThumbURL, Width: c.MainImage.Width, Height: c.MainImage.Height}})
	}
	return out, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilInts(s []int16) []int16 {
	if s == nil {
		return []int16{}
	}
	return s
}
