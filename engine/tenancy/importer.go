package tenancy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.yaml.in/yaml/v3"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy/internal/db"
)

// SupportedLocales are the 11 site languages a tenant may offer.
var SupportedLocales = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

// File is one tenant's declarative file in the tenants directory; the
// console edits the same shape as JSON.
type File struct {
	Slug          string      `yaml:"slug" json:"slug"`
	Name          string      `yaml:"name" json:"name"`
	Position      int         `yaml:"position" json:"position"`
	Hosts         []string    `yaml:"hosts" json:"hosts"`
	Theme         string      `yaml:"theme" json:"theme"`
	Niche         int         `yaml:"niche" json:"niche"`
	Locales       []string    `yaml:"locales" json:"locales"`
	DefaultLocale string      `yaml:"default_locale" json:"default_locale"`
	Countries     []string    `yaml:"countries" json:"countries"`
	TimeZone      string      `yaml:"time_zone" json:"time_zone"`
	ProfilePool   string      `yaml:"profile_pool" json:"profile_pool"`
	Company       CompanyFile `yaml:"company" json:"company"`
	Settings      Settings    `yaml:"settings" json:"settings"`
	// Look is how the brand looks beyond its theme (look.colors).
	Look Look `yaml:"look,omitempty" json:"look"`
	// Extra holds sections that later areas own (billing, gifts); they are
	// kept in settings under their own keys. In JSON they sit at the top
	// level, as in the file.
	Extra map[string]any `yaml:",inline" json:"-"`

	// digest is the SHA-256 of the file's bytes ("" for a file not read
	// from disk); start-up imports a file again only when it changed.
	digest string
}

// CompanyFile is the company section of a tenant file: the company is
// found (or made) by its slug.
type CompanyFile struct {
	Slug           string    `yaml:"slug" json:"slug"`
	Name           string    `yaml:"name" json:"name"`
	Address        string    `yaml:"address" json:"address"`
	KVK            string    `yaml:"kvk" json:"kvk"`
	City           string    `yaml:"city" json:"city"`
	Country        string    `yaml:"country" json:"country"`
	Tradenames     []string  `yaml:"tradenames" json:"tradenames"`
	VATNumbers     []string  `yaml:"vat_numbers" json:"vat_numbers"`
	SupportPhone   string    `yaml:"support_phone" json:"support_phone"`
	DeleteDiscount int       `yaml:"delete_discount" json:"delete_discount"`
	Added          time.Time `yaml:"added" json:"added"`
}

// fileJSON is File without its methods, for encoding/json.
type fileJSON File

// MarshalJSON puts the other areas' sections at the top level, as in the
// file.
func (f File) MarshalJSON() ([]byte, error) {
	typed, err := json.Marshal(fileJSON(f))
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(typed, &doc); err != nil {
		return nil, err
	}
	for k, v := range f.Extra {
		if _, known := doc[k]; !known {
			doc[k] = v
		}
	}
	return json.Marshal(doc)
}

// UnmarshalJSON reads the typed fields and keeps every other top-level key
// in Extra.
func (f *File) UnmarshalJSON(b []byte) error {
	var typed fileJSON
	if err := json.Unmarshal(b, &typed); err != nil {
		return err
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	*f = File(typed)
	f.Extra = nil
	for k, v := range doc {
		if fileKeys[k] {
			continue
		}
		if f.Extra == nil {
			f.Extra = map[string]any{}
		}
		f.Extra[k] = v
	}
	return nil
}

// fileKeys are the top-level keys File reads itself.
var fileKeys = jsonKeys(reflect.TypeOf(File{}))

// settingsKeys are the keys of the typed settings in the stored document.
var settingsKeys = jsonKeys(reflect.TypeOf(Settings{}))

func jsonKeys(t reflect.Type) map[string]bool {
	keys := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}

var (
	slugPattern    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
	hostPattern    = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
)

// Problem is one thing wrong with a tenant file: the field (as in the
// file: "hosts[1]", "settings.min_age") and what is wrong with it.
type Problem struct {
	Field string `json:"field"`
	// Code says what is wrong in a word that stays (required, format,
	// range, duplicate, unsupported, contrast), so a client tells kinds of
	// problems apart without reading the message.
	Code    string `json:"code"`
	Message string `json:"message"`
}

// The codes of a tenant file's problems.
const (
	ProblemRequired    = "required"
	ProblemFormat      = "format"
	ProblemRange       = "range"
	ProblemDuplicate   = "duplicate"
	ProblemUnsupported = "unsupported"
	ProblemMisplaced   = "misplaced"
	// ProblemContrast: a colour and the colour it is drawn on (or under)
	// fall short of WCAG AA.
	ProblemContrast = "contrast"
	// ProblemInvalid is any other problem, the code of the sections that
	// give none.
	ProblemInvalid = "invalid"
)

// InvalidFileError lists everything wrong with one tenant file.
type InvalidFileError struct {
	Slug     string
	Problems []Problem
}

func (e *InvalidFileError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Message
	}
	return fmt.Sprintf("tenant file %s: %s", e.Slug, strings.Join(msgs, "; "))
}

