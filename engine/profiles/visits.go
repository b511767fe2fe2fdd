package profiles

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// RecordVisit notes that member visitor opened member visited's profile,
// once per visitor, profile and day of the tenant's time zone; the weekly
// update tells the visited member how many visits they had. Opening one's
// own profile is no visit, nor is a house profile's (operators answer as
// house profiles from the console).
func (s *Service) RecordVisit(ctx context.Context, t *tenancy.Tenant, visitor, visited int64) error {
	if visitor == visited {
		return nil
	}
	now := s.Now()
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	local := now.In(loc)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	err := db.New(s.Pool).VisitRecord(ctx, db.VisitRecordParams{
		VisitedID: visited, VisitorID: visitor, Day: pgtype.Date{Time: day, Valid: true}, VisitedAt: now,
	})
	if err != nil {
		return fmt.Errorf("record visit of %d to %d: %w", visitor, visited, err)
	}
	return nil
}
