package accounts

import (
	"context"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// The kinds of consent a member gives (the consents table).
const (
	// ConsentTerms and ConsentPrivacy are the acceptance of a version of
	// the terms and of the privacy statement.
	ConsentTerms   = "terms"
	ConsentPrivacy = "privacy"
	// ConsentOrientation is the explicit consent to process the member's
	// sexual orientation and preferences, without which nobody can be
	// matched: withdrawing it deletes the account.
	ConsentOrientation = "orientation"
)

// MarketingTypes are the notification types that are marketing: off for a
// new member of a brand with the European rules unless they choose them.
var MarketingTypes = []string{"news", "promotions", "weekly_updates"}

// The consent rules' refusals.
var (
	ErrOrientationConsent = refusal.New(refusal.Invalid, "orientation_consent_required",
		"Please agree that we process your orientation and preferences; without it we cannot match you.")
	ErrConsentVersion = refusal.New(refusal.Conflict, "consent_version_changed",
		"The terms or the privacy statement changed meanwhile; please read the new version.")
	ErrConsentKind    = refusal.New(refusal.Invalid, "consent_kind_invalid", "Only the processing of your orientation can be withdrawn; delete the account to end the rest.")
	ErrConsentNothing = refusal.New(refusal.Invalid, "consent_nothing", "Accept the terms, the privacy statement or the processing of your orientation.")
)

// ConsentState is the answer of GET /api/consents.php: what the member
// agreed to and what the brand asks now.
type ConsentState struct {
	// TermsVersion and PrivacyVersion are the brand's current versions.
	TermsVersion   string `json:"terms_version"`
	PrivacyVersion string `json:"privacy_version"`
	// AcceptedTerms and AcceptedPrivacy are the versions the member last
	// accepted ("" for none).
	AcceptedTerms   string `json:"accepted_terms"`
	AcceptedPrivacy string `json:"accepted_privacy"`
	// Orientation is whether the member's orientation consent stands.
	Orientation bool `json:"orientation"`
	// Outdated lists what the member is asked to accept now: terms and
	// privacy when a newer version came, orientation when never given.
	Outdated []string `json:"outdated"`
	// History is every answer the member gave, oldest first.
	History []ConsentRecord `json:"history"`
}

// ConsentRecord is one answer of a member, as kept.
type ConsentRecord struct {
	Kind    string    `json:"kind"`
	Version string    `json:"version"`
	Granted bool      `json:"granted"`
	At      time.Time `json:"at"`
	Address string    `json:"address"`
}

// ConsentAnswer is the body of POST /api/consents.php: the versions the
// member read and accepts, and the orientation consent.
type ConsentAnswer struct {
	TermsVersion   string `json:"terms_version"`
	PrivacyVersion string `json:"privacy_version"`
	Orientation    bool   `json:"orientation"`
}

// Consents returns what m agreed to on t.
func (s *Service) Consents(ctx context.Context, t *tenancy.Tenant, m *Account) (ConsentState, error) {
	q := db.New(s.Pool)
	rows, err := q.ConsentsOf(ctx, m.ID)
	if err != nil {
		return ConsentState{}, fmt.Errorf("consents of %d: %w", m.ID, err)
	}
	st := ConsentState{TermsVersion: t.TermsVersion(), PrivacyVersion: t.PrivacyVersion(), Outdated: []string{},
		History: make([]ConsentRecord, 0, len(rows))}
	for _, r := range rows {
		st.History = append(st.History, ConsentRecord{Kind: r.Kind, Version: r.Version, Granted: r.Granted, At: r.CreatedAt, Address: stripMask(r.Address)})
		switch r.Kind {
		case ConsentTerms:
			st.AcceptedTerms = r.Version
		case ConsentPrivacy:
			st.AcceptedPrivacy = r.Version
		case ConsentOrientation:
			st.Orientation = r.Granted
		}
	}
	if st.AcceptedTerms != st.TermsVersion {
		st.Outdated = append(st.Outdated, ConsentTerms)
	}
	if st.AcceptedPrivacy != st.PrivacyVersion {
		st.Outdated = append(st.Outdated, ConsentPrivacy)
	}
	if !st.Orientation {
		st.Outdated = append(st.Outdated, ConsentOrientation)
	}
	return st, nil
}

// ConsentTx records in tx what m accepts now from address: the versions
// must be the brand's current ones (a page read before a change is refused
// with ErrConsentVersion, so nobody accepts a text they did not see).
// Showing a profile hidden for want of the orientation consent again is
// the caller's part (engine/membership).
func (s *Service) ConsentTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, m *Account, a ConsentAnswer, address netip.Addr) error {
	if a.TermsVersion == "" && a.PrivacyVersion == "" && !a.Orientation {
		return ErrConsentNothing
	}
	if (a.TermsVersion != "" && a.TermsVersion != t.TermsVersion()) || (a.PrivacyVersion != "" && a.PrivacyVersion != t.PrivacyVersion()) {
		return ErrConsentVersion
	}
	var kinds []consentRow
	if a.TermsVersion != "" {
		kinds = append(kinds, consentRow{ConsentTerms, a.TermsVersion, true})
	}
	if a.PrivacyVersion != "" {
		kinds = append(kinds, consentRow{ConsentPrivacy, a.PrivacyVersion, true})
	}
	if a.Orientation {
		kinds = append(kinds, consentRow{ConsentOrientation, "", true})
	}
	return s.recordConsents(ctx, tx, m.ID, address, kinds...)
}

