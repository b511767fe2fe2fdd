package looks

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// Look is a brand file's look section as far as this package reads it;
// other keys of the section (the colour overrides) belong to others and
// are kept as they are.
type Look struct {
	// Layout overrides the theme's layout, choice by choice.
	Layout themes.Layout `json:"layout"`
	// Logo and Icon are the brand's own images in the media store
	// (/media/...), "" for the theme's.
	Logo string `json:"logo,omitempty"`
	Icon string `json:"icon,omitempty"`
	// Copy is the home's text per language; a text left out is the
	// niche's default.
	Copy map[string]Copy `json:"copy,omitempty"`
}

// Copy is the home's text in one language.
type Copy struct {
	// Headline is the first screen's heading; Lead the sentence under it.
	Headline string `json:"headline,omitempty"`
	Lead     string `json:"lead,omitempty"`
	// TeasersTitle heads the members' teasers.
	TeasersTitle string `json:"teasers_title,omitempty"`
	// HowTitle heads "how it works", Steps are its steps (up to four).
	HowTitle string `json:"how_title,omitempty"`
	Steps    []Step `json:"steps,omitempty"`
	// CTATitle and CTAText are the closing call to sign up.
	CTATitle string `json:"cta_title,omitempty"`
	CTAText  string `json:"cta_text,omitempty"`
}

// Step is one step of "how it works".
type Step struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// MaxSteps is how many steps "how it works" shows at most.
const MaxSteps = 4

// maxText is the longest text of the copy, in characters: a headline or a
// step is a sentence or two, not a page.
const maxText = 300

// Of reads the look section of a brand's stored settings (or file); a
// brand without one has the zero Look.
func Of(settings json.RawMessage) (Look, error) {
	var doc struct {
		Look *Look `json:"look"`
	}
	if len(settings) == 0 {
		return Look{}, nil
	}
	if err := json.Unmarshal(settings, &doc); err != nil {
		return Look{}, fmt.Errorf("read look: %w", err)
	}
	if doc.Look == nil {
		return Look{}, nil
	}
	return *doc.Look, nil
}

// fileLook reads the look section of a brand file.
func fileLook(f tenancy.File) (Look, error) {
	if len(f.Look.Rest) == 0 {
		return Look{}, nil
	}
	b, err := json.Marshal(f.Look.Rest)
	if err != nil {
		return Look{}, err
	}
	var l Look
	err = json.Unmarshal(b, &l)
	return l, err
}

// CheckTenantFile names what is wrong with a brand file's look: an unknown
// layout variant or section, a logo or icon that is not the brand's media,
// copy in a language the brand does not offer, or too long.
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	l, err := fileLook(f)
	if err != nil {
		return []tenancy.Problem{{Field: "look", Message: "look is not valid: " + shortError(err)}}
	}
	var out []tenancy.Problem
	for _, p := range l.Layout.Problems("look.layout") {
		out = append(out, tenancy.Problem{Field: p.Field, Message: p.Message})
	}
	for _, img := range []struct{ field, value string }{{"look.logo", l.Logo}, {"look.icon", l.Icon}} {
		if img.value != "" && !strings.HasPrefix(img.value, "/media/") {
			out = append(out, tenancy.Problem{Field: img.field, Message: img.field + " must be an image uploaded in the console (/media/...)"})
		}
	}
	langs := make([]string, 0, len(l.Copy))
	for lang := range l.Copy {
		langs = append(langs, lang)
	}
	sort.Strings(langs)
	for _, lang := range langs {
		at := "look.copy." + lang
		if !slices.Contains(f.Locales, lang) {
			out = append(out, tenancy.Problem{Field: at, Message: fmt.Sprintf("%s: %s is not a language of the brand (locales: %v)", at, lang, f.Locales)})
			continue
		}
		c := l.Copy[lang]
		texts := []struct{ field, text string }{{"headline", c.Headline}, {"lead", c.Lead}, {"teasers_title", c.TeasersTitle},
			{"how_title", c.HowTitle}, {"cta_title", c.CTATitle}, {"cta_text", c.CTAText}}
		if len(c.Steps) > MaxSteps {
			out = append(out, tenancy.Problem{Field: at + ".steps", Message: fmt.Sprintf("%s.steps: %d steps, at most %d", at, len(c.Steps), MaxSteps)})
		}
		for i, s := range c.Steps {
			if strings.TrimSpace(s.Title) == "" {
				out = append(out, tenancy.Problem{Field: fmt.Sprintf("%s.steps[%d].title", at, i), Message: fmt.Sprintf("%s.steps[%d].title is required", at, i)})
			}
			texts = append(texts, struct{ field, text string }{fmt.Sprintf("steps[%d].title", i), s.Title}, struct{ field, text string }{fmt.Sprintf("steps[%d].text", i), s.Text})
		}
		for _, tx := range texts {
			if n := utf8.RuneCountInString(tx.text); n > maxText {
				field := at + "." + tx.field
				out = append(out, tenancy.Problem{Field: field, Message: fmt.Sprintf("%s has %d characters, at most %d", field, n, maxText)})
			}
		}
	}
	return out
}

// shortError is the first line of a decoding error, without Go's type
// names where it can.
func shortError(err error) string {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "json: cannot unmarshal ", "")
	msg = strings.ReplaceAll(msg, "Go struct field ", "")
	return msg
}

// Boot is what the member app takes of a brand's look in its boot state:
// the layout over the theme's, the brand's own logo and icon, and the
// home's copy in the page's language (nil: the niche's defaults).
type Boot struct {
	Layout themes.Layout `json:"layout"`
	Logo   string        `json:"logo,omitempty"`
	Icon   string        `json:"icon,omitempty"`
	Copy   *Copy         `json:"copy"`
}

// BootOf is the boot state's look of a brand in the language locale.
func BootOf(t *tenancy.Tenant, locale string) Boot {
	l, err := Of(t.RawSettings)
	if err != nil {
		// A stored look was checked when it was saved; an unreadable one
		// shows the theme's.
		return Boot{}
	}
	b := Boot{Layout: l.Layout, Logo: l.Logo, Icon: l.Icon}
	if c, ok := l.Copy[locale]; ok {
		b.Copy = &c
	}
	return b
}
