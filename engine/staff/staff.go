package staff

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff/internal/db"
	"rendezvous/engine/tenancy"
)

// Refusals of the console's logins and staff accounts.
var (
	ErrLoginFailed  = refusal.New(refusal.Unauthorized, "login_failed", "Login failed, please try again")
	ErrTOTPRequired = refusal.New(refusal.Unauthorized, "totp_required", "Enter the code of your authenticator app.")
	ErrLoginBlocked = refusal.New(refusal.TooMany, "login_blocked", "Too many incorrect attempts, account blocked for {minutes} min.")
	ErrLoginNeeded  = refusal.New(refusal.Unauthorized, "console_login_required", "Log in to the console first.")
	ErrTOTPEnrol    = refusal.New(refusal.Forbidden, "totp_enrolment_required",
		"Set up the second factor (an authenticator app) before using the console.")
	ErrForbidden     = refusal.New(refusal.Forbidden, "console_forbidden", "Your role does not allow this.")
	ErrTOTPInvalid   = refusal.New(refusal.Invalid, "totp_invalid", "That code is not right. Enter the current code of your authenticator app.")
	ErrTOTPEnabled   = refusal.New(refusal.Conflict, "totp_enabled", "The second factor is already set up.")
	ErrTOTPNotBegun  = refusal.New(refusal.Conflict, "totp_not_started", "Start the set-up of the second factor first.")
	ErrEmailTaken    = refusal.New(refusal.Conflict, "staff_email_taken", "A staff account with this e-mail address exists.")
	ErrEmailInvalid  = refusal.New(refusal.Invalid, "staff_email_invalid", "This is not an e-mail address.")
	ErrRoleInvalid   = refusal.New(refusal.Invalid, "role_invalid", "There is no such role.")
	ErrTenantUnknown = refusal.New(refusal.Invalid, "tenant_unknown", "There is no such tenant.")
	ErrPasswordShort = refusal.New(refusal.Invalid, "staff_password_too_short", "A staff password needs at least {min} characters.")
	ErrNotFound      = refusal.New(refusal.NotFound, "not_found", "This page could not be found")
)

// MinPasswordLength is the shortest staff password.
const MinPasswordLength = 12

// The demo's superadmin (serve --demo); only this account, and only in the
// demo, logs in without a second factor.
const (
	DemoEmail    = "admin@rendezvous.example"
	DemoPassword = "demo-password"
)

// BlockPolicy says when wrong passwords or codes block console logins:
// PerAccount failures for one account, or PerIP from one client address,
// within Window block it until Window has passed since the last one.
type BlockPolicy struct {
	PerAccount int
	PerIP      int
	Window     time.Duration
}

// DefaultBlockPolicy is the members' login block.
var DefaultBlockPolicy = BlockPolicy{PerAccount: 5, PerIP: 20, Window: 15 * time.Minute}

// Tenants are the tenants the console knows (tenancy.Directory).
type Tenants interface {
	List(ctx context.Context) ([]*tenancy.Tenant, error)
}

// Service holds the rules of staff identity: accounts, logins with their
// second factor, sessions, roles and the audit log.
type Service struct {
	Pool     *pgxpool.Pool
	Policy   *Policy
	Sessions *scs.SessionManager
	Tenants  Tenants
	Log      *slog.Logger
	// HashParams are the argon2id parameters of new passwords; tests lower
	// them.
	HashParams *argon2id.Params
	Block      BlockPolicy
	// Now is the clock; tests move it.
	Now func() time.Time
	// Demo exempts DemoEmail from the second factor (serve --demo).
	Demo bool

	dummyOnce sync.Once
	dummy     string
}

// Options are how NewService is set up.
type Options struct {
	// SecureCookies marks the console's cookie Secure (behind HTTPS).
	SecureCookies bool
	Demo          bool
}

// NewService loads the console policy (writing the policy file's
// permissions into the table).
func NewService(ctx context.Context, pool *pgxpool.Pool, tenants Tenants, log *slog.Logger, o Options) (*Service, error) {
	policy, err := NewPolicy(ctx, pool)
	if err != nil {
		return nil, err
	}
	return &Service{Pool: pool, Policy: policy, Sessions: newSessions(pool, o.SecureCookies), Tenants: tenants, Log: log,
		HashParams: argon2id.DefaultParams, Block: DefaultBlockPolicy, Now: time.Now, Demo: o.Demo}, nil
}

