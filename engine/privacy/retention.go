package privacy

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/privacy/internal/db"
	"rendezvous/engine/tenancy"
)

// DefaultAddressDays is how long a brand keeps the addresses of logins
// and signups when its brand file says nothing.
const DefaultAddressDays = 180

// Bounds of retention.address_days: a day to ten years.
const (
	minAddressDays = 1
	maxAddressDays = 3650
)

// AddressDaysOf is how many days tenant t keeps members' addresses: its
// brand file's retention.address_days, DefaultAddressDays without one.
func AddressDaysOf(t *tenancy.Tenant) (int, error) {
	if len(t.RawSettings) == 0 {
		return DefaultAddressDays, nil
	}
	var doc struct {
		Retention *struct {
			AddressDays int `json:"address_days"`
		} `json:"retention"`
	}
	if err := json.Unmarshal(t.RawSettings, &doc); err != nil {
		return DefaultAddressDays, fmt.Errorf("retention settings of tenant %d: %w", t.ID, err)
	}
	if doc.Retention == nil || doc.Retention.AddressDays < minAddressDays {
		return DefaultAddressDays, nil
	}
	return doc.Retention.AddressDays, nil
}

// CheckTenantFile validates the retention section of a brand file:
// address_days, a whole number of days from 1 to 3650. It answers the
// problems with the field each names, nil when the section is fine or
// absent.
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	section, ok := f.Extra["retention"]
	if !ok || section == nil {
		return nil
	}
	bad := func(field, msg string) []tenancy.Problem {
		return []tenancy.Problem{{Field: field, Message: field + " " + msg}}
	}
	m, ok := section.(map[string]any)
	if !ok {
		return bad("retention", "must be a section with address_days")
	}
	var problems []tenancy.Problem
	for key, v := range m {
		field := "retention." + key
		if key != "address_days" {
			problems = append(problems, bad(field, "is not a retention setting (address_days)")...)
			continue
		}
		if n, ok := wholeNumber(v); !ok || n < minAddressDays || n > maxAddressDays {
			problems = append(problems, bad(field, fmt.Sprintf("must be a whole number of days from %d to %d", minAddressDays, maxAddressDays))...)
		}
	}
	return problems
}

func wholeNumber(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case uint64:
		return int64(n), n <= maxAddressDays
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}

// Retain runs the retention rules once: on every brand, the addresses
// older than the brand keeps them are dropped (each owner forgets its own,
// through DropAddresses),
// and built copies past their expiry lose their archive. It returns how
// many members lost an address.
func (s *Service) Retain(ctx context.Context) (int64, error) {
	all, err := s.Tenants.List(ctx)
	if err != nil {
		return 0, fmt.Errorf("tenants: %w", err)
	}
	now := s.now()
	var dropped int64
	for _, t := range all {
		days, err := AddressDaysOf(t)
		if err != nil {
			return dropped, err
		}
		cutoff := now.AddDate(0, 0, -days)
		err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
			n, err := s.DropAddresses(ctx, tx, t.ID, cutoff)
			dropped += n
			return err
		})
		if err != nil {
			return dropped, err
		}
	}
	return dropped, s.expireArchives(ctx, now)
}

// expireArchives releases the archives of copies past their expiry; the
// media store deletes each blob once the release commits.
func (s *Service) expireArchives(ctx context.Context, now time.Time) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ids, err := q.ExportsExpired(ctx, now)
		if err != nil || len(ids) == 0 {
			return err
		}
		if err := s.release(ctx, tx, ids); err != nil {
			return err
		}
		if err := q.ExportsExpire(ctx, ids); err != nil {
			return fmt.Errorf("expire %d data exports: %w", len(ids), err)
		}
		return nil
	})
}

// RetentionArgs is the daily job that applies the retention rules.
type RetentionArgs struct{}

// Kind names the job in River.
func (RetentionArgs) Kind() string { return "privacy_retention" }

// RetentionWorker runs Retain.
type RetentionWorker struct {
	river.WorkerDefaults[RetentionArgs]
	Service *Service
}

// Work applies the retention rules.
func (w *RetentionWorker) Work(ctx context.Context, _ *river.Job[RetentionArgs]) error {
	_, err := w.Service.Retain(ctx)
	return err
}

// RetentionInterval is how often the retention job runs: an address is
// kept at most this long past its brand's period.
const RetentionInterval = 6 * time.Hour

// PeriodicRetention schedules the retention job every RetentionInterval
// and at start.
func PeriodicRetention() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(RetentionInterval),
		func() (river.JobArgs, *river.InsertOpts) { return RetentionArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "privacy_retention"})
}

// Register adds the area's workers.
func Register(workers *river.Workers, s *Service) {
	river.AddWorker(workers, &BuildWorker{Service: s})
	river.AddWorker(workers, &RetentionWorker{Service: s})
}
