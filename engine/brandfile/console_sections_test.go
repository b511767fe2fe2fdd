package brandfile_test

import (
	"context"
	"net/http"
	"testing"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// The sections the brand editor shows as forms (minimum message costs,
// fictional texts, free messages, postbacks, trust) are checked field by
// field on save: a bad value is a 422 tenant_invalid naming the field with
// a stable problem code, and the stored brand stays as it was.
func TestEditorSectionsRefuseBadFields(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	stored := func() string {
		t.Helper()
		var doc string
		if err := e.Pool.QueryRow(context.Background(), "SELECT settings::text FROM tenants WHERE slug = 'herzklopfen'").Scan(&doc); err != nil {
			t.Fatal(err)
		}
		return doc
	}
	before := stored()
	fresh := func() tenancy.File {
		var a brandfile.TenantAnswer
		c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &a)
		return a.File
	}
	cost := func(country string, costs float64, currency string) func(f *tenancy.File) {
		return func(f *tenancy.File) {
			f.Settings.MinimumMessageCosts[country] = tenancy.MessageCost{Costs: costs, Currency: currency}
		}
	}
	for _, tc := range []struct {
		name  string
		edit  func(f *tenancy.File)
		field string
		code  string
	}{
		{"cost in a country the brand does not serve", cost("NL", 1.49, "EUR"), "settings.minimum_message_costs.NL", tenancy.ProblemUnsupported},
		{"cost of nothing", cost("DE", 0, "EUR"), "settings.minimum_message_costs.DE.costs", tenancy.ProblemRange},
		{"negative cost", cost("AT", -1, "EUR"), "settings.minimum_message_costs.AT.costs", tenancy.ProblemRange},
		{"cost above the bound", cost("CH", 100.01, "CHF"), "settings.minimum_message_costs.CH.costs", tenancy.ProblemRange},
		{"cost in parts of a cent", cost("DE", 1.495, "EUR"), "settings.minimum_message_costs.DE.costs", tenancy.ProblemRange},
		{"currency not a code", cost("DE", 1.79, "eur"), "settings.minimum_message_costs.DE.currency", tenancy.ProblemFormat},
		{"fictional texts of a language the brand lacks", func(f *tenancy.File) {
			f.Settings.FictionalTexts["fr"] = tenancy.FictionalText{Warning: "w", Singular: "s", Plural: "p"}
		}, "settings.fictional_texts.fr", tenancy.ProblemUnsupported},
		{"fictional texts missing a language", func(f *tenancy.File) { delete(f.Settings.FictionalTexts, "en") }, "settings.fictional_texts.en", tenancy.ProblemRequired},
		{"fictional text empty", func(f *tenancy.File) {
			f.Settings.FictionalTexts["en"] = tenancy.FictionalText{Warning: "w", Singular: "s"}
		}, "settings.fictional_texts.en.plural", tenancy.ProblemRequired},
		{"free messages below 0", func(f *tenancy.File) { f.Extra["free_messages"] = -1 }, "free_messages", tenancy.ProblemRange},
		{"free messages above the bound", func(f *tenancy.File) { f.Extra["free_messages"] = 1001 }, "free_messages", tenancy.ProblemRange},
		{"free messages not whole", func(f *tenancy.File) { f.Extra["free_messages"] = 2.5 }, "free_messages", tenancy.ProblemRange},
		{"trust threshold 0", func(f *tenancy.File) { f.Extra["trust"] = map[string]any{"threshold": 0} }, "trust.threshold", tenancy.ProblemRange},
		{"trust weight above the bound", func(f *tenancy.File) {
			f.Extra["trust"] = map[string]any{"weights": map[string]any{"phone": 10001}}
		}, "trust.weights.phone", tenancy.ProblemRange},
		{"trust unknown signal", func(f *tenancy.File) {
			f.Extra["trust"] = map[string]any{"weights": map[string]any{"fax": 5}}
		}, "trust.weights.fax", tenancy.ProblemUnsupported},
		{"trust repeat members 1", func(f *tenancy.File) { f.Extra["trust"] = map[string]any{"repeat_members": 1} }, "trust.repeat_members", tenancy.ProblemRange},
		{"trust repeat minutes above a day", func(f *tenancy.File) { f.Extra["trust"] = map[string]any{"repeat_minutes": 1441} }, "trust.repeat_minutes", tenancy.ProblemRange},
		{"postback network without events", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{}}
		}, "postbacks.adnet", tenancy.ProblemInvalid},
		{"postback unknown event", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"purchase": "https://pb.example/{sub1}"}}
		}, "postbacks.adnet.purchase", tenancy.ProblemInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fresh()
			tc.edit(&f)
			res := c.Do("PUT", "/admin/api/tenants/herzklopfen/file", f)
			res.Want(t, http.StatusUnprocessableEntity, "tenant_invalid")
			var body struct {
				Field    string
				Problems []tenancy.Problem
			}
			res.JSON(t, &body)
			if body.Field != tc.field || len(body.Problems) != 1 || body.Problems[0].Code != tc.code {
				t.Errorf("field %q problems %+v, want only %s (%s)", body.Field, body.Problems, tc.field, tc.code)
			}
		})
	}
	if after := stored(); after != before {
		t.Fatalf("a refused save changed the brand:\nbefore %s\nafter  %s", before, after)
	}
}

