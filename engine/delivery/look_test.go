package delivery_test

import (
	"strings"
	"testing"

	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
	"rendezvous/themes/themestest"
)

// A brand's own colours (look.colors) are its mails' colours, over its
// theme's.
func TestBrandColorsInMails(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	ten := tenant("lustlokaal", "LustLokaal")
	ten.Theme = "rose"
	ten.Look = tenancy.Look{Colors: map[string]string{"primary": "#1d4ed8", "link": "#1e40af"}}
	p := tpl.PaletteFor(ten)
	theme := tpl.PaletteOf("rose")
	if p.Primary != "#1d4ed8" || p.Link != "#1e40af" || p.Text != theme.Text || p.OnPrimary != theme.OnPrimary {
		t.Fatalf("palette %+v over the theme's %+v", p, theme)
	}
	msg, err := tpl.Render(delivery.Mail{Tenant: ten, Locale: "en", To: "eve@example.com", Template: delivery.Activation,
		BaseURL: "https://lustlokaal.example", Data: map[string]any{"Name": "Eve", "Days": 7},
		Action: "https://lustlokaal.example/go"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg.HTML, "background:#1d4ed8;color:"+theme.OnPrimary) {
		t.Errorf("the button is not in the brand's primary:\n%s", msg.HTML)
	}
}

// A brand on a theme of the install's themes directory gets that theme's
// colours in its mails, not the default ones.
func TestMailsInADirectoryTheme(t *testing.T) {
	t.Parallel()
	set := themestest.Load(t, "forest", themestest.Colors(map[string]string{"primary": "#2f6b3a", "surface": "#fbfdf9", "background": "#eef5ea"}))
	tpl, err := delivery.LoadTemplates(set)
	if err != nil {
		t.Fatal(err)
	}
	ten := tenant("lustlokaal", "LustLokaal")
	ten.Theme = "forest"
	msg, err := tpl.Render(delivery.Mail{Tenant: ten, Locale: "en", To: "eve@example.com", Template: delivery.Activation,
		BaseURL: "https://lustlokaal.example", Data: map[string]any{"Name": "Eve", "Days": 7},
		Action: "https://lustlokaal.example/go"}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"background:#2f6b3a;color:#ffffff", "background:#fbfdf9", "background:#eef5ea"} {
		if !strings.Contains(msg.HTML, want) {
			t.Errorf("the mail has not the forest theme's %s:\n%s", want, msg.HTML)
		}
	}
}
