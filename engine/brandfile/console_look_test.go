package brandfile_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/looks/lookstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/themes/themestest"
)

// A brand's layout names only variants the bundle has: an unknown one is
// refused naming its field, in the console and on import, and nothing is
// stored.
func TestLookLayoutNamesTheField(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	for _, tc := range []struct {
		name  string
		look  map[string]any
		field string
	}{
		{"home", map[string]any{"layout": map[string]any{"home": "carousel"}}, "look.layout.home"},
		{"card", map[string]any{"layout": map[string]any{"card": "tile", "nav": "tabs"}}, "look.layout.nav"},
		{"section", map[string]any{"layout": map[string]any{"sections": []any{"how", "faq"}}}, "look.layout.sections[1]"},
		{"copy language", map[string]any{"copy": map[string]any{"fr": map[string]any{"headline": "Bonjour"}}}, "look.copy.fr"},
		{"copy length", map[string]any{"copy": map[string]any{"de": map[string]any{"headline": strings.Repeat("Herz ", 80)}}}, "look.copy.de.headline"},
		{"logo elsewhere", map[string]any{"logo": "https://evil.example/logo.svg"}, "look.logo"},
		{"not an object", map[string]any{"layout": "split"}, "look"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var base brandfile.TenantAnswer
			c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &base)
			f := base.File
			f.Look = tenancy.Look{Rest: tc.look}
			res := c.Do("PUT", "/admin/api/tenants/herzklopfen/file", f)
			res.Want(t, 422, "tenant_invalid")
			var body struct{ Field string }
			res.JSON(t, &body)
			if body.Field != tc.field {
				t.Errorf("field %q, want %q (%s)", body.Field, tc.field, res.Body)
			}
			err := checkImport(t, f)
			if err == nil || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("the import took it: %v", err)
			}
		})
	}
	var after brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &after)
	look := after.File.Look.Rest
	if layout, _ := look["layout"].(map[string]any); layout["home"] != nil || layout["nav"] != nil {
		t.Fatalf("a refused look was stored: %v", look)
	}
}

// checkImport runs the start's import checks on f without a database.
func checkImport(t *testing.T, f tenancy.File) error {
	t.Helper()
	return brandfile.Check(context.Background(), nil, themestest.BuiltIn(t), f)
}

// The console lists the themes with their layouts and every variant name.
func TestLookChoices(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	var got brandfile.LookChoices
	res := c.Do("GET", "/admin/api/look/choices", nil)
	res.Want(t, 200, "")
	res.JSON(t, &got)
	if len(got.Themes) != 3 || got.Themes[1].Name != "midnight" || got.Themes[1].Layout.Home != "split-signup" {
		t.Fatalf("themes %+v", got.Themes)
	}
	if strings.Join(got.Home, ",") != "photo-hero,split-signup,grid-first" || strings.Join(got.Card, ",") != "tile,row,polaroid" ||
		strings.Join(got.Nav, ",") != "labelled,floating,icons" || strings.Join(got.Header, ",") != "bar,centered,minimal" ||
		strings.Join(got.Footer, ",") != "full,columns,compact" || got.Themes[2].Layout.Header != "minimal" || len(got.Sections) != 4 {
		t.Fatalf("choices %+v", got)
	}
}