// OrientationWithdrawn says whether member withdrew the orientation
// consent and has not given it again: such a member, come back, is nobody
// to match until they do.
func OrientationWithdrawn(ctx context.Context, conn db.DBTX, member int64) (bool, error) {
	withdrawn, err := db.New(conn).ConsentOrientationWithdrawn(ctx, member)
	if err != nil {
		return false, fmt.Errorf("orientation consent of %d: %w", member, err)
	}
	return withdrawn, nil
}

// WithdrawOrientationTx records in tx that m withdrew the orientation
// consent. The account cannot match without it: the caller requests its
// deletion in the same transaction (engine/membership).
func (s *Service) WithdrawOrientationTx(ctx context.Context, tx pgx.Tx, m *Account, address netip.Addr) error {
	return s.recordConsents(ctx, tx, m.ID, address, consentRow{ConsentOrientation, "", false})
}

type consentRow struct {
	kind, version string
	granted       bool
}

func (s *Service) recordConsents(ctx context.Context, tx pgx.Tx, memberID int64, address netip.Addr, rows ...consentRow) error {
	q := db.New(tx)
	for _, r := range rows {
		err := q.ConsentInsert(ctx, db.ConsentInsertParams{MemberID: memberID, Kind: r.kind, Version: r.version,
			Granted: r.granted, Now: s.Now(), Address: knownAddr(address)})
		if err != nil {
			return fmt.Errorf("record %s consent of %d: %w", r.kind, memberID, err)
		}
	}
	return nil
}

// signupConsents are the answers a signup gives: the brand's current terms
// and privacy statement, and the orientation consent the form asked for.
func signupConsents(t *tenancy.Tenant) []consentRow {
	return []consentRow{{ConsentTerms, t.TermsVersion(), true}, {ConsentPrivacy, t.PrivacyVersion(), true},
		{ConsentOrientation, "", true}}
}

// signupTypesDisabled are the notification types a new member of t starts
// without: marketing when they did not choose it and either the brand
// follows the European rules or they said no.
func signupTypesDisabled(t *tenancy.Tenant, marketing *bool) []string {
	on := !t.EURules()
	if marketing != nil {
		on = *marketing
	}
	if on {
		return []string{}
	}
	return slices.Clone(MarketingTypes)
}

// stripMask drops the /32 or /128 Postgres adds to an inet as text.
func stripMask(a string) string {
	if i := strings.IndexByte(a, '/'); i >= 0 {
		return a[:i]
	}
	return a
}
