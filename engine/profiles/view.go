package profiles

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/geo"
	"rendezvous/engine/identity"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// Viewer is who looks at a profile: the logged-in member, or nil for a
// logged-out visitor.
type Viewer struct {
	ID       int64
	PaidUser bool
}

// LoggedOutMayBrowse reports whether a logged-out visitor may see members
// (search and the member view) on tenant t: when the tenant allows it to
// everybody (logged_out_search), or to visitors with a traffic source
// (logged_out_search_trafficsource).
func LoggedOutMayBrowse(r *http.Request, t *tenancy.Tenant) bool {
	s := t.Settings
	return s.LoggedOutSearch || (s.LoggedOutSearchTrafficsource && landerpages.HasTrafficSource(r))
}

// ErrBlocked refuses a member who has been blocked by the profile's owner;
// Blocked fills in the blocker's name.
var ErrBlocked = refusal.New(refusal.Forbidden, "blocked", "You're blocked by {name}. You do not have access to this page.")

// Blocked is ErrBlocked with the name of the member who blocked.
func Blocked(name string) error { return ErrBlocked.With(map[string]any{"name": name}) }

// optionalFields appear to others only when listed in the tenant's
// visible_profile_fields (all of them when the list is empty); id, name,
// gender, country and the photos are always shown, the date of birth never.
var optionalFields = []string{"age", "sexuality", "seeking", "region", "city", "interests", "hair_color", "eye_color",
	"body_type", "relationship_status", "tattoos", "about_me"}

// VisitorView is member.php's answer to a logged-out visitor of the
// request's tenant, for the profile page's first paint (webapp's boot state):
// identity.ErrAuthenticationRequired where the tenant does not let visitors
// browse, as member.php answers.
func (s *Service) VisitorView(r *http.Request, id int64) (map[string]any, error) {
	t := tenancy.FromContext(r.Context())
	if !LoggedOutMayBrowse(r, t) {
		return nil, identity.ErrAuthenticationRequired
	}
	return s.MemberView(r.Context(), t, nil, id)
}

// LandingView is the profile of an affiliate's member landing
// (/members/{id}/landing, landing2, landing3; member-landing.php): the
// member as viewer (nil for a visitor) may see them on member.php, but only
// a member a newcomer may write to first. A landing leads to a signup whose
// first message goes to the member, so one in invisible mode (whom nobody
// may contact first) is not found, as are hidden, disabled, deleted and other
// pools' members. A landing is the brand's marketing: test and staff
// accounts and members without a photo operators reviewed are not found
// either, and only reviewed photos are shown. Visitors get it only where the tenant lets them browse
// members (LoggedOutMayBrowse), like member.php.
func (s *Service) LandingView(r *http.Request, viewer *Viewer, id int64) (map[string]any, error) {
	t := tenancy.FromContext(r.Context())
	if viewer == nil && !LoggedOutMayBrowse(r, t) {
		return nil, identity.ErrAuthenticationRequired
	}
	return s.memberView(r.Context(), t, viewer, id, true)
}

// VisitorLandingView is LandingView for a logged-out visitor, for the
// landing's first paint (webapp's boot state).
func (s *Service) VisitorLandingView(r *http.Request, id int64) (map[string]any, error) {
	return s.LandingView(r, nil, id)
}

// MemberView is another member's profile as viewer may see it on tenant t:
// only profiles of the tenant's pool, only active ones, never to a member
// they blocked; fields per visible_profile_fields; all active photos for
// premium viewers, the main photo and the count of the others for free and
// logged-out ones. (Opening a profile also clears the like it gave the
// viewer: the likes area does that, likes.Handlers.OpenProfile.)
func (s *Service) MemberView(ctx context.Context, t *tenancy.Tenant, viewer *Viewer, id int64) (map[string]any, error) {
	return s.memberView(ctx, t, viewer, id, false)
}

