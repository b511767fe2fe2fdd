package accounts

import (
	"context"
	"fmt"
	"math"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/tenancy"
)

// BlockPolicy says when wrong passwords block logins: PerAccountAddress
// wrong passwords for one account from one client address, or PerIP from
// one client address for any accounts, within Window block that pair or
// address for Duration, even with the right password. An account is never
// blocked as a whole: wrong passwords from one address must not keep its
// owner out on another (their phone, their home). Guessing one account
// from many addresses is bounded by each address's own limits.
type BlockPolicy struct {
	PerAccountAddress int
	PerIP             int
	Window            time.Duration
	Duration          time.Duration
}

// DefaultBlockPolicy is the policy of a new service.
var DefaultBlockPolicy = BlockPolicy{PerAccountAddress: 5, PerIP: 20, Window: 15 * time.Minute, Duration: 15 * time.Minute}

func memberSubject(id int64) string { return "member:" + strconv.FormatInt(id, 10) }

// accountAddressSubject is the subject of logins to member id from the
// client address ipSub (all logins without a known address share one).
func accountAddressSubject(id int64, ipSub string) string {
	return memberSubject(id) + "@" + ipSub
}

func ipSubject(ip netip.Addr) string {
	if !ip.IsValid() {
		return ""
	}
	if ip.Is6() && !ip.Is4In6() {
		// One person usually holds a whole /64.
		p, _ := ip.Prefix(64)
		return "ip:" + p.String()
	}
	return "ip:" + ip.Unmap().String()
}

// loginLimit is a subject a login counts against and its limit.
type loginLimit struct {
	subject string
	limit   int
}

// attempt is a login attempt counted against its subjects before the
// password is hashed; ids are its rows in login_failures.
type attempt struct {
	limits []loginLimit
	ids    []int64
}

// reserveAttempt counts a login attempt against each subject before the
// password is checked, so a burst of parallel attempts cannot all pass the
// check before any is counted: each subject is locked while its count is
// read and the attempt added, and an attempt that finds a subject blocked,
// or its count used up by attempts still being checked, is refused
// (ErrLoginBlocked) without a hash and without counting.
func (s *Service) reserveAttempt(ctx context.Context, t *tenancy.Tenant, limits []loginLimit) (attempt, error) {
	a := attempt{}
	for _, l := range limits {
		if l.subject != "" && l.limit > 0 {
			a.limits = append(a.limits, l)
		}
	}
	// One order for every attempt, so two never wait for each other's locks.
	slices.SortFunc(a.limits, func(x, y loginLimit) int { return strings.Compare(x.subject, y.subject) })
	subjects := make([]string, len(a.limits))
	for i, l := range a.limits {
		subjects[i] = l.subject
	}
	var refusal error
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		now := s.Now()
		for _, subject := range subjects {
			if err := q.LoginSubjectLock(ctx, db.LoginSubjectLockParams{TenantID: t.ID, Subject: subject}); err != nil {
				return err
			}
		}
		if refusal = s.checkBlocked(ctx, q, t, now, subjects); refusal != nil {
			return nil
		}
		for _, l := range a.limits {
			n, err := q.LoginFailuresSince(ctx, db.LoginFailuresSinceParams{TenantID: t.ID, Subject: l.subject, Since: now.Add(-s.Block.Window)})
			if err != nil {
				return err
			}
			if n >= int64(l.limit) {
				refusal = blockedError(s.Block.Duration)
				return nil
			}
		}
		for _, l := range a.limits {
			id, err := q.LoginFailureInsert(ctx, db.LoginFailureInsertParams{TenantID: t.ID, Subject: l.subject, Now: now})
			if err != nil {
				return err
			}
			a.ids = append(a.ids, id)
		}
		return nil
	})
	if err != nil {
		return attempt{}, fmt.Errorf("count login attempt: %w", err)
	}
	return a, refusal
}

