package brandfile_test

import (
	"context"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes/themestest"
)

// look.colors: a name that is no colour token, a value that is no colour
// and a colour too close to the one it is drawn on (or under) are each the
// problem of its field, with a stable code; the pair and its ratio are in
// the message.
func TestLookColorsChecked(t *testing.T) {
	t.Parallel()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	var f tenancy.File
	for _, file := range files {
		if file.Theme == "rose" {
			f = file
		}
	}
	for _, tc := range []struct {
		name   string
		colors map[string]string
		field  string
		code   string
		text   string
	}{
		{"unknown token", map[string]string{"sparkle": "#000000"}, "look.colors.sparkle", "unsupported", "not a colour of the theme"},
		{"not a colour", map[string]string{"primary": "red"}, "look.colors.primary", "format", "#rrggbb"},
		// White (the rose theme's onPrimary) on yellow.
		{"primary too light", map[string]string{"primary": "#ffff00"}, "look.colors.primary", "contrast", "onPrimary (#ffffff) on primary (#ffff00) is 1.07:1, under WCAG AA 4.5:1"},
		// The rose theme's text on a dark background: the background is
		// the overridden one, so its field is marked.
		{"background too dark", map[string]string{"background": "#222222"}, "look.colors.background", "contrast", "text (#2d0a1b) on background (#222222)"},
		{"focus ring", map[string]string{"secondary": "#fff0f6"}, "look.colors.secondary", "contrast", "under WCAG AA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bad := f
			bad.Look = tenancy.Look{Colors: tc.colors}
			r := refusal.As(brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), bad))
			if r == nil || r.Code != "tenant_invalid" {
				t.Fatalf("refusal %v", r)
			}
			problems, _ := r.Params["problems"].([]tenancy.Problem)
			if len(problems) == 0 || problems[0].Field != tc.field || problems[0].Code != tc.code || !strings.Contains(problems[0].Message, tc.text) {
				t.Fatalf("problems %+v, want %s %s %q", problems, tc.field, tc.code, tc.text)
			}
		})
	}
	good := f
	good.Look = tenancy.Look{Colors: map[string]string{"primary": "#1d4ed8", "link": "#1e40af"}}
	if err := brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), good); err != nil {
		t.Fatalf("a brand's good colours: %v", err)
	}
}

// A brand's colour saved in the console reaches its site (merged over its
// theme in the page's theme); a colour that fails a pair is refused with
// its field and changes nothing.
func TestLookColorsSavedAndServed(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	var a brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &a)
	ch := a.Choices
	if !slices.Contains(ch.Locales, "nl") || !slices.Contains(ch.Countries, brandfile.Choice{Value: "NL", Name: "Netherlands"}) ||
		!slices.Contains(ch.PaymentMethods, brandfile.Choice{Value: "ideal", Name: "iDEAL"}) || ch.Themes[a.File.Theme]["primary"] == "" {
		t.Fatalf("the editor's choices: %d locales, %d countries, %d methods, themes %v", len(ch.Locales), len(ch.Countries), len(ch.PaymentMethods), ch.Themes)
	}
	f := a.File
	if len(f.Look.Colors) != 0 {
		t.Fatalf("lustlokaal starts with colours %v", f.Look.Colors)
	}
	bad := f
	bad.Look = tenancy.Look{Colors: map[string]string{"primary": "#ffff00"}}
	res := c.Do("PUT", "/admin/api/tenants/lustlokaal/file", bad)
	res.Want(t, http.StatusUnprocessableEntity, "tenant_invalid")
	var body struct {
		Field    string
		Problems []tenancy.Problem
	}
	res.JSON(t, &body)
	if body.Field != "look.colors.primary" || len(body.Problems) != 3 || body.Problems[0].Code != "contrast" ||
		!strings.Contains(body.Problems[0].Message, "onPrimary (#ffffff) on primary (#ffff00) is 1.07:1") {
		t.Fatalf("refusal %s", res.Body)
	}
	if got := brandFile(t, c, "lustlokaal"); len(got.Look.Colors) != 0 {
		t.Fatalf("a refused colour was stored: %v", got.Look.Colors)
	}

	good := f
	good.Look = tenancy.Look{Colors: map[string]string{"primary": "#1d4ed8"}}
	c.Do("PUT", "/admin/api/tenants/lustlokaal/file", good).Want(t, http.StatusOK, "")
	if got := brandFile(t, c, "lustlokaal"); got.Look.Colors["primary"] != "#1d4ed8" {
		t.Fatalf("saved look %v", got.Look)
	}
	page := e.Client(t, "localhost").Do("GET", "/", nil)
	if page.Status != http.StatusOK || !strings.Contains(string(page.Body), `"primary":"#1d4ed8"`) {
		t.Fatalf("the site's theme has not the brand's primary: %d %.2000s", page.Status, page.Body)
	}
}