// Staff is a staff member as the console shows them.
type Staff struct {
	ID    int64   `json:"id"`
	Email string  `json:"email"`
	Roles []Grant `json:"roles"`
	// TOTPEnabled is true once the second factor is set up.
	TOTPEnabled bool `json:"totp_enabled"`
	// TOTPRequired is true while this session may only set up the second
	// factor (the role needs one, the account has none yet).
	TOTPRequired bool `json:"totp_enrolment_required"`
	// DisabledAt is when the account was disabled (it logs in no more).
	DisabledAt *time.Time `json:"disabled_at"`
	// Affiliate is an affiliate account's scope, null for staff.
	Affiliate *AffiliateScope `json:"affiliate"`
	// Language is the console's language for this staff member (one of
	// Languages), kept on the account so it follows them to every device.
	Language string `json:"language"`

	epoch int32
}

// totpExempt reports whether the account logs in without a second factor:
// only the demo superadmin, only in the demo.
func (s *Service) totpExempt(a db.StaffAccount) bool {
	return s.Demo && strings.EqualFold(a.Email, DemoEmail)
}

func (s *Service) staffFrom(ctx context.Context, a db.StaffAccount) (*Staff, error) {
	grants, err := s.Policy.Grants(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	st := &Staff{ID: a.ID, Email: a.Email, Roles: grants, TOTPEnabled: a.TotpConfirmedAt.Valid, Language: a.Language, epoch: a.SessionEpoch}
	if a.DisabledAt.Valid {
		at := a.DisabledAt.Time
		st.DisabledAt = &at
	}
	if isAffiliate(grants) {
		if st.Affiliate, err = affiliateScope(ctx, db.New(s.Pool), a.ID); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// NewStaff is a staff account to create.
type NewStaff struct {
	Email string `json:"email"`
	// Role on Tenant is the account's one role; Roles, when given, are its
	// roles instead (each on a tenant slug or "*").
	Role     string  `json:"role"`
	Tenant   string  `json:"tenant"`
	Roles    []Grant `json:"roles"`
	Password string  `json:"password"`
	// Affiliate is the scope of an affiliate account (the affiliate role
	// only); staff have none.
	Affiliate *AffiliateScope `json:"affiliate"`
}

// Created is a new staff account and, when none was given, the one-time
// password it was made with.
type Created struct {
	Staff    *Staff `json:"staff"`
	Password string `json:"password,omitempty"`
}

// Create makes a staff account with one role on a tenant (its slug; empty
// or "*" for every tenant). Without a password it makes one and returns it.
// by is who did it (nil on the command line); the audit log records it.
func (s *Service) Create(ctx context.Context, n NewStaff, by *Staff, ip netip.Addr) (*Created, error) {
	n.Email = strings.TrimSpace(n.Email)
	if a, err := mail.ParseAddress(n.Email); err != nil || a.Address != n.Email {
		return nil, ErrEmailInvalid
	}
	grants := n.Roles
	if len(grants) == 0 {
		grants = []Grant{{Role: n.Role, Tenant: n.Tenant}}
	}
	grants, err := s.checkGrants(ctx, grants)
	if err != nil {
		return nil, err
	}
	scope, err := checkAffiliate(grants, n.Affiliate)
	if err != nil {
		return nil, err
	}
	out := &Created{}
	if n.Password == "" {
		n.Password = rand.Text()
		out.Password = n.Password
	}
	if len([]rune(n.Password)) < MinPasswordLength {
		return nil, ErrPasswordShort.With(map[string]any{"min": MinPasswordLength})
	}
	hash, err := argon2id.CreateHash(n.Password, s.HashParams)
	if err != nil {
		return nil, fmt.Errorf("hash staff password: %w", err)
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		id, err = q.StaffCreate(ctx, db.StaffCreateParams{Email: n.Email, PasswordHash: hash})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrEmailTaken
		}
		if err != nil {
			return fmt.Errorf("create staff: %w", err)
		}
		for _, g := range grants {
			if err := addGrant(ctx, q, id, g); err != nil {
				return err
			}
		}
		after := map[string]any{"id": id, "email": n.Email, "roles": grants}
		if scope != nil {
			if err := setAffiliateScope(ctx, q, id, scope); err != nil {
				return err
			}
			after["affiliate"] = scope
		}
		return record(ctx, q, Entry{By: by, Tenant: grantsTenant(grants), Action: "staff.create", IP: ip, After: after})
	})
	if err != nil {
		return nil, err
	}
	a, err := db.New(s.Pool).StaffByID(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("read new staff: %w", err)
	}
	if out.Staff, err = s.staffFrom(ctx, a); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) checkTenant(ctx context.Context, slug string) error {
	all, err := s.Tenants.List(ctx)
	if err != nil {
		return err
	}
	for _, t := range all {
		if t.Slug == slug {
			return nil
		}
	}
	return ErrTenantUnknown
}

// List is every staff account.
func (s *Service) List(ctx context.Context) ([]*Staff, error) {
	rows, err := db.New(s.Pool).StaffList(ctx)
	if err != nil {
		return nil, fmt.Errorf("list staff: %w", err)
	}
	out := make([]*Staff, 0, len(rows))
	for _, a := range rows {
		st, err := s.staffFrom(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// Credentials are what staff log in with; TOTP is the authenticator app's
// code, once the second factor is set up.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	TOTP     string `json:"totp"`
}

// dummyHash is compared when no account has the address, so a login takes
// as long either way; it is made once with the service's parameters.
func (s *Service) dummyHash() string {
	s.dummyOnce.Do(func() { s.dummy, _ = argon2id.CreateHash("no such staff member", s.HashParams) })
	return s.dummy
}

func staffSubject(id int64) string { return "staff:" + strconv.FormatInt(id, 10) }

func ipSubject(ip netip.Addr) string {
	if !ip.IsValid() {
		return ""
	}
	ip = ip.Unmap()
	if ip.Is6() {
		return "ip:" + netip.PrefixFrom(ip, 64).Masked().String()
	}
	return "ip:" + ip.String()
}

// Login checks credentials from client address ip. It returns the staff
// member and whether the login is complete (false: the account still has to
// set up its second factor, and the session may do only that). Wrong
// passwords and codes count toward blocks of the account and the address.
func (s *Service) Login(ctx context.Context, c Credentials, ip netip.Addr) (*Staff, bool, error) {
	q := db.New(s.Pool)
	a, err := q.StaffByEmail(ctx, strings.TrimSpace(c.Email))
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, false, fmt.Errorf("look up staff: %w", err)
	}
	subjects := map[string]int{ipSubject(ip): s.Block.PerIP}
	if found {
		subjects[staffSubject(a.ID)] = s.Block.PerAccount
	}
	if err := s.checkBlocked(ctx, subjects); err != nil {
		return nil, false, err
	}
	hash := s.dummyHash()
	if found {
		hash = a.PasswordHash
	}
	ok, err := argon2id.ComparePasswordAndHash(c.Password, hash)
	if err != nil || !ok || !found || a.DisabledAt.Valid {
		return nil, false, s.failed(ctx, subjects, a, found, ip, "password")
	}
	verified := s.totpExempt(a)
	if a.TotpConfirmedAt.Valid {
		if strings.TrimSpace(c.TOTP) == "" {
			return nil, false, ErrTOTPRequired
		}
		step, ok := totpStep(a.TotpSecret, strings.TrimSpace(c.TOTP), s.Now())
		if ok {
			n, err := q.StaffUseTOTPStep(ctx, db.StaffUseTOTPStepParams{ID: a.ID, Step: step})
			if err != nil {
				return nil, false, fmt.Errorf("use TOTP step: %w", err)
			}
			ok = n == 1 // a code used before does not count again
		}
		if !ok {
			return nil, false, s.failed(ctx, subjects, a, found, ip, "totp")
		}
		verified = true
	}
	if err := q.LoginFailuresClear(ctx, staffSubject(a.ID)); err != nil {
		return nil, false, fmt.Errorf("clear login failures: %w", err)
	}
	st, err := s.staffFrom(ctx, a)
	if err != nil {
		return nil, false, err
	}
	st.TOTPRequired = !verified
	if err := record(ctx, q, Entry{By: st, Action: "login", IP: ip,
		After: map[string]any{"totp": a.TotpConfirmedAt.Valid, "complete": verified}}); err != nil {
		return nil, false, err
	}
	return st, verified, nil
}

// checkBlocked refuses with ErrLoginBlocked while a subject has had its
// limit of failures within the window.
func (s *Service) checkBlocked(ctx context.Context, limits map[string]int) error {
	keys := make([]string, 0, len(limits))
	for k := range limits {
		if k != "" {
			keys = append(keys, k)
		}
	}
	now := s.Now()
	rows, err := db.New(s.Pool).LoginFailuresSince(ctx, db.LoginFailuresSinceParams{Subjects: keys, Since: now.Add(-s.Block.Window)})
	if err != nil {
		return fmt.Errorf("console login failures: %w", err)
	}
	var until time.Time
	for _, r := range rows {
		if limit := limits[r.Subject]; limit > 0 && r.Failures >= int64(limit) {
			if end := r.LastFailedAt.Add(s.Block.Window); end.After(until) {
				until = end
			}
		}
	}
	if until.IsZero() {
		return nil
	}
	return blockedError(until.Sub(now))
}

func blockedError(left time.Duration) error {
	minutes := int((left + time.Minute - 1) / time.Minute)
	return ErrLoginBlocked.With(map[string]any{"minutes": max(minutes, 1)})
}

// failed records a wrong password or code against every subject and the
// audit log; it answers ErrLoginBlocked when this failure reached a limit,
// else ErrLoginFailed.
func (s *Service) failed(ctx context.Context, limits map[string]int, a db.StaffAccount, found bool, ip netip.Addr, what string) error {
	now := s.Now()
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		for subject := range limits {
			if subject == "" {
				continue
			}
			if err := q.LoginFailureInsert(ctx, db.LoginFailureInsertParams{Subject: subject, Now: now}); err != nil {
				return err
			}
		}
		e := Entry{Action: "login_failed", IP: ip, After: map[string]any{"wrong": what}}
		if found {
			e.By = &Staff{ID: a.ID, Email: a.Email}
		}
		return record(ctx, q, e)
	})
	if err != nil {
		return fmt.Errorf("record console login failure: %w", err)
	}
	if err := s.checkBlocked(ctx, limits); err != nil {
		return err
	}
	return ErrLoginFailed
}

