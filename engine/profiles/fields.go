package profiles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/geo"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// Options are the values each enumerated profile field accepts; "" (not
// told) is accepted too wherever a field is optional. Clients translate the
// values; GET /api/profile.php sends this table so forms need no copy.
var Options = map[string][]string{
	"gender":              {"male", "female"},
	"seeking":             {"male", "female", "both"},
	"sexuality":           {"hetero", "gay", "lesbian", "bi"},
	"hair_color":          {"black", "brown", "blonde", "red", "grey", "bald", "other"},
	"eye_color":           {"brown", "blue", "green", "grey", "hazel", "other"},
	"body_type":           {"slim", "athletic", "average", "curvy", "muscular", "full_figured"},
	"relationship_status": {"single", "divorced", "widowed", "separated", "in_relationship", "married", "open_relationship"},
	"tattoos":             {"none", "some", "many"},
}

// Lengths of the free-text fields, in characters.
const (
	NameMin      = 2
	NameMax      = 30
	CityMax      = 80
	AboutMeMax   = 2000
	InterestsMax = 10
	// MaxAge bounds a date of birth from the other side.
	MaxAge = 99
)

// Update is a PUT /api/profile.php body: every field optional, only those
// present change. Read-only fields a client may send back from GET (id,
// age, status, photos, ...) are accepted and ignored.
type Update struct {
	Name               *string  `json:"name"`
	Gender             *string  `json:"gender"`
	Seeking            *string  `json:"seeking"`
	Sexuality          *string  `json:"sexuality"`
	DateOfBirth        *string  `json:"date_of_birth"`
	Country            *string  `json:"country"`
	Region             *string  `json:"region"`
	City               *string  `json:"city"`
	Interests          *[]int16 `json:"interests"`
	HairColor          *string  `json:"hair_color"`
	EyeColor           *string  `json:"eye_color"`
	BodyType           *string  `json:"body_type"`
	RelationshipStatus *string  `json:"relationship_status"`
	Tattoos            *string  `json:"tattoos"`
	AboutMe            *string  `json:"about_me"`
	Invisible          *bool    `json:"invisible"`

	ID           json.RawMessage `json:"id"`
	Age          json.RawMessage `json:"age"`
	RegionName   json.RawMessage `json:"region_name"`
	Status       json.RawMessage `json:"status"`
	MainImage    json.RawMessage `json:"main_image"`
	Photos       json.RawMessage `json:"photos"`
	LastActiveAt json.RawMessage `json:"last_active_at"`
}

// FieldError is one invalid field: its name, a stable code and English text.
type FieldError struct {
	Field   string         `json:"field"`
	Code    string         `json:"error"`
	Message string         `json:"message"`
	Extra   map[string]any `json:"-"`
}

// invalidFields refuses an update for every invalid field at once: the
// first field's code and text at the top (so simple clients show one
// message), every field under "fields".
func invalidFields(errs []FieldError) error {
	first := errs[0]
	params := map[string]any{"field": first.Field, "fields": errs}
	for k, v := range first.Extra {
		params[k] = v
	}
	return refusal.New(refusal.Invalid, first.Code, first.Message).With(params)
}

// UpdateOwn applies an update to the member's profile after checking every
// field, and returns the profile as it now is.
func (s *Service) UpdateOwn(ctx context.Context, t *tenancy.Tenant, memberID int64, u Update) (Profile, error) {
	q := db.New(s.Pool)
	row, err := q.ProfileByID(ctx, memberID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Profile{}, ErrNotFound
	}
	if err != nil {
		return Profile{}, fmt.Errorf("load profile %d: %w", memberID, err)
	}
	email, err := q.MemberEmail(ctx, memberID)
	if err != nil {
		return Profile{}, fmt.Errorf("load member %d: %w", memberID, err)
	}
	p, err := apply(ctx, q, t, row, email, u, &validator{now: s.Now(), served: t})
	if err != nil {
		return Profile{}, err
	}
	if err := q.ProfileUpdate(ctx, p); err != nil {
		return Profile{}, fmt.Errorf("update profile %d: %w", memberID, err)
	}
	return Own(ctx, s.Pool, memberID, s.Now())
}

