package profiles

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rendezvous/engine/profiles/internal/db"
)

// locateBatch is how many profiles one statement of LocateUnplaced places.
const locateBatch = 1000

// LocateUnplaced stores the position of every profile that has none yet
// (saved before positions were stored, or written by hand), as saving it
// would, so distance search finds them; it answers how many it placed.
// Profiles whose place the geo data does not know stay without one.
func (s *Service) LocateUnplaced(ctx context.Context) (int, error) {
	q := db.New(s.Pool)
	placed := 0
	var after int64
	for {
		rows, err := q.ProfilesUnplaced(ctx, db.ProfilesUnplacedParams{After: after, MaxRows: locateBatch})
		if err != nil {
			return placed, fmt.Errorf("profiles without a place: %w", err)
		}
		if len(rows) == 0 {
			return placed, nil
		}
		var ids []int64
		var lats, lons []float64
		for _, r := range rows {
			after = r.ID
			if lat, lon := located(r.ID, r.Country, r.Region, r.City); lat.Valid {
				ids, lats, lons = append(ids, r.ID), append(lats, lat.Float64), append(lons, lon.Float64)
			}
		}
		if len(ids) > 0 {
			if err := q.ProfilesPlace(ctx, db.ProfilesPlaceParams{Ids: ids, Lats: lats, Lons: lons}); err != nil {
				return placed, fmt.Errorf("place profiles: %w", err)
			}
			placed += len(ids)
		}
	}
}

// LocateArgs is the job that runs LocateUnplaced.
type LocateArgs struct{}

// Kind names the job in River.
func (LocateArgs) Kind() string { return "profiles_locate" }

// LocateWorker runs LocateUnplaced.
type LocateWorker struct {
	river.WorkerDefaults[LocateArgs]
	Profiles *Service
}

// Work places the profiles without a position.
func (w *LocateWorker) Work(ctx context.Context, _ *river.Job[LocateArgs]) error {
	_, err := w.Profiles.LocateUnplaced(ctx)
	return err
}

// PeriodicLocate places profiles without a position when the engine starts
// (after the upgrade that brought positions) and once a day after.
func PeriodicLocate() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(24*time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return LocateArgs{}, nil },
		&river.PeriodicJobOpts{ID: "profiles_locate", RunOnStart: true})
}