// ByID is the staff member of a console session: nil when the account is
// gone or disabled, or the session's epoch is not the account's.
func (s *Service) ByID(ctx context.Context, id int64, epoch int32) (*Staff, error) {
	a, err := db.New(s.Pool).StaffByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read staff: %w", err)
	}
	if a.DisabledAt.Valid || a.SessionEpoch != epoch {
		return nil, nil
	}
	return s.staffFrom(ctx, a)
}

// TOTPEnrolment is a second factor being set up: the secret to type in, and
// the otpauth:// URI a QR code carries.
type TOTPEnrolment struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// StartTOTP begins (or begins again) setting up st's second factor.
func (s *Service) StartTOTP(ctx context.Context, st *Staff) (*TOTPEnrolment, error) {
	if st.TOTPEnabled {
		return nil, ErrTOTPEnabled
	}
	secret, uri, err := newTOTPKey(st.Email)
	if err != nil {
		return nil, err
	}
	if err := db.New(s.Pool).StaffSetTOTPSecret(ctx, db.StaffSetTOTPSecretParams{ID: st.ID, Secret: secret}); err != nil {
		return nil, fmt.Errorf("store TOTP secret: %w", err)
	}
	return &TOTPEnrolment{Secret: secret, URI: uri}, nil
}

