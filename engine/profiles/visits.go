package profiles

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/riverqueue/river"

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

// VisitRetention is how long visits are kept: the weekly update counts
// the last week's, the rest is kept a while for support questions and
// then trimmed, so the table does not grow with every profile view ever.
const VisitRetention = 30 * 24 * time.Hour

// trimBatch bounds one delete, so the trim never holds many row locks.
const trimBatch = 5000

// TrimVisits deletes the visits older than VisitRetention, in batches,
// and answers how many went.
func (s *Service) TrimVisits(ctx context.Context) (int64, error) {
	q := db.New(s.Pool)
	cutoff := s.Now().Add(-VisitRetention)
	var total int64
	for {
		n, err := q.VisitsTrim(ctx, db.VisitsTrimParams{Cutoff: cutoff, MaxRows: trimBatch})
		if err != nil {
			return total, fmt.Errorf("trim profile visits before %s: %w", cutoff.Format(time.RFC3339), err)
		}
		total += n
		if n < trimBatch {
			return total, nil
		}
	}
}

// TrimVisitsArgs is the daily job that trims old visits.
type TrimVisitsArgs struct{}

// Kind names the job in River.
func (TrimVisitsArgs) Kind() string { return "profile_visits_trim" }

// TrimVisitsWorker runs TrimVisits.
type TrimVisitsWorker struct {
	river.WorkerDefaults[TrimVisitsArgs]
	Profiles *Service
}

// Work trims the old visits.
func (w *TrimVisitsWorker) Work(ctx context.Context, _ *river.Job[TrimVisitsArgs]) error {
	_, err := w.Profiles.TrimVisits(ctx)
	return err
}

// PeriodicTrimVisits schedules the trim once a day.
func PeriodicTrimVisits() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(24*time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return TrimVisitsArgs{}, nil },
		&river.PeriodicJobOpts{ID: "profile_visits_trim"})
}
