package delivery_test

import (
	"encoding/json"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"
	"testing"

	"rendezvous/engine/delivery"
	"rendezvous/themes"
)

// luminance is a colour's relative luminance (WCAG 2.1).
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("colour %q", hex)
	}
	channel := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(v>>16&0xff) + 0.7152*channel(v>>8&0xff) + 0.0722*channel(v&0xff)
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// Every theme's mail colours: the button and header band (on-primary on
// primary), the text, the muted footer and the fallback link on the card
// pass WCAG AA (4.5:1), and the rendered mail uses them.
func TestThemedMails(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates()
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(themes.FS, "*/theme.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no themes: %v", err)
	}
	for _, f := range files {
		theme := path.Dir(f)
		t.Run(theme, func(t *testing.T) {
			t.Parallel()
			raw, err := fs.ReadFile(themes.FS, f)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Colors delivery.Palette `json:"colors"`
			}
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatal(err)
			}
			p := tpl.PaletteOf(theme)
			if p != doc.Colors {
				t.Fatalf("palette %+v, theme.json %+v", p, doc.Colors)
			}
			for _, pair := range []struct{ name, fg, bg string }{
				{"button", p.OnPrimary, p.Primary},
				{"text", p.Text, p.Surface},
				{"footer", p.TextMuted, p.Surface},
				{"link", p.Link, p.Surface},
			} {
				if r := contrast(t, pair.fg, pair.bg); r < 4.5 {
					t.Errorf("%s: %s on %s is %.2f:1, under WCAG AA 4.5:1", pair.name, pair.fg, pair.bg, r)
				}
			}
			ten := tenant("lustlokaal", "LustLokaal")
			ten.Theme = theme
			msg, err := tpl.Render(delivery.Mail{Tenant: ten, Locale: "en", To: "eve@example.com", Template: delivery.Activation,
				BaseURL: "https://lustlokaal.example", Data: map[string]any{"Name": "Eve", "Days": 7},
				Action: "https://lustlokaal.example/go"}, "")
			if err != nil {
				t.Fatal(err)
			}
			button := "background:" + p.Primary + ";color:" + p.OnPrimary
			if !strings.Contains(msg.HTML, `class="button" href="https://lustlokaal.example/go" style="display:inline-block;padding:12px 20px;`+button) {
				t.Errorf("the button is not in the theme's colours %s:\n%s", button, msg.HTML)
			}
			if !strings.Contains(msg.HTML, "background:"+p.Surface) || !strings.Contains(msg.HTML, "color:"+p.Text) {
				t.Errorf("the card is not in the theme's colours:\n%s", msg.HTML)
			}
		})
	}
	if tpl.PaletteOf("no-such-theme") != delivery.DefaultPalette {
		t.Error("an unknown theme has no default colours")
	}
	if r := contrast(t, delivery.DefaultPalette.OnPrimary, delivery.DefaultPalette.Primary); r < 4.5 {
		t.Errorf("default button contrast %.2f", r)
	}
}

// Push texts come from the same catalogues as the mails: the member's
// language, the brand's own wording, English where a language has no
// catalogue.
func TestPhrase(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ slug, lang, id, want string }{
		{"lustlokaal", "nl", "push_like.body", "Anton vindt je leuk."},
		{"lustlokaal", "de", "push_match.body", "Anton mag dich auch. Es ist ein Match!"},
		{"lustlokaal", "fr", "push_photo.body", "Anton vous a envoyé une photo."},
		{"herzklopfen", "de", "push_like.body", "Anton hat Herzklopfen wegen dir."},
		{"herzklopfen", "de", "push_match.body", "Anton mag dich auch. Es ist ein Match!"},
		{"sparkusa", "en", "push_like.body", "Anton likes you."},
		{"lustlokaal", "da", "push_match.body", "Anton kan også lide dig. Det er et match!"},
		{"lustlokaal", "pl", "push_like.body", "Anton cię lubi."},
		{"lustlokaal", "xx", "push_like.title", "Anton"},
	}
	for _, tc := range cases {
		got, err := tpl.Phrase(tc.slug, tc.lang, tc.id, map[string]any{"Other": "Anton"})
		if err != nil || got != tc.want {
			t.Errorf("%s %s %s: %q %v, want %q", tc.slug, tc.lang, tc.id, got, err, tc.want)
		}
	}
	if _, err := tpl.Phrase("lustlokaal", "nl", "push_nothing.body", nil); err == nil {
		t.Error("an unknown text rendered")
	}
}
