package trust

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rendezvous/engine/tenancy"
)

// The signals that raise a member's risk score.
const (
	SignalLink       = "link"
	SignalPhone      = "phone"
	SignalEmail      = "email"
	SignalMoney      = "money"
	SignalRepeat     = "repeat"
	SignalPhotoMatch = "photo_match"
)

// Signals lists every signal, in the order the console shows them.
var Signals = []string{SignalLink, SignalPhone, SignalEmail, SignalMoney, SignalRepeat, SignalPhotoMatch}

// Settings are a brand's trust rules, the trust section of its brand file:
// what each signal adds to a member's risk score, the score that puts the
// member in the flagged queue, and what counts as the same text to many
// members.
type Settings struct {
	Threshold int            `json:"threshold"`
	Weights   map[string]int `json:"weights"`
	// RepeatMembers members receiving the same text within RepeatMinutes
	// minutes raise the repeat signal.
	RepeatMembers int `json:"repeat_members"`
	RepeatMinutes int `json:"repeat_minutes"`
}

// DefaultSettings serve a brand whose file has no trust section, and fill
// in what a section leaves out. A photo of another account and the same
// text to ten members within two minutes flag at once; a link alone does
// not (members share links innocently), ten do; contact details and money
// talk weigh more, as scammers move members off the site to ask for money.
func DefaultSettings() Settings {
	return Settings{
		Threshold: 100,
		Weights: map[string]int{SignalLink: 10, SignalPhone: 25, SignalEmail: 25, SignalMoney: 35,
			SignalRepeat: 100, SignalPhotoMatch: 100},
		RepeatMembers: 10,
		RepeatMinutes: 2,
	}
}

// Bounds of the trust section.
const (
	maxThreshold     = 10000
	maxWeight        = 10000
	maxRepeatMembers = 1000
	maxRepeatMinutes = 24 * 60
)

// SettingsOf is tenant t's trust rules: its brand file's trust section over
// DefaultSettings.
func SettingsOf(t *tenancy.Tenant) (Settings, error) {
	s := DefaultSettings()
	if len(t.RawSettings) == 0 {
		return s, nil
	}
	var doc struct {
		Trust *Settings `json:"trust"`
	}
	if err := json.Unmarshal(t.RawSettings, &doc); err != nil {
		return s, fmt.Errorf("trust settings of tenant %d: %w", t.ID, err)
	}
	if doc.Trust == nil {
		return s, nil
	}
	if doc.Trust.Threshold > 0 {
		s.Threshold = doc.Trust.Threshold
	}
	for k, v := range doc.Trust.Weights {
		if slices.Contains(Signals, k) {
			s.Weights[k] = v
		}
	}
	if doc.Trust.RepeatMembers > 0 {
		s.RepeatMembers = doc.Trust.RepeatMembers
	}
	if doc.Trust.RepeatMinutes > 0 {
		s.RepeatMinutes = doc.Trust.RepeatMinutes
	}
	return s, nil
}

// CheckTenantFile validates the trust section of a brand file: threshold,
// weights (each a known signal, 0 turns a signal off), repeat_members and
// repeat_minutes, all whole numbers in their bounds. It answers the
// problems with the field each names, nil when the section is fine or
// absent.
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	section, ok := f.Extra["trust"]
	if !ok || section == nil {
		return nil
	}
	var problems []tenancy.Problem
	add := func(field, format string, args ...any) {
		problems = append(problems, tenancy.Problem{Field: field, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	m, ok := section.(map[string]any)
	if !ok {
		add("trust", "must be a section with threshold, weights, repeat_members and repeat_minutes")
		return problems
	}
	whole := func(field string, v any, lo, hi int64) {
		if n, ok := wholeNumber(v); !ok || n < lo || n > hi {
			add(field, "must be a whole number from %d to %d", lo, hi)
		}
	}
	for key, v := range m {
		field := "trust." + key
		switch key {
		case "threshold":
			whole(field, v, 1, maxThreshold)
		case "repeat_members":
			whole(field, v, 2, maxRepeatMembers)
		case "repeat_minutes":
			whole(field, v, 1, maxRepeatMinutes)
		case "weights":
			weights, ok := v.(map[string]any)
			if !ok {
				add(field, "must map signals (%s) to weights", strings.Join(Signals, ", "))
				continue
			}
			for signal, w := range weights {
				if !slices.Contains(Signals, signal) {
					add(field+"."+signal, "is no signal; the signals are %s", strings.Join(Signals, ", "))
					continue
				}
				whole(field+"."+signal, w, 0, maxWeight)
			}
		default:
			add(field, "is not a trust setting; they are threshold, weights, repeat_members and repeat_minutes")
		}
	}
	slices.SortFunc(problems, func(a, b tenancy.Problem) int { return strings.Compare(a.Field, b.Field) })
	return problems
}

// wholeNumber reads a number of a decoded brand file (YAML gives ints,
// JSON float64s).
func wholeNumber(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case uint64:
		return int64(n), n <= maxWeight
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}
