package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"net/netip"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/credits"
	"rendezvous/engine/delivery"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/tenancy"
)

// SignupRequest is the body of POST /api/signup.php.
type SignupRequest struct {
	Email       string `json:"email"`
	Name        string `json:"name"`
	DateOfBirth string `json:"date_of_birth"`
	Password    string `json:"password"`
	Gender      string `json:"gender"`
	// Seeking is male, female or both; empty means the other gender.
	Seeking       string `json:"seeking"`
	SignupMessage string `json:"signup_message"`
	// ProfileID is the profile in view when signing up from
	// /members/{id}/signup.
	ProfileID int64     `json:"profile_id"`
	Tracking  *Tracking `json:"tracking"`
	// Country, Region and City are optional: the location step may come
	// later; the country defaults to the visitor's.
	Country string `json:"country"`
	Region  string `json:"region"`
	City    string `json:"city"`
	// OrientationConsent is the member's explicit consent to process their
	// orientation and preferences; a signup without it is refused.
	OrientationConsent bool `json:"orientation_consent"`
	// Marketing is the member's choice of news, promotions and weekly
	// updates; absent, they are on except on brands with the European
	// rules (tenancy.Tenant.EURules).
	Marketing *bool `json:"marketing"`
}

// Tracking is where a member came from.
type Tracking = landerpages.Tracking

// Visit is what the request tells about the person signing up.
type Visit struct {
	// Country is the country the site works in for the visitor.
	Country string
	// Locale is the negotiated language.
	Locale string
	// BaseURL is the site's scheme and host, for the mailed links.
	BaseURL string
	// Address is the visitor's address (IP), kept as where the member
	// signed up for operators' lookups; the zero Addr when not known.
	Address netip.Addr
}

// Password bounds: the product sets none, so these keep a password guessable
// by nobody and hashable in bounded time.
const (
	MinPasswordLength = 6
	MaxPasswordLength = 128
)

