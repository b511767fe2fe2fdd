package affiliates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// The events a network is told of.
const (
	EventSignup        = "signup"
	EventActivation    = "activation"
	EventFirstPurchase = "first_purchase"
)

// Events are the events in the order a tenant file lists them.
var Events = []string{EventSignup, EventActivation, EventFirstPurchase}

// Placeholders are the names a postback template may use in braces
// ({sub1}); each is replaced by its URL-encoded value (empty when the
// member's source or the event has none).
var Placeholders = []string{"network", "ref", "sub1", "sub2", "sub3", "event", "member_id", "order_id",
	"amount", "amount_minor", "currency"}

// maxTemplate bounds a template; a real postback address is far shorter.
const maxTemplate = 2000

// Section is the postbacks section of a tenant file: per network (the
// network= of its links), per event, the URL template to call.
type Section map[string]map[string]string

// template finds the template of network and event: the network's own
// spelling first, else one differing only in case.
func (s Section) template(network, event string) string {
	if events, ok := s[network]; ok {
		return events[event]
	}
	for name, events := range s {
		if strings.EqualFold(name, network) {
			return events[event]
		}
	}
	return ""
}

// Values fill a template: the member's traffic source and the event.
type Values struct {
	Source   landerpages.Tracking
	Event    string
	MemberID int64
	// OrderID, Amount (minor units) and Currency are the first purchase's.
	OrderID  int64
	Amount   int64
	Currency string
}

func (v Values) lookup(name string) string {
	switch name {
	case "network":
		return v.Source.Network
	case "ref":
		return v.Source.Ref
	case "sub1":
		return v.Source.Sub1
	case "sub2":
		return v.Source.Sub2
	case "sub3":
		return v.Source.Sub3
	case "event":
		return v.Event
	case "member_id":
		return strconv.FormatInt(v.MemberID, 10)
	}
	if v.OrderID == 0 {
		return ""
	}
	switch name {
	case "order_id":
		return strconv.FormatInt(v.OrderID, 10)
	case "amount":
		return formatAmount(v.Amount)
	case "amount_minor":
		return strconv.FormatInt(v.Amount, 10)
	case "currency":
		return v.Currency
	}
	return ""
}

// formatAmount writes minor units as the major amount with two decimals
// (1250 is 12.50), as networks expect a payout.
func formatAmount(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

// Render fills template with v, each value URL-encoded. The template was
// checked (CheckTemplate); an unknown name is an error all the same.
func Render(template string, v Values) (string, error) {
	var b strings.Builder
	rest := template
	for {
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			b.WriteString(rest)
			return b.String(), nil
		}
		if rest[open] == '}' {
			return "", fmt.Errorf("a } without its {")
		}
		b.WriteString(rest[:open])
		end := strings.IndexAny(rest[open+1:], "{}")
		if end < 0 || rest[open+1+end] != '}' {
			return "", fmt.Errorf("a { without its }")
		}
		name := rest[open+1 : open+1+end]
		if !known(name) {
			return "", fmt.Errorf("{%s} is not a placeholder (%s)", name, strings.Join(Placeholders, ", "))
		}
		b.WriteString(url.QueryEscape(v.lookup(name)))
		rest = rest[open+1+end+1:]
	}
}

func known(name string) bool {
	for _, p := range Placeholders {
		if p == name {
			return true
		}
	}
	return false
}

// sampleValues fill a template to see the address it calls.
var sampleValues = Values{Source: landerpages.Tracking{Network: "n", Ref: "r", Sub1: "s", Sub2: "s", Sub3: "s"},
	Event: EventFirstPurchase, MemberID: 1, OrderID: 1, Amount: 100, Currency: "EUR"}

