package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Moderation of accounts, for the operators' console (engine/admin):
// warnings, suspensions and bans. A suspended member cannot log in until the
// suspension's end; a banned one never again and is sent to /pages/ban. Both
// end every session of the member at once: the session epoch moves on, so
// Identify drops their sessions on the next request. Hiding the member's
// profile in the same transaction is the caller's part (profiles).

// Moderation refusals.
var (
	ErrBanned = refusal.New(refusal.Forbidden, "account_banned",
		"Your account has been banned. See /pages/ban.")
	ErrSuspended = refusal.New(refusal.Forbidden, "account_suspended",
		"Your account is suspended until {until}.")
	ErrModerationReason = refusal.New(refusal.Invalid, "moderation_reason_invalid",
		fmt.Sprintf("Give a reason of 1 to %d characters.", ModerationReasonMax))
	ErrSuspendUntil = refusal.New(refusal.Invalid, "suspend_until_invalid",
		"until must be a time in the future, at most a year from now.")
	ErrMemberNotFound = refusal.New(refusal.NotFound, "member_not_found", "This member could not be found.")
	ErrLookupQuery    = refusal.New(refusal.Invalid, "lookup_query_invalid",
		"Look members up by id, e-mail address or at least 2 letters of the name.")
)

// ModerationReasonMax is the longest reason or warning text.
const ModerationReasonMax = 2000

// MaxSuspension is the longest suspension; longer is a ban.
const MaxSuspension = 366 * 24 * time.Hour

// ModerationState is a member's account as operators see it.
type ModerationState struct {
	ID         int64      `json:"id"`
	Email      string     `json:"email"`
	Name       string     `json:"name"`
	Status     string     `json:"status"`
	Language   string     `json:"language"`
	IsHouse    bool       `json:"is_house"`
	SignupDate time.Time  `json:"signup_date"`
	LastSeenAt time.Time  `json:"last_seen_at"`
	Suspended  *time.Time `json:"suspended_until"`
	BannedAt   *time.Time `json:"banned_at"`
	Reason     string     `json:"moderation_reason"`
	// AccountKind is member, test or staff (SetAccountKindTx).
	AccountKind string `json:"account_kind"`
	// SignupAddress and LoginAddress are where the member signed up and
	// last logged in from; empty when not known.
	SignupAddress string `json:"signup_address"`
	LoginAddress  string `json:"login_address"`
}

func addrText(a *netip.Addr) string {
	if a == nil {
		return ""
	}
	return a.String()
}

func timePtr(t pgtype.Timestamptz) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time
	return &v
}

func stateOf(m db.Member, name string) ModerationState {
	return ModerationState{ID: m.ID, Email: m.Email, Name: name, Status: m.Status, Language: m.Language, IsHouse: m.IsHouse,
		SignupDate: m.SignupDate, LastSeenAt: m.LastSeenAt, Suspended: timePtr(m.SuspendedUntil), BannedAt: timePtr(m.BannedAt),
		Reason: m.ModerationReason, AccountKind: m.AccountKind, SignupAddress: addrText(m.SignupIp), LoginAddress: addrText(m.LastLoginIp)}
}