// Validate checks a tenant file before anything is written; the error is
// an *InvalidFileError naming every bad field.
func (f *File) Validate() error {
	var problems []Problem
	add := func(field, code, format string, args ...any) {
		problems = append(problems, Problem{Field: field, Code: code, Message: fmt.Sprintf(format, args...)})
	}
	if !slugPattern.MatchString(f.Slug) {
		add("slug", ProblemFormat, "slug %q must be lower-case letters, digits and dashes", f.Slug)
	}
	if f.Name == "" {
		add("name", ProblemRequired, "name is required")
	}
	if len(f.Hosts) == 0 {
		add("hosts", ProblemRequired, "at least one host is required")
	}
	seenHost := map[string]bool{}
	for i, h := range f.Hosts {
		if !hostPattern.MatchString(h) {
			add(fmt.Sprintf("hosts[%d]", i), ProblemFormat, "host %q is not a lower-case host name", h)
		} else if seenHost[h] {
			add(fmt.Sprintf("hosts[%d]", i), ProblemDuplicate, "host %q is listed twice", h)
		}
		seenHost[h] = true
	}
	if f.Theme == "" {
		add("theme", ProblemRequired, "theme is required")
	}
	if f.Niche < 1 || f.Niche > 7 {
		add("niche", ProblemRange, "niche %d must be 1 to 7", f.Niche)
	}
	if len(f.Locales) == 0 {
		add("locales", ProblemRequired, "at least one locale is required")
	}
	for i, l := range f.Locales {
		if !isSupportedLocale(l) {
			add(fmt.Sprintf("locales[%d]", i), ProblemUnsupported, "locale %q is not one of %v", l, SupportedLocales)
		}
	}
	if !contains(f.Locales, f.DefaultLocale) {
		add("default_locale", ProblemUnsupported, "default_locale %q must be one of the locales", f.DefaultLocale)
	}
	if len(f.Countries) == 0 {
		add("countries", ProblemRequired, "at least one country is required")
	}
	for i, c := range f.Countries {
		if !countryPattern.MatchString(c) {
			add(fmt.Sprintf("countries[%d]", i), ProblemFormat, "country %q must be an ISO 3166 alpha-2 code", c)
		}
	}
	if _, err := time.LoadLocation(f.TimeZone); err != nil || f.TimeZone == "" {
		add("time_zone", ProblemUnsupported, "time_zone %q is not a known zone", f.TimeZone)
	}
	if f.ProfilePool == "" {
		add("profile_pool", ProblemRequired, "profile_pool is required")
	}
	if !slugPattern.MatchString(f.Company.Slug) {
		add("company.slug", ProblemFormat, "company needs a slug and a name")
	} else if f.Company.Name == "" {
		add("company.name", ProblemRequired, "company needs a slug and a name")
	}
	// The retention offer's percentage off (0: no offer); a discount code
	// never takes all of the price.
	if f.Company.DeleteDiscount < 0 || f.Company.DeleteDiscount > 99 {
		add("company.delete_discount", ProblemRange, "company.delete_discount %d must be 0 to 99", f.Company.DeleteDiscount)
	}
	switch f.Settings.Signups {
	case "all", "with_trafficsource", "none":
	default:
		add("settings.signups", ProblemUnsupported, "settings.signups %q must be all, with_trafficsource or none", f.Settings.Signups)
	}
	switch f.Settings.EnableSiteEntryPopup {
	case "yes", "no":
	default:
		add("settings.enable_site_entry_popup", ProblemUnsupported, "settings.enable_site_entry_popup must be yes or no")
	}
	if f.Settings.MinAge < 18 {
		add("settings.min_age", ProblemRange, "settings.min_age %d must be 18 or more", f.Settings.MinAge)
	}
	// The welcome code's time limit: 0 (or absent) takes the default.
	if h := f.Settings.WelcomeDiscountHours; h < 0 || h > MaxWelcomeDiscountHours {
		add("settings.welcome_discount_hours", ProblemRange, "settings.welcome_discount_hours %d must be 0 to %d", h, MaxWelcomeDiscountHours)
	}
	for key := range f.Extra {
		if settingsKeys[key] {
			add(key, ProblemMisplaced, "%s belongs under settings", key)
		}
	}
	if len(problems) > 0 {
		return &InvalidFileError{Slug: f.Slug, Problems: problems}
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
		f, err := ParseFile(path.Base(name), raw)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// ParseFile reads and validates one tenant file; name is for errors.
func ParseFile(name string, raw []byte) (File, error) {
	var f File
	if err := yaml.Unmarshal(raw, &f); err != nil {
		return File{}, fmt.Errorf("parse %s: %w", name, err)
	}
	if err := f.Validate(); err != nil {
		return File{}, err
	}
	sum := sha256.Sum256(raw)
	f.digest = hex.EncodeToString(sum[:])
	return f, nil
}

// Export is the tenant file of a tenant as it is now (console edits
// included), to keep in version control and import elsewhere.
func Export(t *Tenant) ([]byte, error) {
	f, err := FileOf(t)
	if err != nil {
		return nil, err
	}
	out, err := yaml.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("export tenant %s: %w", t.Slug, err)
	}
	return append([]byte("# "+t.Name+": exported from the console.\n"), out...), nil
}

// FileOf is the tenant file of a tenant as it is now.
func FileOf(t *Tenant) (File, error) {
	c := t.Company
	f := File{
		Slug: t.Slug, Name: t.Name, Position: t.Position, Hosts: t.Hosts, Theme: t.Theme, Niche: t.Niche,
		Locales: t.Locales, DefaultLocale: t.DefaultLocale, Countries: t.Countries, TimeZone: t.TimeZone,
		ProfilePool: t.ProfilePool, Settings: t.Settings,
		Company: CompanyFile{Slug: c.Slug, Name: c.Name, Address: c.Address, KVK: c.KVK, City: c.City,
			Country: c.Country, Tradenames: c.Tradenames, VATNumbers: c.VATNumbers,
			SupportPhone: c.SupportPhone, DeleteDiscount: c.DeleteDiscount, Added: c.Added.UTC()},
	}
	// The primary host comes first in a file.
	hosts := []string{t.PrimaryHost}
	for _, h := range t.Hosts {
		if h != t.PrimaryHost {
			hosts = append(hosts, h)
		}
	}
	f.Hosts = hosts
	f.Look = t.Look
	var doc map[string]any
	if len(t.RawSettings) > 0 {
		if err := json.Unmarshal(t.RawSettings, &doc); err != nil {
			return File{}, fmt.Errorf("settings of %s: %w", t.Slug, err)
		}
	}
	for k, v := range doc {
		if settingsKeys[k] || k == lookKey {
			continue
		}
		if f.Extra == nil {
			f.Extra = map[string]any{}
		}
		f.Extra[k] = v
	}
	return f, nil
}

// ImportResult tells what an import did with one tenant file.
type ImportResult struct {
	Slug string
	// Skipped: the tenant exists and its file did not change.
	Skipped bool
	// Updated: the tenant existed and was replaced by its file.
	Updated bool
}

// Import writes tenant files into the database. A tenant that exists
// already is kept as it is (console edits included) unless its file changed
// since it was last imported from it, or overwrite is set (an explicit
// re-import).
func Import(ctx context.Context, pool *pgxpool.Pool, files []File, overwrite bool) ([]ImportResult, error) {
	var results []ImportResult
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := lockImports(ctx, tx); err != nil {
			return err
		}
		for _, f := range files {
			digest, err := q.TenantFileDigest(ctx, f.Slug)
			exists := err == nil
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("look up tenant %s: %w", f.Slug, err)
			}
			if exists && !overwrite && digest == f.digest {
				results = append(results, ImportResult{Slug: f.Slug, Skipped: true})
				continue
			}
			if err := importOne(ctx, q, f); err != nil {
				return err
			}
			if err := q.TenantFileDigestSet(ctx, db.TenantFileDigestSetParams{Slug: f.Slug, FileDigest: f.digest}); err != nil {
				return fmt.Errorf("import tenant %s: %w", f.Slug, err)
			}
			results = append(results, ImportResult{Slug: f.Slug, Updated: exists})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// lockImports serialises imports and console saves of concurrently running
// instances.
func lockImports(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7204117)"); err != nil {
		return fmt.Errorf("lock import: %w", err)
	}
	return nil
}

