package privacy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/delivery"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/privacy/internal/db"
	"rendezvous/engine/tenancy"
)

// ExportValid is how long a built copy can be downloaded.
const ExportValid = 7 * 24 * time.Hour

// ExportInterval is how often a member may ask for a copy of their data.
const ExportInterval = 24 * time.Hour

// Refusals of the copies of members' data.
var (
	ErrDailyLimit = refusal.New(refusal.TooMany, "data_export_daily_limit",
		"You can ask for a copy of your data once a day; try again after {retry_at}.")
	ErrExportNotFound = refusal.New(refusal.NotFound, "data_export_not_found", "This copy of your data could not be found.")
	ErrExportNotReady = refusal.New(refusal.Conflict, "data_export_not_ready", "This copy of your data is not ready yet.")
	ErrExportExpired  = refusal.New(refusal.Gone, "data_export_expired", "This copy of your data has expired; ask for a new one.")
	ErrMemberNotFound = refusal.New(refusal.NotFound, "member_not_found", "This member could not be found.")
)

// The states of a copy.
const (
	StatusPending  = "pending"
	StatusBuilding = "building"
	StatusReady    = "ready"
	StatusFailed   = "failed"
	StatusExpired  = "expired"
)

// Inserter queues jobs inside a transaction; the engine's River client is one.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service builds and hands out members' copies of their data and keeps
// the brands' address retention.
type Service struct {
	Pool *pgxpool.Pool
	// Store keeps the built archives beside the photos they copy.
	Store media.Store
	Blobs *media.Blobs
	Jobs  Inserter
	// Mailer sends the link to a built copy.
	Mailer  *delivery.Mailer
	Tenants *tenancy.Directory
	Log     *slog.Logger
	// DropAddresses forgets the addresses a brand stored before cutoff
	// (accounts.DropAddresses: the signup's and the last login's), in tx,
	// and answers how many members lost one.
	DropAddresses func(ctx context.Context, tx pgx.Tx, tenant int64, cutoff time.Time) (int64, error)
	// Now is the clock; tests set it.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Export is one copy of a member's data as the member and the console see
// it.
type Export struct {
	ID          int64      `json:"id"`
	Status      string     `json:"status"`
	Progress    int        `json:"progress"`
	RequestedAt time.Time  `json:"requested_at"`
	ReadyAt     *time.Time `json:"ready_at,omitempty"`
	ExpiresAt   *time.Time `json:"expires_at,omitempty"`
	Size        int64      `json:"size,omitempty"`
	// ByStaff is true for a copy the console built.
	ByStaff bool `json:"by_staff"`
	// NextRequestAt is when the member may ask again (the member's own
	// answer only).
	NextRequestAt *time.Time `json:"next_request_at,omitempty"`
}

func exportOf(e db.DataExport, now time.Time) Export {
	out := Export{ID: e.ID, Status: e.Status, Progress: int(e.Progress), RequestedAt: e.RequestedAt, Size: e.Size.Int64, ByStaff: e.StaffID.Valid}
	if e.ReadyAt.Valid {
		out.ReadyAt = &e.ReadyAt.Time
	}
	if e.ExpiresAt.Valid {
		out.ExpiresAt = &e.ExpiresAt.Time
		if out.Status == StatusReady && !now.Before(e.ExpiresAt.Time) {
			out.Status = StatusExpired
		}
	}
	if !out.ByStaff && out.Status != StatusFailed {
		next := e.RequestedAt.Add(ExportInterval)
		if now.Before(next) {
			out.NextRequestAt = &next
		}
	}
	return out
}

// BuildArgs is the job that builds one copy.
type BuildArgs struct {
	ExportID int64 `json:"export_id"`
	// BaseURL is the site the member asked on, for the mailed link; empty
	// for a copy the console built, which is not mailed.
	BaseURL string `json:"base_url,omitempty"`
}

// Kind names the job in River.
func (BuildArgs) Kind() string { return "privacy_export_build" }

// InsertOpts gives a failing build a few tries.
func (BuildArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

// Request asks for a copy of member's data on tenant t in the request's
// transaction, with the job that builds it: by the member (staff 0; once
// per ExportInterval, mailed when built) or by the console's staff member
// staff (no limit, not mailed).
func (s *Service) Request(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, member, staff int64, baseURL string) (Export, error) {
	q := db.New(tx)
	now := s.now()
	if _, err := q.ExportMember(ctx, db.ExportMemberParams{MemberID: member, TenantID: t.ID}); errors.Is(err, pgx.ErrNoRows) {
		return Export{}, ErrMemberNotFound
	} else if err != nil {
		return Export{}, fmt.Errorf("data export of %d: %w", member, err)
	}
	var by pgtype.Int8
	if staff != 0 {
		by = pgtype.Int8{Int64: staff, Valid: true}
		baseURL = ""
	} else {
		if err := q.ExportLockMember(ctx, member); err != nil {
			return Export{}, fmt.Errorf("lock data exports of %d: %w", member, err)
		}
		last, err := q.ExportLastByMember(ctx, member)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return Export{}, fmt.Errorf("last data export of %d: %w", member, err)
		}
		if err == nil && now.Before(last.RequestedAt.Add(ExportInterval)) {
			return Export{}, ErrDailyLimit.With(map[string]any{"retry_at": last.RequestedAt.Add(ExportInterval).UTC().Format(time.RFC3339)})
		}
	}
	row, err := q.ExportInsert(ctx, db.ExportInsertParams{TenantID: t.ID, MemberID: member, StaffID: by, Now: now})
	if err != nil {
		return Export{}, fmt.Errorf("insert data export of %d: %w", member, err)
	}
	if _, err := s.Jobs.InsertTx(ctx, tx, BuildArgs{ExportID: row.ID, BaseURL: baseURL}, nil); err != nil {
		return Export{}, fmt.Errorf("queue data export %d: %w", row.ID, err)
	}
	return exportOf(row, now), nil
}

// RequestNow is Request in a transaction of its own.
func (s *Service) RequestNow(ctx context.Context, t *tenancy.Tenant, member, staff int64, baseURL string) (Export, error) {
	var out Export
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var err error
		out, err = s.Request(ctx, tx, t, member, staff, baseURL)
		return err
	})
	return out, err
}