// A brand's own logo: a PNG or a flat SVG is stored as PNG with the media,
// named in the brand's file, served on the brand's host and audited; a
// replaced logo is released; an SVG with a script, another type, or a file
// over the limit is refused and changes nothing.
func TestLookImageUpload(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, s := e.Enrolled(t, staff.RoleSuperadmin, "*")

	var first brandfile.TenantAnswer
	up := c.Do("POST", "/admin/api/tenants/lustlokaal/look/logo", lookstest.PNG(t, 120, 120))
	up.Want(t, 200, "")
	up.JSON(t, &first)
	look := first.File.Look.Rest
	logo, _ := look["logo"].(string)
	if !strings.HasPrefix(logo, "/media/") || !strings.HasSuffix(logo, "-logo.png") {
		t.Fatalf("look.logo %q", logo)
	}
	if look["copy"] == nil {
		t.Fatalf("the upload lost the rest of the look: %v", look)
	}
	served := e.Client(t, "localhost").Do("GET", logo, nil)
	if served.Status != 200 || !bytes.HasPrefix(served.Body, []byte("\x89PNG")) {
		t.Fatalf("the logo is not served on the brand's host: %d", served.Status)
	}
	if n := e.AuditCount(t, s.ID, "tenant.logo"); n != 1 {
		t.Fatalf("%d audit rows of the logo", n)
	}

	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c2410c"/></svg>`
	var second brandfile.TenantAnswer
	up = c.Do("POST", "/admin/api/tenants/lustlokaal/look/logo", svg)
	up.Want(t, 200, "")
	up.JSON(t, &second)
	logo2, _ := second.File.Look.Rest["logo"].(string)
	if logo2 == logo || !strings.HasSuffix(logo2, "-logo.png") {
		t.Fatalf("the SVG logo %q", logo2)
	}
	before, after := e.AuditOf(t, "tenant.logo")
	if before["logo"] != logo || after["logo"] != logo2 {
		t.Fatalf("audit %v -> %v", before, after)
	}
	var held int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM media_refs WHERE key = $1", strings.TrimPrefix(logo, "/media/")).Scan(&held); err != nil || held != 0 {
		t.Fatalf("the replaced logo is still held: %d %v", held, err)
	}

	for _, tc := range []struct {
		name   string
		path   string
		body   any
		status int
		code   string
	}{
		{"script in the SVG", "/admin/api/tenants/lustlokaal/look/logo", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>`, 422, "look_image_invalid"},
		{"SVG with a link", "/admin/api/tenants/lustlokaal/look/icon", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><a href="javascript:alert(1)"><rect width="9" height="9" fill="#000"/></a></svg>`, 422, "look_image_invalid"},
		{"a GIF", "/admin/api/tenants/lustlokaal/look/icon", "GIF89a\x01\x00\x01\x00", 422, "look_image_type"},
		{"too large", "/admin/api/tenants/lustlokaal/look/icon", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 300<<10)...), 413, "look_image_too_large"},
		{"too small", "/admin/api/tenants/lustlokaal/look/icon", lookstest.PNG(t, 8, 8), 422, "look_image_invalid"},
		{"another image", "/admin/api/tenants/lustlokaal/look/banner", lookstest.PNG(t, 64, 64), 404, "look_image_unknown"},
		{"another brand", "/admin/api/tenants/nosuch/look/logo", lookstest.PNG(t, 64, 64), 404, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do("POST", tc.path, tc.body)
			if res.Status != tc.status || (tc.code != "" && !strings.Contains(string(res.Body), tc.code)) {
				t.Fatalf("%d %s, want %d %s", res.Status, res.Body, tc.status, tc.code)
			}
		})
	}
	// The console's form sends the file as the multipart field "image".
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("image", "icon.png")
	_, _ = fw.Write(lookstest.PNG(t, 64, 64))
	_ = mw.Close()
	req, _ := http.NewRequest("POST", e.URL+"/admin/api/tenants/lustlokaal/look/icon", &body)
	req.Host = c.Host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	formUp := c.Send(req)
	formUp.Want(t, 200, "")
	var withIcon brandfile.TenantAnswer
	formUp.JSON(t, &withIcon)
	icon, _ := withIcon.File.Look.Rest["icon"].(string)
	if !strings.HasSuffix(icon, "-icon.png") {
		t.Fatalf("the form's icon %q", icon)
	}

	var now brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &now)
	nowLook := now.File.Look.Rest
	if nowLook["logo"] != logo2 || nowLook["icon"] != icon {
		t.Fatalf("a refused upload changed the look: %v", nowLook)
	}

	// A staff member of another brand may not set this one's logo.
	other, _ := e.Enrolled(t, staff.RoleOperator, "herzklopfen")
	other.Do("POST", "/admin/api/tenants/lustlokaal/look/logo", lookstest.PNG(t, 64, 64)).Want(t, 403, "")
}
