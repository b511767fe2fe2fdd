package geo

import "testing"

// Typing the start of a city finds the country's places by any of their
// names, biggest first, with their region, in the page's language.
func TestFindCities(t *testing.T) {
	t.Parallel()
	gent := FindCities("be", "Gen", "nl", 5)
	if len(gent) == 0 || gent[0] != (Place{Country: "BE", Region: "Oost-Vlaanderen", RegionCode: "BE-VOV", City: "Gent"}) {
		t.Fatalf("Gen in Belgium: %+v", gent)
	}
	if en := FindCities("BE", "ghe", "en", 5); len(en) == 0 || en[0].City != "Ghent" || en[0].Region != "East Flanders" {
		t.Errorf("ghe in English: %+v", en)
	}
	if de := FindCities("DE", "koln", "de", 3); len(de) == 0 || de[0].City != "Köln" {
		t.Errorf("koln without the accent: %+v", de)
	}
	if many := FindCities("NL", "A", "nl", 4); len(many) != 4 {
		t.Errorf("A in the Netherlands: %d places, want 4: %+v", len(many), many)
	}
	for _, c := range []struct{ country, prefix string }{{"BE", " "}, {"BE", "zzzq"}, {"XX", "Gen"}, {"NL", "Gent"}} {
		if got := FindCities(c.country, c.prefix, "nl", 5); len(got) != 0 {
			t.Errorf("%s %q: %+v, want none", c.country, c.prefix, got)
		}
	}
}
