package chat

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"rendezvous/engine/tenancy"
)

// giftID is what a gift's id may be: clients translate names by it.
var giftID = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// maxGifts and maxGiftCredits bound a gift catalogue.
const (
	maxGifts       = 50
	maxGiftCredits = 100000
)

// FreeMessagesBound is what free_messages may be, for the brand editor's
// input: the check below takes the same.
func FreeMessagesBound() tenancy.Bound {
	return tenancy.WholeBound(0, MaxFreeMessages, DefaultFreeMessages)
}

// CheckTenantFile validates the chat's fields of a tenant file (as the
// console saves it or the import reads it): the gifts section and
// free_messages. It answers their problems with the field each names
// ("gifts[1].credits"), or nil when they are fine or absent (the default
// catalogue and DefaultFreeMessages then serve).
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	var problems []tenancy.Problem
	add := func(field, format string, args ...any) {
		problems = append(problems, tenancy.Problem{Field: field, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	if v, ok := f.Extra["free_messages"]; ok && v != nil {
		if n, whole := wholeNumber(v); !whole || n < 0 || n > MaxFreeMessages {
			problems = append(problems, tenancy.Problem{Field: "free_messages", Code: tenancy.ProblemRange,
				Message: fmt.Sprintf("free_messages must be a whole number of free messages from 0 to %d (absent: %d)", MaxFreeMessages, DefaultFreeMessages)})
		}
	}
	section, ok := f.Extra["gifts"]
	if !ok || section == nil {
		return problems
	}
	list, ok := section.([]any)
	if !ok {
		add("gifts", "must be a list of gifts with id, name, icon and credits")
		return problems
	}
	if len(list) > maxGifts {
		add("gifts", "has %d gifts; at most %d", len(list), maxGifts)
	}
	seen := map[string]bool{}
	for i, item := range list {
		at := fmt.Sprintf("gifts[%d]", i)
		g, ok := item.(map[string]any)
		if !ok {
			add(at, "must be a gift with id, name, icon and credits")
			continue
		}
		for key := range g {
			switch key {
			case "id", "name", "icon", "credits":
			default:
				add(at+"."+key, "is not a field of a gift (id, name, icon, credits)")
			}
		}
		id, _ := g["id"].(string)
		switch {
		case !giftID.MatchString(id):
			add(at+".id", "must be 1 to 32 lower-case letters, digits, - or _")
		case seen[id]:
			add(at+".id", "%q is listed twice", id)
		}
		seen[id] = true
		if name, ok := g["name"].(string); !ok || name == "" || utf8.RuneCountInString(name) > 40 {
			add(at+".name", "must be a name of 1 to 40 characters")
		}
		if icon, ok := g["icon"].(string); !ok || !slices.Contains(GiftIcons, icon) {
			add(at+".icon", "must be one of the icon names %s", strings.Join(GiftIcons, ", "))
		}
		if c, present := g["credits"]; present && c != nil {
			n, ok := wholeNumber(c)
			if !ok || n < 0 || n > maxGiftCredits {
				add(at+".credits", "must be a whole number of credits from 0 to %d (0: the brand's gift_credits)", maxGiftCredits)
			}
		}
	}
	return problems
}

// wholeNumber reads a YAML or JSON number that is whole.
func wholeNumber(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case uint64:
		return int64(n), n <= maxGiftCredits
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}