// The console's refusals of a tenant it creates or edits.
var (
	// ErrFileInvalid names the first bad field; problems lists them all.
	ErrFileInvalid = refusal.New(refusal.Invalid, "tenant_invalid", "The field {field} is not valid: {problem}.")
	ErrSlugTaken   = refusal.New(refusal.Conflict, "tenant_exists", "A tenant with this slug exists already.")
	ErrNoTenant    = refusal.New(refusal.NotFound, "tenant_not_found", "This tenant does not exist.")
)

// Refusal turns an *InvalidFileError into the console's 422, naming the
// first bad field and listing every problem.
func (e *InvalidFileError) Refusal() error {
	for i := range e.Problems {
		if e.Problems[i].Code == "" {
			e.Problems[i].Code = ProblemInvalid
		}
	}
	return ErrFileInvalid.With(map[string]any{"field": e.Problems[0].Field, "problem": e.Problems[0].Message, "problems": e.Problems})
}

// Save writes a tenant the console created (create) or edited in tx, which
// the caller commits together with its audit row. The directory of every
// instance drops its copy on commit (LISTEN/NOTIFY). The file digest is left
// as it is: an unchanged file does not undo a console edit at the next start.
// may says which other brands the saving staff member may edit: a company
// or pool they use is changed or joined only with all of them (sharing.go).
func Save(ctx context.Context, tx pgx.Tx, f File, create bool, may MayEdit) error {
	if err := f.Validate(); err != nil {
		var bad *InvalidFileError
		if errors.As(err, &bad) {
			return bad.Refusal()
		}
		return err
	}
	if err := lockImports(ctx, tx); err != nil {
		return err
	}
	q := db.New(tx)
	exists, err := q.TenantExists(ctx, f.Slug)
	if err != nil {
		return fmt.Errorf("look up tenant %s: %w", f.Slug, err)
	}
	if create && exists {
		return ErrSlugTaken
	}
	if !create && !exists {
		return ErrNoTenant
	}
	for i, h := range f.Hosts {
		owner, err := q.TenantHostOwner(ctx, h)
		if err == nil && owner != f.Slug {
			return (&InvalidFileError{Slug: f.Slug, Problems: []Problem{{Field: fmt.Sprintf("hosts[%d]", i),
				Message: fmt.Sprintf("host %q belongs to tenant %s", h, owner)}}}).Refusal()
		}
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("look up host %s: %w", h, err)
		}
	}
	if err := checkShared(ctx, q, f, may); err != nil {
		return err
	}
	return importOne(ctx, q, f)
}

// ErrHostTaken means a tenant file claims a host another tenant owns.
var ErrHostTaken = errors.New("tenancy: host already belongs to another tenant")

// companyParams is the company row a file's company section writes (a
// company without its date added gets a fixed one).
func companyParams(c CompanyFile) db.CompanyUpsertParams {
	if c.Added.IsZero() {
		c.Added = time.Date(2023, 12, 1, 12, 0, 0, 0, time.UTC)
	}
	return db.CompanyUpsertParams{
		Slug: c.Slug, Name: c.Name, Address: c.Address, Kvk: c.KVK, City: c.City, Country: c.Country,
		Tradenames: nonNil(c.Tradenames), VatNumbers: nonNil(c.VATNumbers), SupportPhone: c.SupportPhone,
		DeleteDiscount: int32(c.DeleteDiscount), Added: c.Added,
	}
}

func importOne(ctx context.Context, q *db.Queries, f File) error {
	companyID, err := q.CompanyUpsert(ctx, companyParams(f.Company))
	if err != nil {
		return fmt.Errorf("import company %s: %w", f.Company.Slug, err)
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
	if !f.Look.IsZero() {
		merged[lookKey] = f.Look
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
