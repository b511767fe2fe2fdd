package tenancy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gopkg.in/yaml.v3"

	"rendezvous/engine/tenancy/internal/db"
)

// SupportedLocales are the site languages of SPEC.md section 1.
var SupportedLocales = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

// File is one tenant's declarative file under tenants/.
type File struct {
	Slug          string   `yaml:"slug"`
	Name          string   `yaml:"name"`
	Position      int      `yaml:"position"`
	Hosts         []string `yaml:"hosts"`
	Theme         string   `yaml:"theme"`
	Niche         int      `yaml:"niche"`
	Locales       []string `yaml:"locales"`
	DefaultLocale string   `yaml:"default_locale"`
	Countries     []string `yaml:"countries"`
	TimeZone      string   `yaml:"time_zone"`
	ProfilePool   string   `yaml:"profile_pool"`
	Company       Company  `yaml:"company"`
	Settings      Settings `yaml:"settings"`
	// Extra holds sections that later areas own (packages, payment methods,
	// gifts); they are kept in settings under their own keys.
	Extra map[string]any `yaml:",inline"`
}

var (
	slugPattern    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
	hostPattern    = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
)

// Validate checks a tenant file before anything is written.
func (f *File) Validate() error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if !slugPattern.MatchString(f.Slug) {
		add("slug %q must be lower-case letters, digits and dashes", f.Slug)
	}
	if f.Name == "" {
		add("name is required")
	}
	if len(f.Hosts) == 0 {
		add("at least one host is required")
	}
	for _, h := range f.Hosts {
		if !hostPattern.MatchString(h) {
			add("host %q is not a lower-case host name", h)
		}
	}
	if f.Theme == "" {
		add("theme is required")
	}
	if f.Niche < 1 || f.Niche > 7 {
		add("niche %d must be 1 to 7", f.Niche)
	}
	if len(f.Locales) == 0 {
		add("at least one locale is required")
	}
	for _, l := range f.Locales {
		if !isSupportedLocale(l) {
			add("locale %q is not one of %v", l, SupportedLocales)
		}
	}
	if !contains(f.Locales, f.DefaultLocale) {
		add("default_locale %q must be one of the locales", f.DefaultLocale)
	}
	if len(f.Countries) == 0 {
		add("at least one country is required")
	}
	for _, c := range f.Countries {
		if !countryPattern.MatchString(c) {
			add("country %q must be an ISO 3166 alpha-2 code", c)
		}
	}
	if _, err := time.LoadLocation(f.TimeZone); err != nil || f.TimeZone == "" {
		add("time_zone %q is not a known zone", f.TimeZone)
	}
	if f.ProfilePool == "" {
		add("profile_pool is required")
	}
	if !slugPattern.MatchString(f.Company.Slug) || f.Company.Name == "" {
		add("company needs a slug and a name")
	}
	switch f.Settings.Signups {
	case "all", "with_trafficsource", "none":
	default:
		add("settings.signups %q must be all, with_trafficsource or none", f.Settings.Signups)
	}
	switch f.Settings.EnableSiteEntryPopup {
	case "yes", "no":
	default:
		add("settings.enable_site_entry_popup must be yes or no")
	}
	if f.Settings.MinAge < 18 {
		add("settings.min_age %d must be 18 or more", f.Settings.MinAge)
	}
	if len(problems) > 0 {
		return fmt.Errorf("tenant file %s: %s", f.Slug, strings.Join(problems, "; "))
	}
	return nil
}