// A brand file's look section is read as the brand's look (not kept as an
// area's section), checked like the console's, and written back on export.
func TestLookColorsFromAFile(t *testing.T) {
	t.Parallel()
	raw, err := fs.ReadFile(tenants.Demo(), "lustlokaal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Beside the demo brand's own layout and copy, which stay as they are.
	raw = []byte(strings.Replace(string(raw), "\nlook:\n", "\nlook:\n  colors:\n    primary: \"#1d4ed8\"\n", 1))
	f, err := tenancy.ParseFile("lustlokaal.yaml", raw)
	if err != nil {
		t.Fatal(err)
	}
	if f.Look.Colors["primary"] != "#1d4ed8" || f.Extra["look"] != nil || f.Look.Rest["copy"] == nil {
		t.Fatalf("look %v, extra %v", f.Look, f.Extra["look"])
	}
	if err := brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f); err != nil {
		t.Fatalf("check: %v", err)
	}
	out, err := yaml.Marshal(f)
	if err != nil || !strings.Contains(string(out), "look:\n    colors:\n        primary: '#1d4ed8'") {
		t.Fatalf("written %s %v", out, err)
	}
}

// Every problem of a refusal has its code: the brand's own fields theirs,
// a section that gives none "invalid".
func TestEveryProblemHasACode(t *testing.T) {
	t.Parallel()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	f := files[0]
	f.Settings.MinAge = 16
	r := refusal.As(brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f))
	problems, _ := r.Params["problems"].([]tenancy.Problem)
	if len(problems) != 1 || problems[0].Field != "settings.min_age" || problems[0].Code != "range" {
		t.Fatalf("problems %+v", problems)
	}
	f = files[0]
	f.Extra = map[string]any{"gifts": "roses"}
	r = refusal.As(brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f))
	problems, _ = r.Params["problems"].([]tenancy.Problem)
	if len(problems) != 1 || problems[0].Field != "gifts" || problems[0].Code != "invalid" {
		t.Fatalf("problems %+v", problems)
	}
}

// A theme the install adds in its themes directory is a brand's choice
// like a built-in one: the brand editor lists its colours, a brand on it
// passes, and the brand's own colours are checked against its tokens; a
// theme the engine does not have is refused with its field.
func TestLookOverADirectoryTheme(t *testing.T) {
	t.Parallel()
	set := themestest.Load(t, "forest", themestest.Colors(map[string]string{"primary": "#2f6b3a", "onPrimary": "#ffffff"}))
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	f := files[0]
	f.Theme = "forest"
	if err := brandfile.Check(context.Background(), nil, set, f); err != nil {
		t.Fatalf("a brand on the directory's theme: %v", err)
	}
	bad := f
	bad.Look = tenancy.Look{Colors: map[string]string{"onPrimary": "#3a7a45"}}
	r := refusal.As(brandfile.Check(context.Background(), nil, set, bad))
	problems, _ := r.Params["problems"].([]tenancy.Problem)
	if len(problems) == 0 || problems[0].Field != "look.colors.onPrimary" || problems[0].Code != tenancy.ProblemContrast ||
		!strings.Contains(problems[0].Message, "onPrimary (#3a7a45) on primary (#2f6b3a)") {
		t.Fatalf("a colour too close to the directory theme's primary: %+v", problems)
	}
	missing := f
	missing.Theme = "meadow"
	r = refusal.As(brandfile.Check(context.Background(), nil, set, missing))
	problems, _ = r.Params["problems"].([]tenancy.Problem)
	if len(problems) != 1 || problems[0].Field != "theme" || problems[0].Code != tenancy.ProblemUnsupported || !strings.Contains(problems[0].Message, "amber, forest, midnight, rose") {
		t.Fatalf("a theme the engine does not have: %+v", problems)
	}
	if c := brandfile.ChoicesOf(set); c.Themes["forest"]["primary"] != "#2f6b3a" || c.Themes["rose"]["primary"] == "" {
		t.Fatalf("the editor's themes: %v", c.Themes)
	}
}
