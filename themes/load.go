package themes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Theme is what the engine reads of a theme's theme.json to check it and
// to tell the console its choices.
type Theme struct {
	Name   string            `json:"name"`
	Colors map[string]string `json:"colors"`
	Fonts  map[string]string `json:"fonts"`
	Radii  map[string]string `json:"radii"`
	Type   map[string]string `json:"type"`
	Layout Layout            `json:"layout"`
	Logo   string            `json:"logo"`
	Icon   string            `json:"icon"`
}

// InvalidThemeError lists everything wrong with one theme.
type InvalidThemeError struct {
	Name     string
	Problems []Problem
}

func (e *InvalidThemeError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Message
	}
	return fmt.Sprintf("theme %s: %s", e.Name, strings.Join(msgs, "; "))
}

var themeName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)

// Parse reads and checks the theme.json of the theme folder name: its name,
// its colours against the contrast pairs (ColorPairs), its token groups and
// its layout's variant names. The error is an *InvalidThemeError naming
// every problem.
func Parse(name string, raw []byte) (Theme, error) {
	var th Theme
	if err := json.Unmarshal(raw, &th); err != nil {
		return Theme{}, &InvalidThemeError{Name: name, Problems: []Problem{{Field: "theme.json", Message: "theme.json is not valid JSON: " + err.Error()}}}
	}
	var problems []Problem
	if !themeName.MatchString(name) {
		problems = append(problems, Problem{Field: "name", Message: fmt.Sprintf("folder %q must be lower-case letters, digits, dashes and underscores", name)})
	}
	if th.Name != name {
		problems = append(problems, Problem{Field: "name", Message: fmt.Sprintf("name %q must be the folder's name %q", th.Name, name)})
	}
	for group, tokens := range map[string]map[string]string{"fonts": th.Fonts, "radii": th.Radii, "type": th.Type} {
		if len(tokens) == 0 {
			problems = append(problems, Problem{Field: group, Message: group + " is required"})
		}
	}
	problems = append(problems, ContrastProblems(th.Colors)...)
	problems = append(problems, th.Layout.Problems("layout")...)
	if len(problems) > 0 {
		sort.SliceStable(problems, func(i, j int) bool { return problems[i].Field < problems[j].Field })
		return Theme{}, &InvalidThemeError{Name: name, Problems: problems}
	}
	th.Layout = DefaultLayout.Over(th.Layout)
	return th, nil
}

// Set is the themes an engine serves: the embedded ones, and those of the
// themes directory, which replace an embedded theme of the same name.
type Set struct {
	// FS holds one folder per theme (theme.json, logo.svg, icon.svg), as
	// served under /themes/.
	FS     fs.FS
	themes map[string]Theme
}

// Embedded is the set of the embedded themes only.
func Embedded() (*Set, error) { return Load("") }

// Load reads the embedded themes and, when dir is not "", every folder of
// dir that holds a theme.json; every theme is checked (Parse), and the
// first bad one stops the engine with its problems named.
func Load(dir string) (*Set, error) {
	var own fs.FS
	if dir != "" {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			return nil, fmt.Errorf("themes directory %s: not a directory", dir)
		}
		own = os.DirFS(dir)
	}
	o := overlay{base: FS, own: own, ownNames: map[string]bool{}}
	if own != nil {
		names, err := fs.Glob(own, "*/theme.json")
		if err != nil {
			return nil, fmt.Errorf("list themes of %s: %w", dir, err)
		}
		for _, n := range names {
			o.ownNames[path.Dir(n)] = true
		}
	}
	return Read(o)
}

// Read checks every theme of fsys (one folder per theme, Parse) and is
// their set; the first bad theme is the error.
func Read(fsys fs.FS) (*Set, error) {
	set := &Set{FS: fsys, themes: map[string]Theme{}}
	names, err := fs.Glob(fsys, "*/theme.json")
	if err != nil {
		return nil, fmt.Errorf("list themes: %w", err)
	}
	for _, n := range names {
		raw, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("read theme %s: %w", n, err)
		}
		th, err := Parse(path.Dir(n), raw)
		if err != nil {
			return nil, err
		}
		set.themes[th.Name] = th
	}
	return set, nil
}

// Names are the themes' names in order.
func (s *Set) Names() []string {
	out := make([]string, 0, len(s.themes))
	for n := range s.themes {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Theme is the theme name; ok is false when there is none.
func (s *Set) Theme(name string) (Theme, bool) {
	th, ok := s.themes[name]
	return th, ok
}

// overlay serves the folders of own that hold a theme (ownNames) and every
// other folder from base: a theme of the themes directory replaces the
// embedded one whole, never file by file.
type overlay struct {
	base, own fs.FS
	ownNames  map[string]bool
}

func (o overlay) pick(name string) fs.FS {
	first, _, _ := strings.Cut(name, "/")
	if o.ownNames[first] {
		return o.own
	}
	return o.base
}

func (o overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return o.base.Open(name)
	}
	return o.pick(name).Open(name)
}

// ReadDir lists the top folder as both together, any other from its
// source.
func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return fs.ReadDir(o.pick(name), name)
	}
	entries, err := fs.ReadDir(o.base, ".")
	if err != nil {
		return nil, err
	}
	out := slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return o.ownNames[e.Name()] })
	if o.own != nil {
		own, err := fs.ReadDir(o.own, ".")
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range own {
			if o.ownNames[e.Name()] {
				out = append(out, e)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}
