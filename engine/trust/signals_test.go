package trust_test

import (
	"slices"
	"testing"

	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
)

// TestSignalsOfAText: each signal is seen in the forms people type it, in
// the brand's languages and in English, and ordinary chat raises none.
func TestSignalsOfAText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text      string
		languages []string
		want      []string
	}{
		{"Hi, how was your day?", []string{"en"}, nil},
		{"I love the 90s, call me around 8 or 9", []string{"en"}, nil},
		{"see my pics on https://example.com/me", []string{"en"}, []string{trust.SignalLink}},
		{"go to www.meet-me-here.net", []string{"nl"}, []string{trust.SignalLink}},
		{"add me on snapchatpics.xyz", []string{"de"}, []string{trust.SignalLink}},
		{"call me +31 6 1234 5678", []string{"nl"}, []string{trust.SignalPhone}},
		{"whatsapp 0612345678", []string{"nl"}, []string{trust.SignalPhone}},
		{"mail me: anna.b@mailbox.org", []string{"en"}, []string{trust.SignalEmail}},
		{"I need money for the ticket", []string{"en"}, []string{trust.SignalMoney}},
		{"buy me an iTunes card please", []string{"en"}, []string{trust.SignalMoney}},
		{"send bitcoin to my wallet", []string{"en"}, []string{trust.SignalMoney}},
		{"Kannst du mir eine Überweisung machen?", []string{"de"}, []string{trust.SignalMoney}},
		{"Kun je me wat geld sturen?", []string{"nl"}, []string{trust.SignalMoney}},
		{"Czy możesz zrobić przelew?", []string{"pl"}, []string{trust.SignalMoney}},
		{"Voisitko lähettää rahaa", []string{"fi"}, []string{trust.SignalMoney}},
		// Another brand's language is not checked.
		{"Kun je het vandaag overmaken?", []string{"de"}, nil},
		{"Kun je het vandaag overmaken?", []string{"da", "nl"}, []string{trust.SignalMoney}},
		{"text me at 0612345678 or bob@x.com, and send money via paypal: www.pay.me",
			[]string{"en"}, []string{trust.SignalLink, trust.SignalPhone, trust.SignalEmail, trust.SignalMoney}},
	} {
		got := trust.Detect(c.text, c.languages)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q (%v): %v, want %v", c.text, c.languages, got, c.want)
		}
	}
}

// TestTrustSectionOfTheBrandFile: the section is validated field by
// field, and a brand's settings are its section over the defaults.
func TestTrustSectionOfTheBrandFile(t *testing.T) {
	t.Parallel()
	file := func(section any) tenancy.File {
		return tenancy.File{Slug: "b", Extra: map[string]any{"trust": section}}
	}
	if p := trust.CheckTenantFile(file(map[string]any{"threshold": 50, "weights": map[string]any{"link": 0, "money": 40},
		"repeat_members": 5, "repeat_minutes": 10})); len(p) != 0 {
		t.Fatalf("a good section: %v", p)
	}
	for _, c := range []struct {
		section any
		field   string
	}{
		{"high", "trust"},
		{map[string]any{"threshold": 0}, "trust.threshold"},
		{map[string]any{"threshold": 2.5}, "trust.threshold"},
		{map[string]any{"weights": map[string]any{"links": 5}}, "trust.weights.links"},
		{map[string]any{"weights": map[string]any{"phone": -1}}, "trust.weights.phone"},
		{map[string]any{"weights": []any{1}}, "trust.weights"},
		{map[string]any{"repeat_members": 1}, "trust.repeat_members"},
		{map[string]any{"repeat_minutes": 100000}, "trust.repeat_minutes"},
		{map[string]any{"treshold": 10}, "trust.treshold"},
	} {
		p := trust.CheckTenantFile(file(c.section))
		if len(p) != 1 || p[0].Field != c.field {
			t.Errorf("%v: %v, want one problem of %s", c.section, p, c.field)
		}
	}
	got, err := trust.SettingsOf(&tenancy.Tenant{RawSettings: []byte(`{"trust": {"threshold": 40, "weights": {"link": 0, "money": 50}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	def := trust.DefaultSettings()
	if got.Threshold != 40 || got.Weights[trust.SignalLink] != 0 || got.Weights[trust.SignalMoney] != 50 ||
		got.Weights[trust.SignalPhone] != def.Weights[trust.SignalPhone] || got.RepeatMembers != def.RepeatMembers {
		t.Fatalf("settings %+v", got)
	}
}
