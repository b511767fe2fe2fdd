package delivery_test

import (
	"strings"
	"testing"

	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
)

// A brand's own colours (look.colors) are its mails' colours, over its
// theme's.
func TestBrandColorsInMails(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates()
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