// ReadFiles parses every *.yaml file of dir, in name order.
func ReadFiles(dir fs.FS) ([]File, error) {
	names, err := fs.Glob(dir, "*.yaml")
	if err != nil {
		return nil, fmt.Errorf("list tenant files: %w", err)
	}
	sort.Strings(names)
	files := make([]File, 0, len(names))
	for _, name := range names {
		raw, err := fs.ReadFile(dir, name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		var f File
		dec := yaml.NewDecoder(strings.NewReader(string(raw)))
		if err := dec.Decode(&f); err != nil {
			return nil, fmt.Errorf("parse %s: %w", path.Base(name), err)
		}
		if err := f.Validate(); err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// ImportResult tells what an import did with one tenant file.
type ImportResult struct {
	Slug    string
	Skipped bool
}

// Import writes tenant files into the database. The database is the source
// of truth once a tenant exists, so existing tenants are skipped unless
// overwrite is set (an explicit re-import).
func Import(ctx context.Context, pool *pgxpool.Pool, files []File, overwrite bool) ([]ImportResult, error) {
	var results []ImportResult
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		// Serialise imports of concurrently starting instances.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7204117)"); err != nil {
			return fmt.Errorf("lock import: %w", err)
		}
		for _, f := range files {
			exists, err := q.TenantExists(ctx, f.Slug)
			if err != nil {
				return fmt.Errorf("look up tenant %s: %w", f.Slug, err)
			}
			if exists && !overwrite {
				results = append(results, ImportResult{Slug: f.Slug, Skipped: true})
				continue
			}
			if err := importOne(ctx, q, f); err != nil {
				return err
			}
			results = append(results, ImportResult{Slug: f.Slug})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// ErrHostTaken means a tenant file claims a host another tenant owns.
var ErrHostTaken = errors.New("tenancy: host already belongs to another tenant")

func importOne(ctx context.Context, q *db.Queries, f File) error {
	c := f.Company
	if c.Added.IsZero() {
		c.Added = time.Date(2023, 12, 1, 12, 0, 0, 0, time.UTC)
	}
	companyID, err := q.CompanyUpsert(ctx, db.CompanyUpsertParams{
		Slug: c.Slug, Name: c.Name, Address: c.Address, Kvk: c.KVK, City: c.City, Country: c.Country,
		Tradenames: nonNil(c.Tradenames), VatNumbers: nonNil(c.VATNumbers), SupportPhone: c.SupportPhone,
		DeleteDiscount: int32(c.DeleteDiscount), Added: c.Added,
	})
	if err != nil {
		return fmt.Errorf("import company %s: %w", c.Slug, err)
	}
	settings, err := settingsJSON(f)
	if err != nil {
		return err
	}
	id, err := q.TenantUpsert(ctx, db.TenantUpsertParams{
		Slug: f.Slug, Name: f.Name, CompanyID: companyID, Theme: f.Theme, Niche: int16(f.Niche),
		Locales: f.Locales, DefaultLocale: f.DefaultLocale, Countries: f.Countries, TimeZone: f.TimeZone,
		ProfilePool: f.ProfilePool, Settings: settings, Position: int32(f.Position),
	})
	if err != nil {
		return fmt.Errorf("import tenant %s: %w", f.Slug, err)
	}
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return fmt.Errorf("generate VAPID keys for %s: %w", f.Slug, err)
	}
	if err := q.TenantVAPIDSet(ctx, db.TenantVAPIDSetParams{ID: id, PublicKey: public, PrivateKey: private}); err != nil {
		return fmt.Errorf("store VAPID keys for %s: %w", f.Slug, err)
	}
	if err := q.TenantHostsDelete(ctx, id); err != nil {
		return fmt.Errorf("replace hosts of %s: %w", f.Slug, err)
	}
	for i, h := range f.Hosts {
		owner, err := q.TenantHostOwner(ctx, h)
		if err == nil && owner != f.Slug {
			return fmt.Errorf("import %s: host %s: %w (%s)", f.Slug, h, ErrHostTaken, owner)
		}
		if err := q.TenantHostInsert(ctx, db.TenantHostInsertParams{Host: h, TenantID: id, IsPrimary: i == 0}); err != nil {
			return fmt.Errorf("import host %s of %s: %w", h, f.Slug, err)
		}
	}
	return nil
}

// settingsJSON stores the typed settings together with the sections later
// areas own, so one JSON document holds everything an operator can edit.
func settingsJSON(f File) ([]byte, error) {
	typed, err := json.Marshal(f.Settings)
	if err != nil {
		return nil, fmt.Errorf("encode settings of %s: %w", f.Slug, err)
	}
	merged := map[string]any{}
	for k, v := range f.Extra {
		merged[k] = v
	}
	var fields map[string]any
	if err := json.Unmarshal(typed, &fields); err != nil {
		return nil, fmt.Errorf("encode settings of %s: %w", f.Slug, err)
	}
	for k, v := range fields {
		merged[k] = v
	}
	out, err := json.Marshal(merged)
	if err != nil {
		return nil, fmt.Errorf("encode settings of %s: %w", f.Slug, err)
	}
	return out, nil
}

func isSupportedLocale(l string) bool { return contains(SupportedLocales, l) }

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
