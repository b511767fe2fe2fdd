package delivery_test

import (
	"strings"
	"testing"

	"rendezvous/engine/delivery"
	"rendezvous/themes"
	"rendezvous/themes/themestest"
)

// Every theme's mail colours: the button and header band (on-primary on
// primary), the text, the muted footer and the fallback link on the card
// pass WCAG AA (4.5:1), and the rendered mail uses them.
func TestThemedMails(t *testing.T) {
	t.Parallel()
	set := themestest.BuiltIn(t)
	tpl, err := delivery.LoadTemplates(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, theme := range set.Names() {
		t.Run(theme, func(t *testing.T) {
			t.Parallel()
			th, _ := set.Theme(theme)
			c := th.Colors
			want := delivery.Palette{Primary: c["primary"], OnPrimary: c["onPrimary"], Background: c["background"], Surface: c["surface"],
				Text: c["text"], TextMuted: c["textMuted"], Link: c["link"]}
			p := tpl.PaletteOf(theme)
			if p != want {
				t.Fatalf("palette %+v, theme.json %+v", p, want)
			}
			for _, pair := range []struct{ name, fg, bg string }{
				{"button", p.OnPrimary, p.Primary},
				{"text", p.Text, p.Surface},
				{"footer", p.TextMuted, p.Surface},
				{"link", p.Link, p.Surface},
			} {
				if r := themes.Contrast(pair.fg, pair.bg); r < 4.5 {
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
	if r := themes.Contrast(delivery.DefaultPalette.OnPrimary, delivery.DefaultPalette.Primary); r < 4.5 {
		t.Errorf("default button contrast %.2f", r)
	}
}

// Push texts come from the same catalogues as the mails: the member's
// language, the brand's own wording, English where a language has no
// catalogue.
func TestPhrase(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
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