var nameRule = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} ._-]{1,29}$`)

// NewMember is a signup that passed every validation rule, ready to be stored
// with SignupTx. CheckSignup makes it outside the transaction, so the slow
// password hash holds no transaction open.
type NewMember struct {
	// Request is the signup, normalised: trimmed, the default seeking
	// filled in.
	Request SignupRequest
	// DateOfBirth and Country are the profile's.
	DateOfBirth time.Time
	Country     string
	Visit       Visit
	hash        string
	tracking    []byte
}

// CheckSignup applies the signup rules of t to req and hashes the password
// (waiting for a hash slot as long as ctx lasts).
func (s *Service) CheckSignup(ctx context.Context, t *tenancy.Tenant, req SignupRequest, v Visit) (NewMember, error) {
	req.Email = strings.TrimSpace(req.Email)
	req.Name = strings.TrimSpace(req.Name)
	switch t.Settings.Signups {
	case "all":
	case "with_trafficsource":
		if !req.Tracking.IsTrafficSource() {
			return NewMember{}, ErrInviteOnly.With(map[string]any{"sitename": t.Name})
		}
	default:
		return NewMember{}, ErrInviteOnly.With(map[string]any{"sitename": t.Name})
	}
	dob, country, err := s.checkSignup(t, &req, v)
	if err != nil {
		return NewMember{}, err
	}
	hash, err := s.HashPassword(ctx, req.Password)
	if err != nil {
		return NewMember{}, fmt.Errorf("hash password: %w", err)
	}
	tracking := []byte("{}")
	if req.Tracking != nil {
		if tracking, err = json.Marshal(req.Tracking); err != nil {
			return NewMember{}, err
		}
	}
	return NewMember{Request: req, DateOfBirth: dob, Country: country, Visit: v, hash: hash, tracking: tracking}, nil
}

// SignupTx stores n as a member of t in the signup transaction tx: the
// member row, the signup credits and the activation mail. The signup as a
// whole (with the profile and the signup message, engine/membership) is one
// transaction, so a failure leaves no member without a profile.
func (s *Service) SignupTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, n NewMember) (*Account, error) {
	req := n.Request
	q := db.New(tx)
	taken, err := q.MemberEmailTaken(ctx, db.MemberEmailTakenParams{TenantID: t.ID, Email: req.Email})
	if err != nil {
		return nil, fmt.Errorf("check email: %w", err)
	}
	if taken {
		return nil, ErrEmailTaken
	}
	var inView pgtype.Int8
	if req.ProfileID > 0 {
		// A stale or foreign profile link does not stop a signup; it
		// just opens no profile afterwards.
		found, err := q.ProfileInPool(ctx, db.ProfileInPoolParams{ID: req.ProfileID, Pool: t.ProfilePool})
		if err != nil {
			return nil, fmt.Errorf("check signup profile: %w", err)
		}
		inView = pgtype.Int8{Int64: req.ProfileID, Valid: found}
	}
	row, err := q.MemberInsert(ctx, db.MemberInsertParams{
		TenantID: t.ID, Email: req.Email, PasswordHash: n.hash, Language: n.Visit.Locale, Tracking: n.tracking,
		SignupProfileID: inView, SignupMessage: req.SignupMessage, Now: s.Now(), SignupIp: knownAddr(n.Visit.Address),
		TypesDisabled: signupTypesDisabled(t, req.Marketing),
	})
	if isUniqueViolation(err) {
		// Another signup with this address committed first.
		return nil, ErrEmailTaken
	}
	if err != nil {
		return nil, fmt.Errorf("insert member: %w", err)
	}
	m := memberFromRow(row)
	if err := s.recordConsents(ctx, tx, m.ID, n.Visit.Address, signupConsents(t)...); err != nil {
		return nil, err
	}
	if t.Settings.SignupCredits > 0 {
		balance, err := credits.Post(ctx, tx, credits.Entry{MemberID: m.ID, Delta: int64(t.Settings.SignupCredits),
			Kind: credits.SignupBonus, Reference: "signup", Note: "signup credits"})
		if err != nil {
			return nil, fmt.Errorf("book signup credits: %w", err)
		}
		m.Credits = balance
	}
	if err := s.sendActivation(ctx, tx, t, m, req.Name, n.Visit.BaseURL); err != nil {
		return nil, err
	}
	// The member's network (their traffic source) is told of the signup.
	if err := s.Postbacks.Queue(ctx, tx, affiliates.Event{MemberID: m.ID, Kind: affiliates.EventSignup}); err != nil {
		return nil, err
	}
	return m, nil
}

// checkSignup applies the signup's validation rules (e-mail, name, date of
// birth and age, password, message, location) in the order a form shows them,
// and normalises req. It returns the date of birth and the profile's country.
func (s *Service) checkSignup(t *tenancy.Tenant, req *SignupRequest, v Visit) (time.Time, string, error) {
	if !ValidEmail(req.Email) {
		return time.Time{}, "", ErrEmailInvalid
	}
	if err := checkName(req.Name, req.Email); err != nil {
		return time.Time{}, "", err
	}
	dob, err := s.checkDateOfBirth(t, req.DateOfBirth)
	if err != nil {
		return time.Time{}, "", err
	}
	if err := checkPassword(req.Password); err != nil {
		return time.Time{}, "", err
	}
	if req.Gender != "male" && req.Gender != "female" {
		return time.Time{}, "", ErrGenderInvalid
	}
	switch req.Seeking {
	case "male", "female", "both":
	case "":
		req.Seeking = map[string]string{"male": "female", "female": "male"}[req.Gender]
	default:
		return time.Time{}, "", ErrSeekingInvalid
	}
	country := strings.ToUpper(strings.TrimSpace(req.Country))
	if country == "" {
		country = v.Country
	}
	if !t.HasCountry(country) {
		return time.Time{}, "", ErrCountryInvalid
	}
	req.Region, req.City = strings.TrimSpace(req.Region), strings.TrimSpace(req.City)
	if !plainText(req.Region, 100) || !plainText(req.City, 100) || strings.ContainsAny(req.Region+req.City, "<>") {
		return time.Time{}, "", ErrLocationInvalid
	}
	maxMessage := t.Settings.MessageLength
	if maxMessage <= 0 {
		maxMessage = 1000
	}
	req.SignupMessage = strings.TrimSpace(req.SignupMessage)
	if utf8.RuneCountInString(req.SignupMessage) > maxMessage || !utf8.ValidString(req.SignupMessage) {
		return time.Time{}, "", ErrSignupMessageLong.With(map[string]any{"max": maxMessage})
	}
	if !req.OrientationConsent {
		return time.Time{}, "", ErrOrientationConsent
	}
	if tr := req.Tracking; tr != nil {
		for _, f := range []*string{&tr.Network, &tr.Ref, &tr.Sub1, &tr.Sub2, &tr.Sub3} {
			*f = strings.TrimSpace(*f)
		}
		if !tr.Valid() {
			return time.Time{}, "", ErrTrackingInvalid
		}
	}
	return dob, country, nil
}

// ValidEmail reports whether s is a plain address (local@domain.tld) of at
// most 254 characters, without a display name, quotes or comments.
func ValidEmail(s string) bool {
	if s == "" || len(s) > 254 || strings.ContainsAny(s, " \t\r\n\"()<>[]\\,;:") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") &&
		!strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..")
}

func checkName(name, email string) error {
	switch {
	case strings.EqualFold(name, email):
		return ErrNameIsEmail
	case strings.HasPrefix(name, "@"):
		return ErrNameAt
	case !nameRule.MatchString(name):
		// Also refuses markup and SQL punctuation: names show everywhere.
		return ErrNameInvalid
	}
	return nil
}

// checkDateOfBirth parses YYYY-MM-DD and applies the tenant's minimum age,
// counted on today's date in the tenant's time zone.
func (s *Service) checkDateOfBirth(t *tenancy.Tenant, value string) (time.Time, error) {
	dob, err := time.Parse(time.DateOnly, strings.TrimSpace(value))
	if err != nil {
		return time.Time{}, ErrDateOfBirthInvalid
	}
	minAge := t.Settings.YoungestAge()
	today := startOfDay(t, s.Now())
	today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	age := tenancy.Age(dob, today)
	switch {
	case dob.After(today) || age > 120:
		return time.Time{}, ErrDateOfBirthInvalid
	case age < minAge:
		return time.Time{}, ErrDateOfBirth.With(map[string]any{"min_age": minAge})
	}
	return dob, nil
}

func checkPassword(p string) error {
	n := utf8.RuneCountInString(p)
	if n < MinPasswordLength || n > MaxPasswordLength || !utf8.ValidString(p) {
		return ErrPasswordInvalid
	}
	return nil
}

// plainText reports whether s is valid UTF-8 of at most max characters
// without control characters.
func plainText(s string, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// sendActivation mails m a fresh activation link.
func (s *Service) sendActivation(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, m *Account, name, baseURL string) error {
	token, err := s.issueToken(ctx, tx, m.ID, tokenActivation, "", ActivationValidity)
	if err != nil {
		return err
	}
	return s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: m.Language, To: m.Email, Template: delivery.Activation, BaseURL: baseURL,
		Data:   map[string]any{"Name": name, "Days": int(ActivationValidity.Hours() / 24)},
		Action: baseURL + "/api/activate.php?token=" + token, Secret: true,
	})
}

// knownAddr is a as a nullable column value: nil when not known.
func knownAddr(a netip.Addr) *netip.Addr {
	if !a.IsValid() {
		return nil
	}
	a = a.Unmap()
	return &a
}