// checkBlocked is ErrLoginBlocked while any of the subjects is blocked;
// minutes is what is left of the longest block, rounded up.
func (s *Service) checkBlocked(ctx context.Context, q *db.Queries, t *tenancy.Tenant, now time.Time, subjects []string) error {
	blocks, err := q.LoginBlocks(ctx, db.LoginBlocksParams{TenantID: t.ID, Subjects: subjects, Now: now})
	if err != nil {
		return fmt.Errorf("login blocks: %w", err)
	}
	var until time.Time
	for _, b := range blocks {
		if b.BlockedUntil.After(until) {
			until = b.BlockedUntil
		}
	}
	if until.IsZero() {
		return nil
	}
	return blockedError(until.Sub(now))
}

func blockedError(left time.Duration) error {
	minutes := int(math.Ceil(left.Minutes()))
	if minutes < 1 {
		minutes = 1
	}
	return ErrLoginBlocked.With(map[string]any{"minutes": minutes})
}

// recordFailure keeps the attempt a wrong password made and blocks each
// subject that reached its limit; it returns ErrLoginBlocked when this
// failure imposed a block, else ErrLoginFailed.
func (s *Service) recordFailure(ctx context.Context, t *tenancy.Tenant, a attempt) error {
	var blocked bool
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		now := s.Now()
		for _, l := range a.limits {
			n, err := q.LoginFailuresSince(ctx, db.LoginFailuresSinceParams{TenantID: t.ID, Subject: l.subject, Since: now.Add(-s.Block.Window)})
			if err != nil {
				return err
			}
			if n < int64(l.limit) {
				continue
			}
			if err := q.LoginBlockSet(ctx, db.LoginBlockSetParams{TenantID: t.ID, Subject: l.subject, BlockedUntil: now.Add(s.Block.Duration)}); err != nil {
				return err
			}
			// The block replaces the count: after it, a subject starts afresh.
			if err := q.LoginFailuresClear(ctx, db.LoginFailuresClearParams{TenantID: t.ID, Subject: l.subject}); err != nil {
				return err
			}
			blocked = true
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record login failure: %w", err)
	}
	if blocked {
		return blockedError(s.Block.Duration)
	}
	return ErrLoginFailed
}

// forgetAttempt takes back the attempt of a login that succeeded, and the
// earlier wrong passwords and block of the member from this address: the
// member proved the password here. The address's own count keeps the
// wrong passwords it gave for other accounts.
func (s *Service) forgetAttempt(ctx context.Context, t *tenancy.Tenant, a attempt, memberID int64, ipSub string) error {
	q := db.New(s.Pool)
	if err := q.LoginFailuresDelete(ctx, a.ids); err != nil {
		return fmt.Errorf("take back login attempt: %w", err)
	}
	subject := accountAddressSubject(memberID, ipSub)
	if err := q.LoginFailuresClear(ctx, db.LoginFailuresClearParams{TenantID: t.ID, Subject: subject}); err != nil {
		return fmt.Errorf("clear login failures: %w", err)
	}
	if err := q.LoginBlockClear(ctx, db.LoginBlockClearParams{TenantID: t.ID, Subject: subject}); err != nil {
		return fmt.Errorf("clear login block: %w", err)
	}
	return nil
}

// clearFailures forgets a member's wrong passwords and blocks from every
// address: after a password reset they start afresh.
func (s *Service) clearFailures(ctx context.Context, conn db.DBTX, tenantID, memberID int64) error {
	q := db.New(conn)
	subject := memberSubject(memberID)
	if err := q.LoginFailuresClearMember(ctx, db.LoginFailuresClearMemberParams{TenantID: tenantID, MemberSubject: subject}); err != nil {
		return fmt.Errorf("clear login failures: %w", err)
	}
	if err := q.LoginBlocksClearMember(ctx, db.LoginBlocksClearMemberParams{TenantID: tenantID, MemberSubject: subject}); err != nil {
		return fmt.Errorf("clear login blocks: %w", err)
	}
	return nil
}
