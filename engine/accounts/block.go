package accounts

import (
	"context"
	"fmt"
	"math"
	"net/netip"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/tenancy"
)

// BlockPolicy says when wrong passwords block logins: PerAccount wrong
// passwords for one account, or PerIP from one client address, within Window
// block that account or address for Duration, even with the right password.
type BlockPolicy struct {
	PerAccount int
	PerIP      int
	Window     time.Duration
	Duration   time.Duration
}

// DefaultBlockPolicy is the policy of a new service.
var DefaultBlockPolicy = BlockPolicy{PerAccount: 5, PerIP: 20, Window: 15 * time.Minute, Duration: 15 * time.Minute}

func memberSubject(id int64) string { return "member:" + strconv.FormatInt(id, 10) }

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

// checkBlocked refuses with ErrLoginBlocked while any of the subjects is
// blocked; minutes is what is left of the longest block, rounded up.
func (s *Service) checkBlocked(ctx context.Context, t *tenancy.Tenant, subjects ...string) error {
	blocks, err := db.New(s.Pool).LoginBlocks(ctx, db.LoginBlocksParams{TenantID: t.ID, Subjects: subjects, Now: s.Now()})
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
	return blockedError(until.Sub(s.Now()))
}

func blockedError(left time.Duration) error {
	minutes := int(math.Ceil(left.Minutes()))
	if minutes < 1 {
		minutes = 1
	}
	return ErrLoginBlocked.With(map[string]any{"minutes": minutes})
}

// recordFailure counts a wrong password against each subject and blocks a
// subject that reached its limit; it returns ErrLoginBlocked when this
// failure imposed a block, else nil.
func (s *Service) recordFailure(ctx context.Context, t *tenancy.Tenant, limits map[string]int) error {
	var blocked bool
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		now := s.Now()
		for subject, limit := range limits {
			if subject == "" || limit <= 0 {
				continue
			}
			if err := q.LoginFailureInsert(ctx, db.LoginFailureInsertParams{TenantID: t.ID, Subject: subject, Now: now}); err != nil {
				return err
			}
			n, err := q.LoginFailuresSince(ctx, db.LoginFailuresSinceParams{TenantID: t.ID, Subject: subject, Since: now.Add(-s.Block.Window)})
			if err != nil {
				return err
			}
			if n < int64(limit) {
				continue
			}
			if err := q.LoginBlockSet(ctx, db.LoginBlockSetParams{TenantID: t.ID, Subject: subject, BlockedUntil: now.Add(s.Block.Duration)}); err != nil {
				return err
			}
			// The block replaces the count: after it, a subject starts afresh.
			if err := q.LoginFailuresClear(ctx, db.LoginFailuresClearParams{TenantID: t.ID, Subject: subject}); err != nil {
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
	return nil
}

// clearFailures forgets a member's wrong passwords and block: after a
// successful login or a password reset they start afresh.
func (s *Service) clearFailures(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, memberID int64) error {
	q := db.New(conn)
	subject := memberSubject(memberID)
	if err := q.LoginFailuresClear(ctx, db.LoginFailuresClearParams{TenantID: t.ID, Subject: subject}); err != nil {
		return fmt.Errorf("clear login failures: %w", err)
	}
	if err := q.LoginBlockClear(ctx, db.LoginBlockClearParams{TenantID: t.ID, Subject: subject}); err != nil {
		return fmt.Errorf("clear login block: %w", err)
	}
	return nil
}