// ConfirmTOTP ends the set-up with a code of the new secret and returns the
// account's new session epoch (its other sessions end).
func (s *Service) ConfirmTOTP(ctx context.Context, st *Staff, code string, ip netip.Addr) (int32, error) {
	if st.TOTPEnabled {
		return 0, ErrTOTPEnabled
	}
	var epoch int32
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := q.StaffByID(ctx, st.ID)
		if err != nil {
			return fmt.Errorf("read staff: %w", err)
		}
		if a.TotpSecret == "" {
			return ErrTOTPNotBegun
		}
		step, ok := totpStep(a.TotpSecret, strings.TrimSpace(code), s.Now())
		if !ok {
			return ErrTOTPInvalid
		}
		n, err := q.StaffConfirmTOTP(ctx, db.StaffConfirmTOTPParams{ID: st.ID, Now: s.Now(), Step: step})
		if err != nil {
			return fmt.Errorf("confirm TOTP: %w", err)
		}
		if n == 0 {
			return ErrTOTPEnabled
		}
		epoch = a.SessionEpoch + 1
		return record(ctx, q, Entry{By: st, Action: "totp.enrol", IP: ip, After: map[string]any{"totp": true}})
	})
	return epoch, err
}

// Logout records the end of a console session.
func (s *Service) Logout(ctx context.Context, st *Staff, ip netip.Addr) error {
	return record(ctx, db.New(s.Pool), Entry{By: st, Action: "logout", IP: ip})
}

// Entry is one row of the audit log: who did what, on which tenant, and
// the thing before and after (any JSON, nil for none).
type Entry struct {
	By     *Staff
	Tenant string
	Action string
	IP     netip.Addr
	Before any
	After  any
	// Member is the member the action is about, 0 for none: the member
	// page lists a member's rows by it.
	Member int64
}

