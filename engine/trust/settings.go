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

// Bounds are the numbers of the trust section as the check takes them, by
// field ("trust.threshold", "trust.weights.phone"), each with its default:
// the brand editor's inputs offer the same.
func Bounds() map[string]tenancy.Bound {
	d := DefaultSettings()
	b := map[string]tenancy.Bound{
		"trust.threshold":      tenancy.WholeBound(1, maxThreshold, d.Threshold),
		"trust.repeat_members": tenancy.WholeBound(2, maxRepeatMembers, d.RepeatMembers),
		"trust.repeat_minutes": tenancy.WholeBound(1, maxRepeatMinutes, d.RepeatMinutes),
	}
	for _, s := range Signals {
		b["trust.weights."+s] = tenancy.WholeBound(0, maxWeight, d.Weights[s])
	}
	return b
}

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
	add := func(field, code, format string, args ...any) {
		problems = append(problems, tenancy.Problem{Field: field, Code: code, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	m, ok := section.(map[string]any)
	if !ok {
		add("trust", tenancy.ProblemFormat, "must be a section with threshold, weights, repeat_members and repeat_minutes")
		return problems
	}
	bounds := Bounds()
	whole := func(field string, v any) {
		b := bounds[field]
		if n, ok := wholeNumber(v); !ok || float64(n) < b.Min || float64(n) > b.Max {
			add(field, tenancy.ProblemRange, "must be a whole number from %d to %d", int64(b.Min), int64(b.Max))
		}
	}
	for key, v := range m {
		field := "trust." + key
		switch key {
		case "threshold", "repeat_members", "repeat_minutes":
			whole(field, v)
		case "weights":
			weights, ok := v.(map[string]any)
			if !ok {
				add(field, tenancy.ProblemFormat, "must map signals (%s) to weights", strings.Join(Signals, ", "))
				continue
			}
			for signal, w := range weights {
				if !slices.Contains(Signals, signal) {
					add(field+"."+signal, tenancy.ProblemUnsupported, "is no signal; the signals are %s", strings.Join(Signals, ", "))
					continue
				}
				whole(field+"."+signal, w)
			}
		default:
			add(field, tenancy.ProblemUnsupported, "is not a trust setting; they are threshold, weights, repeat_members and repeat_minutes")
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
