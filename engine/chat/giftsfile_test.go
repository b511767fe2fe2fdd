package chat_test

import (
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"

	"rendezvous/engine/chat"
	"rendezvous/engine/tenancy"
)

// TestCheckGiftCatalogue: a tenant file's gifts section is checked gift by
// gift, each problem naming its field; a file without one is fine.
func TestCheckGiftCatalogue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, gifts string
		fields      []string
	}{
		{"none", ``, nil},
		{"fine", `[{id: rose, name: Rose, icon: rose, credits: 25}, {id: heart, name: Heart, icon: heart}]`, nil},
		{"not a list", `{rose: 25}`, []string{"gifts"}},
		{"not a gift", `[rose]`, []string{"gifts[0]"}},
		{"bad id", `[{id: Big Rose, name: Rose, icon: rose}]`, []string{"gifts[0].id"}},
		{"id twice", `[{id: rose, name: Rose, icon: rose}, {id: rose, name: Red rose, icon: rose}]`, []string{"gifts[1].id"}},
		{"no name", `[{id: rose, icon: rose}]`, []string{"gifts[0].name"}},
		{"no icon", `[{id: rose, name: Rose}]`, []string{"gifts[0].icon"}},
		{"emoji icon", `[{id: rose, name: Rose, icon: "🌹"}]`, []string{"gifts[0].icon"}},
		{"unknown icon", `[{id: rose, name: Rose, icon: tulip}]`, []string{"gifts[0].icon"}},
		{"negative credits", `[{id: rose, name: Rose, icon: rose, credits: -5}]`, []string{"gifts[0].credits"}},
		{"fractional credits", `[{id: rose, name: Rose, icon: rose, credits: 2.5}]`, []string{"gifts[0].credits"}},
		{"credits as text", `[{id: rose, name: Rose, icon: rose, credits: "ten"}]`, []string{"gifts[0].credits"}},
		{"unknown field", `[{id: rose, name: Rose, icon: rose, price: 3}]`, []string{"gifts[0].price"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := tenancy.File{Extra: map[string]any{}}
			if c.gifts != "" {
				var v any
				if err := yaml.Unmarshal([]byte(c.gifts), &v); err != nil {
					t.Fatal(err)
				}
				f.Extra["gifts"] = v
			}
			problems := chat.CheckTenantFile(f)
			if len(problems) != len(c.fields) {
				t.Fatalf("problems %+v, want fields %v", problems, c.fields)
			}
			for i, p := range problems {
				if p.Field != c.fields[i] || p.Message == "" {
					t.Errorf("problem %+v, want field %s", p, c.fields[i])
				}
			}
		})
	}
}

// TestGiftIcons: the catalogue answers icon names the app draws; a gift
// stored with an emoji (before icons were names) answers the plain gift, and
// the default catalogue names its icons too.
func TestGiftIcons(t *testing.T) {
	t.Parallel()
	stored := &tenancy.Tenant{RawSettings: []byte(`{"gifts":[{"id":"rose","name":"Rose","icon":"🌹"},{"id":"kiss","name":"Kiss","icon":"kiss"}]}`)}
	stored.Settings.GiftCredits = 10
	got, err := chat.Gifts(stored)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Icon != "gift" || got[1].Icon != "kiss" || got[0].Credits != 10 {
		t.Fatalf("gifts %+v, want rose drawn as gift and kiss as kiss", got)
	}
	defaults, err := chat.Gifts(&tenancy.Tenant{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range defaults {
		if !slices.Contains(chat.GiftIcons, g.Icon) {
			t.Errorf("default gift %s has icon %q, not one of %v", g.ID, g.Icon, chat.GiftIcons)
		}
	}
}

// Settings that do not parse are an error, not an empty catalogue that
// quietly falls back to the defaults.
func TestGiftsOfBrokenSettings(t *testing.T) {
	t.Parallel()
	if got, err := chat.Gifts(&tenancy.Tenant{ID: 7, RawSettings: []byte(`{"gifts":"roses"}`)}); err == nil {
		t.Fatalf("gifts %+v from settings whose gifts are no list", got)
	}
}
