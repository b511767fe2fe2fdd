package demo

import (
	"math/rand/v2"
	"strings"
	"time"

	"rendezvous/engine/geo"
	"rendezvous/engine/profiles"
)

// person is one made-up member before it is written.
type person struct {
	name, gender, seeking, sexuality string
	born                             time.Time
	country, region, city            string
	interests                        []int16
	hair, eyes, body, relationship   string
	tattoos, about                   string
	isHouse, invisible               bool
	accountKind                      string
	lastActive                       time.Time
	photos                           int
}

// firstNames by language and gender; countries without a list use English.
var firstNames = map[string]map[string][]string{
	"nl": {
		"female": {"Sanne", "Lotte", "Eva", "Fleur", "Noor", "Anouk", "Femke", "Iris", "Lieke", "Marloes", "Esther", "Ingrid", "Petra", "Yvonne", "Mirjam", "Kim", "Sophie", "Julia"},
		"male":   {"Daan", "Bram", "Thijs", "Ruben", "Jeroen", "Sander", "Bas", "Martijn", "Niels", "Pieter", "Wouter", "Koen", "Joost", "Rick"},
	},
	"de": {
		"female": {"Anna", "Lena", "Julia", "Katrin", "Sabine", "Nicole", "Claudia", "Steffi", "Miriam", "Sandra", "Birgit", "Petra", "Jana", "Lea", "Marie", "Heike"},
		"male":   {"Lukas", "Jonas", "Felix", "Markus", "Stefan", "Thomas", "Tobias", "Florian", "Matthias", "Sebastian", "Andreas", "Jan", "Uwe", "Kai"},
	},
	"en": {
		"female": {"Emily", "Jessica", "Ashley", "Sarah", "Amanda", "Jennifer", "Melissa", "Heather", "Nicole", "Amber", "Rachel", "Megan", "Lisa", "Karen", "Donna", "Tiffany"},
		"male":   {"Michael", "Chris", "Matt", "Josh", "David", "James", "Ryan", "Tyler", "Brandon", "Kevin", "Jason", "Eric", "Mark", "Steve"},
	},
}

var lastInitials = "ABCDEFGHJKLMNPRSTVWZ"

// aboutLines by language: a few openers and closers combined at random.
var aboutLines = map[string][2][]string{
	"nl": {{"Spontaan en altijd in voor iets nieuws.", "Op zoek naar iemand om mee te lachen.", "Houd van lange wandelingen en goede wijn.", "Niet te serieus, wel eerlijk.", "Even weg uit de sleur."},
		{"Stuur me gerust een bericht!", "Wie durft?", "Liefst iemand uit de buurt.", "Eerst chatten, dan zien we wel.", "Geen spelletjes alsjeblieft."}},
	"de": {{"Spontan und neugierig auf Neues.", "Ich lache gern und viel.", "Liebe gutes Essen und schöne Abende.", "Ehrlich, offen und direkt.", "Lust auf ein kleines Abenteuer."},
		{"Schreib mir einfach!", "Wer traut sich?", "Am liebsten jemand aus der Nähe.", "Erst chatten, dann sehen wir weiter.", "Keine Spielchen bitte."}},
	"en": {{"Spontaneous and always up for something new.", "Looking for someone to laugh with.", "Love good food and long evenings.", "Honest, open and straightforward.", "Ready for a little adventure."},
		{"Just send me a message!", "Who dares?", "Preferably someone nearby.", "Let's chat first and see.", "No games please."}},
}

// nicheShape says who a niche's pool is made of.
type nicheShape struct {
	femaleShare      float64
	minAge, maxAge   int
	bodies           []string
	allMale, gayOnly bool
}