// Latest is member's latest copy on tenant t: the member's own (byStaff
// false) or the console's (true). ErrExportNotFound when there is none.
func (s *Service) Latest(ctx context.Context, t *tenancy.Tenant, member int64, byStaff bool) (Export, error) {
	row, err := db.New(s.Pool).ExportLatest(ctx, db.ExportLatestParams{MemberID: member, TenantID: t.ID,
		StaffOnly: pgtype.Bool{Bool: byStaff, Valid: true}})
	if errors.Is(err, pgx.ErrNoRows) {
		return Export{}, ErrExportNotFound
	}
	if err != nil {
		return Export{}, fmt.Errorf("latest data export of %d: %w", member, err)
	}
	return exportOf(row, s.now()), nil
}

// Archive is a built copy opened for download.
type Archive struct {
	Body     io.ReadSeekCloser
	Info     media.Info
	Filename string
}

// Open opens member's copy id on tenant t for download: only the member's
// own copy (or, for the console, any copy of the member), only when built
// and not expired.
func (s *Service) Open(ctx context.Context, t *tenancy.Tenant, member, id int64) (*Archive, error) {
	row, err := db.New(s.Pool).ExportByID(ctx, db.ExportByIDParams{ID: id, MemberID: member, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrExportNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("data export %d: %w", id, err)
	}
	e := exportOf(row, s.now())
	switch {
	case e.Status == StatusExpired || (e.Status == StatusReady && !row.BlobKey.Valid):
		return nil, ErrExportExpired
	case e.Status != StatusReady:
		return nil, ErrExportNotReady
	}
	body, info, err := s.Store.Open(ctx, row.BlobKey.String)
	if errors.Is(err, media.ErrNotFound) {
		return nil, ErrExportExpired
	}
	if err != nil {
		return nil, fmt.Errorf("open data export %d: %w", id, err)
	}
	name := fmt.Sprintf("%s-data-%d-%s.zip", t.Slug, member, row.RequestedAt.UTC().Format("2006-01-02"))
	return &Archive{Body: body, Info: info, Filename: name}, nil
}

// holder names a copy's blob in the media store's references.
func holder(id int64) string { return media.Holder("data_export", id) }

// release lets go of the archives of copies ids in tx; the media store
// deletes each blob once tx commits.
func (s *Service) release(ctx context.Context, tx pgx.Tx, ids []int64) error {
	holders := make([]string, len(ids))
	for i, id := range ids {
		holders[i] = holder(id)
	}
	return s.Blobs.Release(ctx, tx, holders...)
}

// PurgeMember erases member's copies in the purge transaction tx: their
// rows, and their blobs once nothing else holds them.
func (s *Service) PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	q := db.New(tx)
	ids, err := q.ExportsOfMember(ctx, member)
	if err != nil {
		return fmt.Errorf("data exports of %d: %w", member, err)
	}
	if err := s.release(ctx, tx, ids); err != nil {
		return err
	}
	if err := q.ExportsDelete(ctx, member); err != nil {
		return fmt.Errorf("delete data exports of %d: %w", member, err)
	}
	return nil
}

func textOf(s string) pgtype.Text           { return pgtype.Text{String: s, Valid: true} }
func int8Of(n int64) pgtype.Int8            { return pgtype.Int8{Int64: n, Valid: true} }
func timeOf(t time.Time) pgtype.Timestamptz { return pgtype.Timestamptz{Time: t, Valid: true} }