// Record writes e to the audit log through conn: the console's areas pass
// the transaction of the change it records, so the change and its row
// commit together or not at all.
func Record(ctx context.Context, conn Conn, e Entry) error {
	return record(ctx, db.New(conn), e)
}

// Conn is a connection, pool or transaction the audit row is written
// through.
type Conn = db.DBTX

func record(ctx context.Context, q *db.Queries, e Entry) error {
	p := db.AuditAddParams{Tenant: e.Tenant, Action: e.Action}
	if e.Member > 0 {
		p.MemberID = pgtype.Int8{Int64: e.Member, Valid: true}
	}
	if e.By != nil {
		p.StaffID = pgtype.Int8{Int64: e.By.ID, Valid: true}
		p.Email = e.By.Email
	}
	if e.IP.IsValid() {
		p.Ip = e.IP.String()
	}
	var err error
	if p.Before, err = jsonOrNil(e.Before); err != nil {
		return err
	}
	if p.After, err = jsonOrNil(e.After); err != nil {
		return err
	}
	if err := q.AuditAdd(ctx, p); err != nil {
		return fmt.Errorf("audit %s: %w", e.Action, err)
	}
	return nil
}

func jsonOrNil(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit JSON: %w", err)
	}
	return b, nil
}

// AuditRow is one row of the audit log as the console shows it.
type AuditRow struct {
	ID      int64           `json:"id"`
	At      time.Time       `json:"at"`
	StaffID *int64          `json:"staff_id"`
	Email   string          `json:"email"`
	Tenant  string          `json:"tenant"`
	Action  string          `json:"action"`
	IP      string          `json:"ip"`
	Before  json.RawMessage `json:"before"`
	After   json.RawMessage `json:"after"`
}

// AuditQuery narrows the audit log; zero fields do not. Since and Until
// bound when (Since included, Until not); BeforeID pages on to older rows.
type AuditQuery struct {
	StaffID  int64
	Email    string
	Tenant   string
	Action   string
	Since    time.Time
	Until    time.Time
	BeforeID int64
	Limit    int
}

// Audit lists the audit log, newest first.
func (s *Service) Audit(ctx context.Context, aq AuditQuery) ([]AuditRow, error) {
	p := db.AuditListParams{Max: int32(min(max(aq.Limit, 1), 500))}
	if aq.Limit == 0 {
		p.Max = 100
	}
	if aq.StaffID > 0 {
		p.StaffID = pgtype.Int8{Int64: aq.StaffID, Valid: true}
	}
	if aq.Tenant != "" {
		p.Tenant = pgtype.Text{String: aq.Tenant, Valid: true}
	}
	if aq.Action != "" {
		p.Action = pgtype.Text{String: aq.Action, Valid: true}
	}
	if aq.Email != "" {
		p.Email = pgtype.Text{String: aq.Email, Valid: true}
	}
	if !aq.Since.IsZero() {
		p.Since = pgtype.Timestamptz{Time: aq.Since, Valid: true}
	}
	if !aq.Until.IsZero() {
		p.Until = pgtype.Timestamptz{Time: aq.Until, Valid: true}
	}
	if aq.BeforeID > 0 {
		p.BeforeID = pgtype.Int8{Int64: aq.BeforeID, Valid: true}
	}
	rows, err := db.New(s.Pool).AuditList(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("read audit log: %w", err)
	}
	return auditRows(rows), nil
}

// MemberAudit is the audit trail of member id of the tenant with slug
// tenant, newest first (at most 100 rows).
func (s *Service) MemberAudit(ctx context.Context, tenant string, id int64) ([]AuditRow, error) {
	rows, err := db.New(s.Pool).AuditOfMember(ctx, db.AuditOfMemberParams{MemberID: pgtype.Int8{Int64: id, Valid: true}, Tenant: tenant, Max: 100})
	if err != nil {
		return nil, fmt.Errorf("read audit trail of member %d: %w", id, err)
	}
	return auditRows(rows), nil
}

func auditRows(rows []db.AuditLog) []AuditRow {
	out := make([]AuditRow, 0, len(rows))
	for _, r := range rows {
		row := AuditRow{ID: r.ID, At: r.At, Email: r.Email, Tenant: r.Tenant, Action: r.Action, IP: r.Ip, Before: r.Before, After: r.After}
		if r.StaffID.Valid {
			id := r.StaffID.Int64
			row.StaffID = &id
		}
		out = append(out, row)
	}
	return out
}
