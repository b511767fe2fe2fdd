package infopages

import (
	"regexp"
	"strings"
)

// Parse reads the small Markdown of the page files: a first "# " line is
// the title, "## " and "### " lines are headings, "- " lines make a list,
// and other lines make paragraphs (a blank line ends one). Inline,
// **strong** and [text](link) are understood. Nothing else is, so a page
// file cannot inject markup into the app.
func Parse(src string) Page {
	var page Page
	var para []string
	var items [][]Inline
	flush := func() {
		if len(para) > 0 {
			page.Blocks = append(page.Blocks, Block{Type: "p", Text: inline(strings.Join(para, " "))})
			para = nil
		}
		if len(items) > 0 {
			page.Blocks = append(page.Blocks, Block{Type: "ul", Items: items})
			items = nil
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "# "):
			flush()
			if page.Title == "" {
				page.Title = strings.TrimSpace(line[2:])
			} else {
				page.Blocks = append(page.Blocks, Block{Type: "h2", Text: inline(line[2:])})
			}
		case strings.HasPrefix(line, "## "):
			flush()
			page.Blocks = append(page.Blocks, Block{Type: "h2", Text: inline(line[3:])})
		case strings.HasPrefix(line, "### "):
			flush()
			page.Blocks = append(page.Blocks, Block{Type: "h3", Text: inline(line[4:])})
		case strings.HasPrefix(line, "- "):
			if len(para) > 0 {
				page.Blocks = append(page.Blocks, Block{Type: "p", Text: inline(strings.Join(para, " "))})
				para = nil
			}
			items = append(items, inline(line[2:]))
		default:
			if len(items) > 0 {
				// A line right under an item continues it.
				last := items[len(items)-1]
				items[len(items)-1] = append(last, inline(" "+line)...)
				continue
			}
			para = append(para, line)
		}
	}
	flush()
	return page
}

var inlineRE = regexp.MustCompile(`\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)`)

// inline splits text into plain, strong and link runs.
func inline(s string) []Inline {
	var out []Inline
	add := func(in Inline) {
		if in.Text == "" {
			return
		}
		if n := len(out); n > 0 && in.Href == "" && !in.Strong && out[n-1].Href == "" && !out[n-1].Strong {
			out[n-1].Text += in.Text
			return
		}
		out = append(out, in)
	}
	for {
		m := inlineRE.FindStringSubmatchIndex(s)
		if m == nil {
			add(Inline{Text: s})
			return out
		}
		add(Inline{Text: s[:m[0]]})
		if m[2] >= 0 {
			add(Inline{Text: s[m[2]:m[3]], Strong: true})
		} else {
			text, href := s[m[4]:m[5]], s[m[6]:m[7]]
			if safeHref(href) {
				add(Inline{Text: text, Href: href})
			} else {
				add(Inline{Text: text})
			}
		}
		s = s[m[1]:]
	}
}

// safeHref admits the links a page may carry: the site's own paths, web
// addresses, mail and phone.
func safeHref(h string) bool {
	for _, p := range []string{"/", "https://", "http://", "mailto:", "tel:"} {
		if strings.HasPrefix(h, p) && !strings.HasPrefix(h, "//") {
			return true
		}
	}
	return false
}