func shapeOf(niche int) nicheShape {
	all := profiles.Options["body_type"]
	switch niche {
	case 2: // she
		return nicheShape{femaleShare: 0.85, minAge: 19, maxAge: 45, bodies: all}
	case 3: // bdsm
		return nicheShape{femaleShare: 0.7, minAge: 21, maxAge: 55, bodies: all}
	case 4: // bbw
		return nicheShape{femaleShare: 0.85, minAge: 21, maxAge: 60, bodies: []string{"curvy", "full_figured"}}
	case 5: // gilf
		return nicheShape{femaleShare: 0.85, minAge: 58, maxAge: 76, bodies: all}
	case 6: // milf
		return nicheShape{femaleShare: 0.85, minAge: 35, maxAge: 59, bodies: all}
	case 7: // gay
		return nicheShape{femaleShare: 0, minAge: 19, maxAge: 60, bodies: all, allMale: true, gayOnly: true}
	}
	return nicheShape{femaleShare: 0.7, minAge: 19, maxAge: 55, bodies: all}
}

// places caches each country's biggest cities.
type places map[string][]geo.Place

func (p places) of(country string) []geo.Place {
	if _, ok := p[country]; !ok {
		p[country] = geo.Cities(country, 40)
	}
	return p[country]
}

func pick[T any](rng *rand.Rand, list []T) T { return list[rng.IntN(len(list))] }

// newPerson makes up a member of a pool with the tenant's countries,
// language and niche.
func newPerson(rng *rand.Rand, now time.Time, countries []string, lang string, niche int, where places) person {
	shape := shapeOf(niche)
	gender := "male"
	if rng.Float64() < shape.femaleShare {
		gender = "female"
	}
	p := person{gender: gender, seeking: "male", sexuality: "hetero"}
	if gender == "male" {
		p.seeking = "female"
	}
	switch {
	case shape.gayOnly:
		p.seeking, p.sexuality = "male", "gay"
	case rng.Float64() < 0.1:
		p.seeking, p.sexuality = "both", "bi"
	}
	names := firstNames[lang]
	if names == nil {
		names = firstNames["en"]
	}
	p.name = pick(rng, names[gender])
	if rng.Float64() < 0.4 {
		p.name += " " + string(lastInitials[rng.IntN(len(lastInitials))]) + "."
	}
	age := shape.minAge + rng.IntN(shape.maxAge-shape.minAge+1)
	p.born = now.AddDate(-age, 0, -rng.IntN(365))
	// Most members live in the tenant's first country.
	p.country = countries[0]
	if len(countries) > 1 && rng.Float64() < 0.3 {
		p.country = countries[1+rng.IntN(len(countries)-1)]
	}
	if list := where.of(p.country); len(list) > 0 {
		// Favour big cities, as real member bases do.
		pl := list[min(len(list)-1, int(float64(len(list))*rng.Float64()*rng.Float64()))]
		p.region, p.city = pl.RegionCode, pl.City
	}
	n := 2 + rng.IntN(5)
	for len(p.interests) < n {
		id := int16(1 + rng.IntN(20))
		if !containsInt(p.interests, id) {
			p.interests = append(p.interests, id)
		}
	}
	p.hair = pick(rng, profiles.Options["hair_color"][:6])
	p.eyes = pick(rng, profiles.Options["eye_color"][:5])
	p.body = pick(rng, shape.bodies)
	p.relationship = pick(rng, profiles.Options["relationship_status"])
	p.tattoos = pick(rng, profiles.Options["tattoos"])
	lines := aboutLines[lang]
	if len(lines[0]) == 0 {
		lines = aboutLines["en"]
	}
	p.about = strings.Join([]string{pick(rng, lines[0]), pick(rng, lines[1])}, " ")
	p.isHouse = rng.Float64() < 0.4
	p.invisible = rng.Float64() < 0.03
	// A few are online now, most were this week.
	if rng.Float64() < 0.15 {
		p.lastActive = now.Add(-time.Duration(rng.IntN(240)) * time.Second)
	} else {
		p.lastActive = now.Add(-time.Duration(rng.IntN(7*24*60)) * time.Minute)
	}
	// Some have no photo at all, most one to four.
	if rng.Float64() >= 0.08 {
		p.photos = 1 + rng.IntN(4)
	}
	return p
}

func containsInt(list []int16, v int16) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