// LookupMembers finds tenantID's members by id, e-mail address, the
// address (IP) they signed up or last logged in from, or a part of their
// profile name. Each kind is its own indexed query; a name matches within
// the tenant, at most 50 members.
func LookupMembers(ctx context.Context, conn db.DBTX, tenantID int64, query string) ([]ModerationState, error) {
	query = strings.TrimSpace(query)
	q := db.New(conn)
	var ids []int64
	var err error
	if id, perr := strconv.ParseInt(query, 10, 64); perr == nil && id > 0 {
		ids, err = q.MemberLookupByID(ctx, db.MemberLookupByIDParams{TenantID: tenantID, ID: id})
	} else if addr, perr := netip.ParseAddr(query); perr == nil {
		addr = addr.Unmap()
		ids, err = q.MemberLookupByAddress(ctx, db.MemberLookupByAddressParams{TenantID: tenantID, Ip: addr})
	} else if strings.Contains(query, "@") {
		ids, err = q.MemberLookupByEmail(ctx, db.MemberLookupByEmailParams{TenantID: tenantID, Email: query})
	} else if utf8.RuneCountInString(query) >= 2 && utf8.RuneCountInString(query) <= 100 {
		r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		ids, err = q.MemberLookupByName(ctx, db.MemberLookupByNameParams{TenantID: tenantID, NamePattern: "%" + r.Replace(query) + "%"})
	} else {
		return nil, ErrLookupQuery
	}
	if err != nil {
		return nil, fmt.Errorf("look up members of tenant %d: %w", tenantID, err)
	}
	out := []ModerationState{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.MemberStates(ctx, db.MemberStatesParams{TenantID: tenantID, Ids: ids})
	if err != nil {
		return nil, fmt.Errorf("members of tenant %d: %w", tenantID, err)
	}
	for _, r := range rows {
		out = append(out, stateOf(db.Member{ID: r.ID, Email: r.Email, Status: r.Status, Language: r.Language, IsHouse: r.IsHouse,
			SignupDate: r.SignupDate, LastSeenAt: r.LastSeenAt, SuspendedUntil: r.SuspendedUntil, BannedAt: r.BannedAt,
			ModerationReason: r.ModerationReason, SignupIp: r.SignupIp, LastLoginIp: r.LastLoginIp}, r.ProfileName))
	}
	return out, nil
}

// MemberState is one of tenantID's members as operators see them.
func MemberState(ctx context.Context, conn db.DBTX, tenantID, id int64) (ModerationState, error) {
	row, err := db.New(conn).MemberOfTenant(ctx, db.MemberOfTenantParams{ID: id, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, ErrMemberNotFound
	}
	if err != nil {
		return ModerationState{}, fmt.Errorf("member %d: %w", id, err)
	}
	name, err := db.New(conn).ProfileName(ctx, id)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, fmt.Errorf("profile name of %d: %w", id, err)
	}
	return stateOf(row, name), nil
}

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > ModerationReasonMax || !utf8.ValidString(reason) {
		return "", ErrModerationReason
	}
	return reason, nil
}

// SuspendTx suspends one of t's members until until (in the future, at most
// MaxSuspension ahead) in tx and ends their sessions; it answers the
// member before and after.
func SuspendTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, until time.Time, reason string, now time.Time) (ModerationState, ModerationState, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	if !until.After(now) || until.Sub(now) > MaxSuspension {
		return ModerationState{}, ModerationState{}, ErrSuspendUntil
	}
	before, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	row, err := db.New(tx).MemberSuspend(ctx, db.MemberSuspendParams{ID: id, TenantID: t.ID, Until: until, Reason: reason})
	if errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, ModerationState{}, ErrMemberNotFound
	}
	if err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("suspend member %d: %w", id, err)
	}
	return before, stateOf(row, before.Name), nil
}

// BanTx bans one of t's members for good in tx and ends their sessions; it
// answers the member before and after.
func BanTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, reason string, now time.Time) (ModerationState, ModerationState, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	before, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	row, err := db.New(tx).MemberBan(ctx, db.MemberBanParams{ID: id, TenantID: t.ID, Reason: reason, Now: now})
	if errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, ModerationState{}, ErrMemberNotFound
	}
	if err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("ban member %d: %w", id, err)
	}
	return before, stateOf(row, before.Name), nil
}

// WarnTx mails one of t's members the operators' warning in tx (the
// moderation_warning mail in the member's language; it goes out only if tx
// commits) and answers the member.
func (s *Service) WarnTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, text, baseURL string) (ModerationState, error) {
	text, err := checkReason(text)
	if err != nil {
		return ModerationState{}, err
	}
	st, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, err
	}
	if st.IsHouse {
		return ModerationState{}, ErrMemberNotFound
	}
	err = s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: st.Language, To: st.Email, Template: delivery.ModerationWarning, BaseURL: baseURL,
		Data: map[string]any{"Name": st.Name, "Text": text},
	})
	if err != nil {
		return ModerationState{}, err
	}
	return st, nil
}

// checkModeration refuses the login of a banned member, and of a suspended
// one until the suspension is over; once it is, it clears it and reports
// that the member's profile may be shown again.
func (s *Service) checkModeration(ctx context.Context, row db.Member) (bool, error) {
	if row.BannedAt.Valid {
		return false, ErrBanned
	}
	if !row.SuspendedUntil.Valid {
		return false, nil
	}
	now := s.Now()
	if row.SuspendedUntil.Time.After(now) {
		return false, ErrSuspended.With(map[string]any{"until": row.SuspendedUntil.Time.UTC().Format(time.RFC3339)})
	}
	n, err := db.New(s.Pool).MemberSuspensionOver(ctx, db.MemberSuspensionOverParams{ID: row.ID, Now: now})
	if err != nil {
		return false, fmt.Errorf("end suspension of %d: %w", row.ID, err)
	}
	return n > 0, nil
}
