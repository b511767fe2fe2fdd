package privacy

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"path"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/delivery"
	"rendezvous/engine/media"
	"rendezvous/engine/privacy/internal/db"
	"rendezvous/engine/tenancy"
)

// DataFile is the archive's JSON: every section of the member's data.
const DataFile = "data.json"

// IndexFile is the archive's page a person reads first.
const IndexFile = "index.html"

// Template is the mail with the link to a built copy.
const Template = "data_export"

// section is one part of the archive's JSON, read with one query.
type section struct {
	name string
	read func(ctx context.Context, q *db.Queries, member int64, now time.Time) (json.RawMessage, error)
}

// sections are the archive's parts, in the order of data.json and of the
// index. Account and photos come first and apart (the account names the
// member; photos are copied as files too).
var sections = []section{
	{"profile", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportProfile(ctx, m)
	}},
	{"likes_given", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportLikes(ctx, m)
	}},
	{"matches", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportMatches(ctx, m)
	}},
	{"conversations", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportConversations(ctx, m)
	}},
	{"orders", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportOrders(ctx, m)
	}},
	{"invoices", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportInvoices(ctx, m)
	}},
	{"ledger", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportLedger(ctx, m)
	}},
	{"notification_settings", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportNotifications(ctx, m)
	}},
	{"consents", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportConsents(ctx, m)
	}},
	{"sessions", func(ctx context.Context, q *db.Queries, m int64, now time.Time) (json.RawMessage, error) {
		return q.ExportSessions(ctx, db.ExportSessionsParams{MemberID: m, Now: now})
	}},
	{"blocks", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportBlocks(ctx, m)
	}},
	{"profile_notes", func(ctx context.Context, q *db.Queries, m int64, _ time.Time) (json.RawMessage, error) {
		return q.ExportNotes(ctx, m)
	}},
}

// Photo is one profile photo in data.json; File is its copy in the zip.
type Photo struct {
	ID        int64     `json:"id"`
	File      string    `json:"file"`
	Status    string    `json:"status"`
	Position  int32     `json:"position"`
	Width     int32     `json:"width"`
	Height    int32     `json:"height"`
	CreatedAt time.Time `json:"created_at"`
}

// BuildWorker builds the copies members and the console ask for.
type BuildWorker struct {
	river.WorkerDefaults[BuildArgs]
	Service *Service
}

// Timeout bounds one build: photos are read from the store one by one.
func (w *BuildWorker) Timeout(*river.Job[BuildArgs]) time.Duration { return 10 * time.Minute }

// Work builds the job's copy, stores it and mails the member its link.
func (w *BuildWorker) Work(ctx context.Context, job *river.Job[BuildArgs]) error {
	err := w.Service.Build(ctx, job.Args)
	if err != nil && job.Attempt >= job.MaxAttempts {
		// The last try: the page stops waiting and offers a new request.
		if ferr := db.New(w.Service.Pool).ExportFailed(ctx, job.Args.ExportID); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return err
}

// Build writes the copy of args: data.json, the photos and index.html in
// one zip, stored in the media store and held by the copy's row.
func (s *Service) Build(ctx context.Context, args BuildArgs) error {
	q := db.New(s.Pool)
	row, err := q.ExportForBuild(ctx, args.ExportID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // purged with its member
	}
	if err != nil {
		return fmt.Errorf("data export %d: %w", args.ExportID, err)
	}
	if row.Status != StatusPending && row.Status != StatusBuilding {
		return nil
	}
	t, err := s.Tenants.ByID(ctx, row.TenantID)
	if err != nil {
		return fmt.Errorf("tenant of data export %d: %w", row.ID, err)
	}
	member, err := q.ExportMember(ctx, db.ExportMemberParams{MemberID: row.MemberID, TenantID: row.TenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return q.ExportFailed(ctx, row.ID)
	}
	if err != nil {
		return fmt.Errorf("member of data export %d: %w", row.ID, err)
	}
	now := s.now()
	progress := func(done, of int) error {
		return q.ExportProgress(ctx, db.ExportProgressParams{ID: row.ID, Progress: int32(done * 95 / of)})
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	photos, err := s.copyPhotos(ctx, q, zw, row.MemberID)
	if err != nil {
		return err
	}
	data := map[string]any{"generated_at": now.UTC(), "site": t.Name, "account": member.Account, "photos": photos}
	counts := []sectionCount{{Name: "photos", Count: len(photos)}}
	total := len(sections) + 1
	if err := progress(1, total); err != nil {
		return fmt.Errorf("progress of data export %d: %w", row.ID, err)
	}
	for i, sec := range sections {
		raw, err := sec.read(ctx, q, row.MemberID, now)
		if err != nil {
			return fmt.Errorf("data export %d, %s: %w", row.ID, sec.name, err)
		}
		data[sec.name] = raw
		counts = append(counts, sectionCount{Name: sec.name, Count: countOf(raw)})
		if err := progress(i+2, total); err != nil {
			return fmt.Errorf("progress of data export %d: %w", row.ID, err)
		}
	}
	if err := writeJSON(zw, data); err != nil {
		return err
	}
	if err := s.writeIndex(zw, t, member, now, counts, photos); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("close data export %d: %w", row.ID, err)
	}
	return s.finish(ctx, row, t, member, args.BaseURL, buf.Bytes())
}

// copyPhotos writes each profile photo's stored original into the zip.
func (s *Service) copyPhotos(ctx context.Context, q *db.Queries, zw *zip.Writer, member int64) ([]Photo, error) {
	rows, err := q.ExportPhotos(ctx, member)
	if err != nil {
		return nil, fmt.Errorf("photos of %d: %w", member, err)
	}
	out := make([]Photo, 0, len(rows))
	for _, p := range rows {
		body, _, err := s.Store.Open(ctx, p.Filename)
		if errors.Is(err, media.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("photo %d: %w", p.ID, err)
		}
		name := fmt.Sprintf("photos/%d%s", p.ID, path.Ext(p.Filename))
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: p.CreatedAt})
		if err == nil {
			_, err = io.Copy(f, body)
		}
		_ = body.Close()
		if err != nil {
			return nil, fmt.Errorf("copy photo %d: %w", p.ID, err)
		}
		out = append(out, Photo{ID: p.ID, File: name, Status: p.Status, Position: p.Position, Width: p.Width, Height: p.Height, CreatedAt: p.CreatedAt})
	}
	return out, nil
}