// CheckTemplate reports what is wrong with a postback template: too long,
// braces that do not pair, unknown placeholders, not an absolute http or
// https address, or a placeholder before the path (the host is the
// operator's, never a visitor's).
func CheckTemplate(template string) error {
	if strings.TrimSpace(template) == "" {
		return fmt.Errorf("is empty")
	}
	if len(template) > maxTemplate {
		return fmt.Errorf("is longer than %d characters", maxTemplate)
	}
	sample, err := Render(template, sampleValues)
	if err != nil {
		return err
	}
	if strings.ContainsAny(template, " \t\r\n") {
		return fmt.Errorf("has white space; encode it as %%20")
	}
	u, err := url.Parse(sample)
	if err != nil {
		return fmt.Errorf("is not a URL: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("must start with http:// or https://")
	}
	if u.Host == "" || u.Hostname() == "" {
		return fmt.Errorf("has no host")
	}
	if brace := strings.IndexByte(template, '{'); brace >= 0 {
		afterScheme := strings.Index(template, "://") + 3
		authorityEnd := strings.IndexAny(template[afterScheme:], "/?#")
		if authorityEnd < 0 || brace < afterScheme+authorityEnd {
			return fmt.Errorf("may have placeholders only after the host")
		}
	}
	return nil
}

// ParseSection reads a postbacks section as stored in the tenant's
// settings (JSON; null or absent is none) and checks it.
func ParseSection(raw json.RawMessage) (Section, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s Section
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("postbacks must map each network to its events' URL templates: %w", err)
	}
	if problems := s.check(); len(problems) > 0 {
		return nil, fmt.Errorf("%s", problems[0].Message)
	}
	return s, nil
}

// check lists the section's problems, each naming its field
// ("postbacks.adnet.signup").
func (s Section) check() []tenancy.Problem {
	var problems []tenancy.Problem
	add := func(field, format string, args ...any) {
		problems = append(problems, tenancy.Problem{Field: field, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	networks := make([]string, 0, len(s))
	for n := range s {
		networks = append(networks, n)
	}
	sort.Strings(networks)
	for _, network := range networks {
		at := "postbacks." + network
		if t := (landerpages.Tracking{Network: network}); strings.TrimSpace(network) != network || !t.IsTrafficSource() || !t.Valid() {
			add(at, "is not a network name (1 to 100 printable characters, as in the links' network=)")
			continue
		}
		if len(s[network]) == 0 {
			add(at, "names no event (%s)", strings.Join(Events, ", "))
		}
		events := make([]string, 0, len(s[network]))
		for e := range s[network] {
			events = append(events, e)
		}
		sort.Strings(events)
		for _, event := range events {
			if !isEvent(event) {
				add(at+"."+event, "is not an event (%s)", strings.Join(Events, ", "))
				continue
			}
			if err := CheckTemplate(s[network][event]); err != nil {
				add(at+"."+event, "%v", err)
			}
		}
	}
	return problems
}

func isEvent(e string) bool {
	for _, x := range Events {
		if x == e {
			return true
		}
	}
	return false
}

// CheckTenantFile validates the postbacks section of a tenant file (as the
// console saves it or the import reads it) and answers its problems with
// the field each names ("postbacks.adnet.signup"), or nil when it is fine
// or absent.
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	section, ok := f.Extra["postbacks"]
	if !ok || section == nil {
		return nil
	}
	raw, err := json.Marshal(section)
	if err != nil {
		return []tenancy.Problem{{Field: "postbacks", Message: "postbacks " + err.Error()}}
	}
	var s Section
	if err := json.Unmarshal(raw, &s); err != nil {
		return []tenancy.Problem{{Field: "postbacks", Message: "postbacks must map each network to its events' URL templates " +
			"(postbacks: {adnet: {signup: https://...}})"}}
	}
	return s.check()
}

// ErrAddressForbidden refuses a postback template whose host is, or
// resolves to, an address the engine does not call (outbound.Guard): its
// own machine, a private or link-local network, a metadata service.
var ErrAddressForbidden = refusal.New(refusal.Malformed, "postback_address_forbidden",
	"{field} points to an address postbacks may not call: {problem}.")

// CheckAddresses refuses (ErrAddressForbidden, naming the field) a tenant
// file whose postback templates' hosts guard forbids (nil: the strict
// guard), when the console saves it or the import reads it. The worker
// checks every address again where it connects, so a name that resolves
// elsewhere later gets no further. A section CheckTenantFile refuses is
// left to it.
func CheckAddresses(ctx context.Context, guard *outbound.Guard, f tenancy.File) error {
	raw, err := json.Marshal(f.Extra["postbacks"])
	if err != nil {
		return nil
	}
	var s Section
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	for _, network := range slices.Sorted(maps.Keys(s)) {
		for _, event := range slices.Sorted(maps.Keys(s[network])) {
			target, err := Render(s[network][event], sampleValues)
			if err != nil {
				continue
			}
			u, err := url.Parse(target)
			if err != nil {
				continue
			}
			if err := guard.CheckHost(ctx, u.Hostname()); err != nil {
				if !errors.Is(err, outbound.ErrForbidden) {
					return err
				}
				field := "postbacks." + network + "." + event
				return ErrAddressForbidden.With(map[string]any{"field": field, "problem": err.Error()})
			}
		}
	}
	return nil
}