// memberView is MemberView; contactable also hides a member in invisible
// mode (LandingView).
func (s *Service) memberView(ctx context.Context, t *tenancy.Tenant, viewer *Viewer, id int64, contactable bool) (map[string]any, error) {
	self := viewer != nil && viewer.ID == id
	// Another member's profile may lag a moment behind (the read
	// replica); one's own is read where one's change was just written.
	conn := s.reader()
	if self {
		conn = s.Pool
	}
	q := db.New(conn)
	row, err := q.ProfileForView(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load profile %d: %w", id, err)
	}
	// Another pool's members do not exist for this tenant: 404, not 403,
	// so their ids cannot be probed.
	if row.Pool != t.ProfilePool || (row.Status != "active" && !self) || (contactable && row.Invisible && !self) {
		return nil, ErrNotFound
	}
	// A landing is the brand's marketing: never a test or staff account,
	// and only photos operators reviewed.
	marketing := contactable && !self
	if marketing && row.AccountKind != "member" {
		return nil, ErrNotFound
	}
	blockedByMe := false
	if viewer != nil && !self {
		b, err := q.BlockBetween(ctx, db.BlockBetweenParams{ViewerID: viewer.ID, OtherID: id})
		if err != nil {
			return nil, fmt.Errorf("blocks between %d and %d: %w", viewer.ID, id, err)
		}
		if b.BlockedByOther {
			return nil, Blocked(row.Name)
		}
		blockedByMe = b.ViewerBlocked
	}
	photos, err := q.PhotoListByProfile(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("load photos of %d: %w", id, err)
	}
	prefix := cdnPrefix(ctx)
	active := make([]db.Photo, 0, len(photos))
	for _, p := range photos {
		if p.Status == PhotoActive && (!marketing || p.ReviewedAt.Valid) {
			active = append(active, p)
		}
	}
	if marketing && len(active) == 0 {
		return nil, ErrNotFound
	}
	shown := active
	if !self && (viewer == nil || !viewer.PaidUser) && len(active) > 1 {
		// The server withholds the rest; the client only learns how many.
		shown = active[:1]
	}

	p := fromRow(db.Profile{
		ID: row.ID, Pool: row.Pool, Name: row.Name, Gender: row.Gender, Seeking: row.Seeking, Sexuality: row.Sexuality,
		DateOfBirth: row.DateOfBirth, Country: row.Country, Region: row.Region, City: row.City, Interests: row.Interests,
		HairColor: row.HairColor, EyeColor: row.EyeColor, BodyType: row.BodyType, RelationshipStatus: row.RelationshipStatus,
		Tattoos: row.Tattoos, AboutMe: row.AboutMe, Status: row.Status, Invisible: row.Invisible, LastActiveAt: row.LastActiveAt,
	}, s.Now())
	out := map[string]any{
		"id": p.ID, "name": p.Name, "gender": p.Gender, "country": p.Country,
		"main_image": mainImage(active, prefix), "photos": images(shown, prefix), "photos_hidden": len(active) - len(shown),
		"is_house": row.IsHouse, "blocked": blockedByMe, "last_active_at": p.LastActiveAt, "online": false,
	}
	if !self {
		a := ActivityOf(row.LastActiveAt, row.IsHouse, row.Invisible, s.Now())
		out["last_active_at"], out["online"] = a.LastActiveAt, a.Online
	} else {
		out["online"] = true
	}
	if viewer != nil && !self {
		// The viewer's own private note, on tenants that show notes; no
		// one else's note is ever in the answer.
		note, ok, err := NoteOf(ctx, s.Pool, t, viewer.ID, id)
		if err != nil {
			return nil, err
		}
		if ok {
			out["note"] = note
		}
	}
	visible := t.Settings.VisibleProfileFields
	for _, f := range optionalFields {
		if len(visible) > 0 && !slices.Contains(visible, f) {
			continue
		}
		switch f {
		case "age":
			out["age"] = p.Age
		case "sexuality":
			out["sexuality"] = p.Sexuality
		case "seeking":
			out["seeking"] = p.Seeking
		case "region":
			// Places read in the reader's language (Den Haag, Köln).
			out["region"], out["region_name"] = p.Region, regionName(p.Country, p.Region, tenancy.LanguageFrom(ctx))
		case "city":
			out["city"] = geo.PlaceName(p.Country, p.City, tenancy.LanguageFrom(ctx))
		case "interests":
			out["interests"] = p.Interests
		case "hair_color":
			out["hair_color"] = p.HairColor
		case "eye_color":
			out["eye_color"] = p.EyeColor
		case "body_type":
			out["body_type"] = p.BodyType
		case "relationship_status":
			out["relationship_status"] = p.RelationshipStatus
		case "tattoos":
			out["tattoos"] = p.Tattoos
		case "about_me":
			out["about_me"] = p.AboutMe
		}
	}
	return out, nil
}