// apply checks every field of u against the tenant's rules and answers row
// with the fields changed; the error names every invalid field. email is
// the member's address, which a name may not be ("" for none); v may hold
// the caller's own field errors already.
func apply(ctx context.Context, q *db.Queries, t *tenancy.Tenant, row db.Profile, email string, u Update, v *validator) (db.ProfileUpdateParams, error) {
	interests, err := q.InterestIDList(ctx)
	if err != nil {
		return db.ProfileUpdateParams{}, fmt.Errorf("load interests: %w", err)
	}
	p := db.ProfileUpdateParams{
		ID: row.ID, Name: row.Name, Gender: row.Gender, Seeking: row.Seeking, Sexuality: row.Sexuality,
		DateOfBirth: row.DateOfBirth, Country: row.Country, Region: row.Region, City: row.City,
		Interests: row.Interests, HairColor: row.HairColor, EyeColor: row.EyeColor, BodyType: row.BodyType,
		RelationshipStatus: row.RelationshipStatus, Tattoos: row.Tattoos, AboutMe: row.AboutMe, Invisible: row.Invisible,
	}
	minAge := t.Settings.YoungestAge()
	if u.Name != nil {
		p.Name = v.name(*u.Name, email)
	}
	p.Gender = v.enum("gender", "gender_invalid", u.Gender, p.Gender, false)
	p.Seeking = v.enum("seeking", "seeking_invalid", u.Seeking, p.Seeking, false)
	p.Sexuality = v.enum("sexuality", "sexuality_invalid", u.Sexuality, p.Sexuality, false)
	p.HairColor = v.enum("hair_color", "hair_color_invalid", u.HairColor, p.HairColor, true)
	p.EyeColor = v.enum("eye_color", "eye_color_invalid", u.EyeColor, p.EyeColor, true)
	p.BodyType = v.enum("body_type", "body_type_invalid", u.BodyType, p.BodyType, true)
	p.RelationshipStatus = v.enum("relationship_status", "relationship_status_invalid", u.RelationshipStatus, p.RelationshipStatus, true)
	p.Tattoos = v.enum("tattoos", "tattoos_invalid", u.Tattoos, p.Tattoos, true)
	if u.DateOfBirth != nil {
		p.DateOfBirth = v.dateOfBirth(*u.DateOfBirth, minAge, p.DateOfBirth)
	}
	if u.Country != nil {
		p.Country = v.country(*u.Country, p.Country)
		if u.Region == nil && p.Country != row.Country {
			// A region of the old country means nothing in the new one.
			p.Region = ""
		}
	}
	if u.Region != nil {
		p.Region = v.region(p.Country, *u.Region, p.Region)
	}
	if u.City != nil {
		p.City = v.text("city", "city_length", "city_invalid", *u.City, CityMax, false, p.City)
	}
	if u.AboutMe != nil {
		p.AboutMe = v.text("about_me", "about_me_length", "about_me_invalid", *u.AboutMe, AboutMeMax, true, p.AboutMe)
	}
	if u.Interests != nil {
		p.Interests = v.interests(*u.Interests, interests, p.Interests)
	}
	if u.Invisible != nil {
		p.Invisible = *u.Invisible
	}
	if len(v.errs) > 0 {
		return p, invalidFields(v.errs)
	}
	p.Latitude, p.Longitude = located(p.ID, p.Country, p.Region, p.City)
	return p, nil
}

// validator collects field errors, so one answer names every bad field.
// Codes are written out at each call, not built from field names, so every
// code the API can answer is findable in the source (openapi.yaml's test
// checks that).
type validator struct {
	now time.Time
	// served, when set, limits a new country to the tenant's countries: a
	// member lives where the site works (the signup's location step and the
	// profile editor save here). A country already on the profile stays
	// allowed. House profiles leave it unset.
	served *tenancy.Tenant
	errs   []FieldError
}

