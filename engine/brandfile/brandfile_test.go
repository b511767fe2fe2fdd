package brandfile_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes/themestest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A file is checked by every area: one bad field in each section comes
// back, each named, in one refusal.
func TestCheckAsksEverySection(t *testing.T) {
	t.Parallel()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	f := files[0]
	if err := brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f); err != nil {
		t.Fatalf("the demo brand %s: %v", f.Slug, err)
	}
	f.Extra = map[string]any{
		"billing":   map[string]any{"packages": []any{}},
		"gifts":     "roses",
		"postbacks": map[string]any{"nope": true},
	}
	err = brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f)
	r := refusal.As(err)
	if r == nil {
		t.Fatalf("%v is no refusal", err)
	}
	text := strings.Join(problemFields(r), " ")
	for _, field := range []string{"billing", "gifts", "postbacks"} {
		if !strings.Contains(text, field) {
			t.Errorf("the refusal does not name %s: %s", field, text)
		}
	}
}

func problemFields(r *refusal.Error) []string {
	var out []string
	if list, ok := r.Params["problems"].([]tenancy.Problem); ok {
		for _, p := range list {
			out = append(out, p.Field)
		}
	}
	return out
}

// An import stores the brands and runs every area's step: each brand has
// its time bonus.
func TestImportRunsEveryStep(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := brandfile.Import(context.Background(), pool, themestest.BuiltIn(t), files, false); err != nil {
		t.Fatal(err)
	}
	var brands, bonuses int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM tenants`).Scan(&brands); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(context.Background(), `SELECT count(DISTINCT tenant_id) FROM discount_codes WHERE code = 'TIMEBONUS25'`).Scan(&bonuses); err != nil {
		t.Fatal(err)
	}
	if brands != len(files) || bonuses != brands {
		t.Fatalf("%d brands, %d with their time bonus; want %d each", brands, bonuses, len(files))
	}
}

// The brand file has one owner: outside this package no engine code calls
// an area's check or import step, or tenancy's bare import, so no import
// path can forget one.
func TestOnlyBrandfileRunsTheSections(t *testing.T) {
	t.Parallel()
	owned := map[string]bool{
		"billing.CheckTenantFile": true, "chat.CheckTenantFile": true, "affiliates.CheckTenantFile": true,
		"affiliates.CheckAddresses": true, "discounts.EnsureTimeBonuses": true, "tenancy.Import": true,
	}
	// tenancytest imports the bare brands for the tests below the areas.
	allowed := map[string]bool{"brandfile": true, "tenancy/tenancytest": true}
	read := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		if allowed[filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))] {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		read++
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && owned[id.Name+"."+sel.Sel.Name] {
				t.Errorf("%s calls %s.%s: brand files go through package brandfile", path, id.Name, sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 100 {
		t.Fatalf("read %d files of the engine; the check would pass for nothing", read)
	}
}

// A brand that marks fictional profiles does so in each of its languages:
// one single string for a brand in nl and en is refused, naming the missing
// language; the per-language texts pass; a one-language brand's single
// strings (the old form) still pass.
func TestFictionalTextsPerLanguage(t *testing.T) {
	t.Parallel()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	byslug := map[string]tenancy.File{}
	for _, f := range files {
		byslug[f.Slug] = f
		if err := brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f); err != nil {
			t.Errorf("the demo brand %s: %v", f.Slug, err)
		}
	}
	nl := byslug["lustlokaal"]
	if en := nl.Settings.FictionalIn("en"); en.Singular != "Fictional profile" || nl.Settings.FictionalIn("nl").Singular != "Fictief profiel" {
		t.Fatalf("lustlokaal's markers: en %+v, nl %+v", en, nl.Settings.FictionalIn("nl"))
	}
	old := nl
	old.Settings.FictionalTexts = nil
	old.Settings.FictionalWarning, old.Settings.FictionalSingular, old.Settings.FictionalPlural = "Fictief.", "Fictief profiel", "Fictieve profielen"
	r := refusal.As(brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), old))
	if r == nil || !strings.Contains(strings.Join(problemFields(r), " "), "settings.fictional_texts.en") {
		t.Fatalf("single strings on a brand in nl and en: %v", r)
	}
	partial := nl
	partial.Settings.FictionalTexts = map[string]tenancy.FictionalText{
		"nl": {Warning: "Fictief.", Singular: "Fictief profiel", Plural: "Fictieve profielen"},
		"en": {Warning: "Fictional.", Singular: "Fictional profile"},
		"fr": {Warning: "Fictif.", Singular: "Profil fictif", Plural: "Profils fictifs"},
	}
	r = refusal.As(brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), partial))
	fields := ""
	if r != nil {
		fields = strings.Join(problemFields(r), " ")
	}
	for _, want := range []string{"settings.fictional_texts.en.plural", "settings.fictional_texts.fr"} {
		if !strings.Contains(fields, want) {
			t.Errorf("the refusal does not name %s: %q", want, fields)
		}
	}
	one := byslug["sparkusa"]
	one.Settings.FictionalTexts = nil
	one.Settings.FictionalWarning, one.Settings.FictionalSingular, one.Settings.FictionalPlural = "Some are fictional.", "Fictional profile", "Fictional profiles"
	if err := brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), one); err != nil {
		t.Errorf("a one-language brand's single strings: %v", err)
	}
}
