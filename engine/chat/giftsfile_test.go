package chat_test

import (
	"testing"

	"gopkg.in/yaml.v3"

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
		{"fine", `[{id: rose, name: Rose, icon: "🌹", credits: 25}, {id: heart, name: Heart, icon: "❤️"}]`, nil},
		{"not a list", `{rose: 25}`, []string{"gifts"}},
		{"not a gift", `[rose]`, []string{"gifts[0]"}},
		{"bad id", `[{id: Big Rose, name: Rose, icon: "🌹"}]`, []string{"gifts[0].id"}},
		{"id twice", `[{id: rose, name: Rose, icon: "🌹"}, {id: rose, name: Red rose, icon: "🌹"}]`, []string{"gifts[1].id"}},
		{"no name", `[{id: rose, icon: "🌹"}]`, []string{"gifts[0].name"}},
		{"no icon", `[{id: rose, name: Rose}]`, []string{"gifts[0].icon"}},
		{"negative credits", `[{id: rose, name: Rose, icon: "🌹", credits: -5}]`, []string{"gifts[0].credits"}},
		{"fractional credits", `[{id: rose, name: Rose, icon: "🌹", credits: 2.5}]`, []string{"gifts[0].credits"}},
		{"credits as text", `[{id: rose, name: Rose, icon: "🌹", credits: "ten"}]`, []string{"gifts[0].credits"}},
		{"unknown field", `[{id: rose, name: Rose, icon: "🌹", price: 3}]`, []string{"gifts[0].price"}},
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