// The editor's forms send the five sections in their shapes; a save keeps
// them as sent, and the answer offers the bounds the check holds them to.
func TestEditorSectionsSaveAndOfferTheirBounds(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &base)
	b := base.Choices.Bounds
	for field, want := range map[string][2]float64{
		"free_messages": {0, 1000}, "settings.minimum_message_costs.costs": {0.01, 100}, "trust.threshold": {1, 10000},
		"trust.weights.photo_match": {0, 10000}, "trust.repeat_members": {2, 1000}, "trust.repeat_minutes": {1, 1440},
	} {
		if got, ok := b[field]; !ok || got.Min != want[0] || got.Max != want[1] {
			t.Errorf("bounds of %s: %+v, want %v", field, got, want)
		}
	}
	if d := b["trust.weights.phone"].Default; d == nil || *d != 25 {
		t.Errorf("trust.weights.phone default %v", d)
	}
	if len(base.Choices.TrustSignals) != 6 || len(base.Choices.PostbackEvents) != 3 {
		t.Errorf("signals %v events %v", base.Choices.TrustSignals, base.Choices.PostbackEvents)
	}

	f := base.File
	f.Settings.MinimumMessageCosts = map[string]tenancy.MessageCost{"AT": {Costs: 2.05, Currency: "EUR"}}
	f.Settings.FictionalTexts["en"] = tenancy.FictionalText{Warning: "Some are staff.", Singular: "Staff profile", Plural: "Staff profiles"}
	f.Extra["free_messages"] = 7
	f.Extra["trust"] = map[string]any{"threshold": 150, "weights": map[string]any{"link": 0}}
	f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"signup": "https://pb.example/s?c={sub1}"}}
	var saved brandfile.TenantAnswer
	c.Do("PUT", "/admin/api/tenants/herzklopfen/file", f).JSON(t, &saved)
	got := saved.File
	if cost := got.Settings.MinimumMessageCosts; len(cost) != 1 || cost["AT"].Costs != 2.05 || cost["AT"].Currency != "EUR" {
		t.Errorf("minimum_message_costs %+v", cost)
	}
	if got.Settings.FictionalTexts["en"].Singular != "Staff profile" || got.Extra["free_messages"] != float64(7) {
		t.Errorf("fictional %+v free %v", got.Settings.FictionalTexts, got.Extra["free_messages"])
	}
	trust, _ := got.Extra["trust"].(map[string]any)
	postbacks, _ := got.Extra["postbacks"].(map[string]any)
	if trust["threshold"] != float64(150) || trust["weights"].(map[string]any)["link"] != float64(0) || postbacks["adnet"] == nil {
		t.Errorf("trust %v postbacks %v", trust, postbacks)
	}
}