func (v *validator) fail(field, code, message string, extra map[string]any) {
	v.errs = append(v.errs, FieldError{Field: field, Code: code, Message: message, Extra: extra})
}

func (v *validator) has(field string) bool {
	for _, e := range v.errs {
		if e.Field == field {
			return true
		}
	}
	return false
}

func (v *validator) name(name, email string) string {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case strings.HasPrefix(name, "@"):
		v.fail("name", "name_at", "Username may not start with @", nil)
	case email != "" && strings.EqualFold(name, strings.TrimSpace(email)):
		v.fail("name", "name_is_email", "Username may not be the same as your e-mail address", nil)
	case n < NameMin || n > NameMax:
		v.fail("name", "name_length", fmt.Sprintf("Your name must be %d to %d characters long.", NameMin, NameMax),
			map[string]any{"min": NameMin, "max": NameMax})
	case strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		v.fail("name", "name_invalid", "Your name contains characters that are not allowed.", nil)
	}
	return name
}

func (v *validator) enum(field, code string, value *string, current string, optional bool) string {
	if value == nil {
		return current
	}
	if (*value == "" && optional) || slices.Contains(Options[field], *value) {
		return *value
	}
	v.fail(field, code, fmt.Sprintf("%s must be one of: %s.", field, strings.Join(Options[field], ", ")),
		map[string]any{"allowed": Options[field]})
	return current
}

func (v *validator) dateOfBirth(s string, minAge int, current pgtype.Date) pgtype.Date {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		v.fail("date_of_birth", "date_of_birth_invalid", "Invalid date of birth", nil)
		return current
	}
	if age := tenancy.Age(d, v.now); age < minAge || age > MaxAge {
		v.fail("date_of_birth", "date_of_birth", fmt.Sprintf("Enter your date of birth (%d+)", minAge),
			map[string]any{"min_age": minAge})
		return current
	}
	return pgtype.Date{Time: d, Valid: true}
}

func (v *validator) country(c, current string) string {
	c = strings.ToUpper(strings.TrimSpace(c))
	if _, err := geo.Regions(c); err != nil || len(c) != 2 {
		v.fail("country", "country_invalid", "This country is not known.", nil)
		return current
	}
	if v.served != nil && c != current && !v.served.HasCountry(c) {
		v.fail("country", "country_invalid", "This site does not serve that country.", map[string]any{"country": c})
		return current
	}
	return c
}

// region accepts the ISO 3166-2 code or the exact name of a region of the
// country, and stores the code.
func (v *validator) region(country, r, current string) string {
	r = strings.TrimSpace(r)
	if r == "" {
		return ""
	}
	list, err := geo.Regions(country)
	if err == nil {
		for _, item := range list.Items {
			if strings.EqualFold(item.Code, r) || strings.EqualFold(item.Name, r) {
				return item.Code
			}
		}
	}
	v.fail("region", "region_invalid", "This region is not in the chosen country.", map[string]any{"country": country})
	return current
}

func (v *validator) text(field, lengthCode, invalidCode, s string, maxLen int, multiline bool, current string) string {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n > maxLen {
		v.fail(field, lengthCode, fmt.Sprintf("%s may be at most %d characters long.", field, maxLen),
			map[string]any{"max": maxLen})
		return current
	}
	bad := strings.IndexFunc(s, func(r rune) bool {
		return r == utf8.RuneError || (unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t')))
	})
	if bad >= 0 {
		v.fail(field, invalidCode, fmt.Sprintf("%s contains characters that are not allowed.", field), nil)
		return current
	}
	return s
}

func (v *validator) interests(ids, known, current []int16) []int16 {
	out := make([]int16, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(known, id) {
			v.fail("interests", "interests_invalid", "One of the interests is not known.", map[string]any{"interest": id})
			return current
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	if len(out) > InterestsMax {
		v.fail("interests", "interests_too_many", fmt.Sprintf("Choose at most %d interests.", InterestsMax),
			map[string]any{"max": InterestsMax})
		return current
	}
	slices.Sort(out)
	return out
}