func writeJSON(zw *zip.Writer, data map[string]any) error {
	f, err := zw.Create(DataFile)
	if err != nil {
		return fmt.Errorf("data.json: %w", err)
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	if err := enc.Encode(data); err != nil {
		return fmt.Errorf("data.json: %w", err)
	}
	return nil
}

// sectionCount is one line of the index: a section and its entries.
type sectionCount struct {
	Name  string
	Count int
}

// countOf is how many entries a section holds: a list's length, 1 for an
// object.
func countOf(raw json.RawMessage) int {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		return len(list)
	}
	if string(raw) == "null" {
		return 0
	}
	return 1
}

var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#18181b}img{max-width:9rem;margin:.25rem}</style>
</head><body>
<h1>{{.Title}}</h1>
<p>{{.Lead}}</p>
<h2>{{.DataHeading}}</h2>
<p><a href="data.json">data.json</a></p>
<ul>{{range .Counts}}<li><code>{{.Name}}</code>: {{.Count}}</li>{{end}}</ul>
<h2>{{.PhotosHeading}}</h2>
<p>{{range .Photos}}<a href="{{.File}}"><img src="{{.File}}" alt="{{.File}}"></a>{{end}}</p>
</body></html>
`))

// writeIndex writes the page that explains the archive, in the member's
// language.
func (s *Service) writeIndex(zw *zip.Writer, t *tenancy.Tenant, m db.ExportMemberRow, now time.Time, counts []sectionCount, photos []Photo) error {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	data := map[string]any{"Name": m.Name, "Date": now.In(loc), "Tenant": t}
	phrase := func(id string) (string, error) {
		return s.Mailer.Templates.Phrase(t.Slug, m.Language, Template+"."+id, data)
	}
	page := map[string]any{"Lang": m.Language, "Counts": counts, "Photos": photos}
	for key, id := range map[string]string{"Title": "index_title", "Lead": "index_lead", "DataHeading": "index_data", "PhotosHeading": "index_photos"} {
		text, err := phrase(id)
		if err != nil {
			return fmt.Errorf("index of data export: %w", err)
		}
		page[key] = text
	}
	f, err := zw.Create(IndexFile)
	if err != nil {
		return fmt.Errorf("index.html: %w", err)
	}
	return indexPage.Execute(f, page)
}

// finish stores the archive, marks the copy ready and mails the member
// (a copy they asked for) in one transaction; an archive whose copy went
// meanwhile is deleted again.
func (s *Service) finish(ctx context.Context, row db.DataExport, t *tenancy.Tenant, m db.ExportMemberRow, baseURL string, zipped []byte) error {
	key := "exports/" + media.NewKey() + ".zip"
	if err := s.Store.Put(ctx, key, zipped, "application/zip"); err != nil {
		return fmt.Errorf("store data export %d: %w", row.ID, err)
	}
	now := s.now()
	expires := now.Add(ExportValid)
	stored := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.ExportReady(ctx, db.ExportReadyParams{ID: row.ID, BlobKey: textOf(key), Size: int8Of(int64(len(zipped))), Now: now, ExpiresAt: timeOf(expires)})
		if err != nil || n == 0 {
			return err
		}
		if err := media.Hold(ctx, tx, holder(row.ID), key); err != nil {
			return err
		}
		stored = true
		if baseURL == "" {
			return nil
		}
		loc := t.Location
		if loc == nil {
			loc = time.UTC
		}
		return s.Mailer.Queue(ctx, tx, delivery.Mail{Tenant: t, Locale: m.Language, To: m.Email, Template: Template, BaseURL: baseURL,
			Data: map[string]any{"Name": m.Name, "Date": expires.In(loc)}, Action: baseURL + DownloadPage})
	})
	if err != nil || !stored {
		_ = s.Store.Delete(ctx, key)
	}
	if err != nil {
		return fmt.Errorf("finish data export %d: %w", row.ID, err)
	}
	return nil
}

// DownloadPage is where the mailed link leads: the member's settings with
// the copy's download, behind the login.
const DownloadPage = "/notifications#data-export"
