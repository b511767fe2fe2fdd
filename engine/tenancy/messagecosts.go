package tenancy

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// MessageCostBound is what a minimum message cost may be, in the
// currency's major units: a price in cents, more than nothing (a country
// whose messages cost nothing is left out) and at most 100.
func MessageCostBound() Bound { return Bound{Min: 0.01, Max: 100, Step: 0.01} }

var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// CheckMinimumMessageCosts is the brand file's check of
// settings.minimum_message_costs: each country one of the brand's
// countries (a member elsewhere never sees it), its cost within
// MessageCostBound in whole cents, its currency an ISO 4217 code.
func CheckMinimumMessageCosts(f File) []Problem {
	costs := f.Settings.MinimumMessageCosts
	var problems []Problem
	add := func(field, code, format string, args ...any) {
		problems = append(problems, Problem{Field: field, Code: code, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	countries := make([]string, 0, len(costs))
	for c := range costs {
		countries = append(countries, c)
	}
	slices.Sort(countries)
	for _, country := range countries {
		at := "settings.minimum_message_costs." + country
		if !slices.Contains(f.Countries, country) {
			add(at, ProblemUnsupported, "is not a country of the brand (countries: %s)", strings.Join(f.Countries, ", "))
			continue
		}
		c := costs[country]
		b := MessageCostBound()
		if cents := c.Costs * 100; math.IsNaN(c.Costs) || c.Costs < b.Min || c.Costs > b.Max || math.Abs(cents-math.Round(cents)) > 1e-6 {
			add(at+".costs", ProblemRange, "must be an amount from %.2f to %.2f in whole cents", b.Min, b.Max)
		}
		if !currencyPattern.MatchString(c.Currency) {
			add(at+".currency", ProblemFormat, "must be an ISO 4217 currency code such as EUR")
		}
	}
	return problems
}
