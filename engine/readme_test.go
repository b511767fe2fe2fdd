package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// expandedAreas are the folders whose children are the packages the
// README lists one by one (platform/config, cmd/bench, ...).
var expandedAreas = map[string]bool{"platform": true, "cmd": true}

// TestReadmeListsEveryPackage holds the package table of README.md's
// Architecture section to the folders: every top-level area and every
// platform/* and cmd/* package must have a row, and every row must name a
// folder that holds Go code, so a new package cannot go undescribed and a
// removed one cannot linger.
func TestReadmeListsEveryPackage(t *testing.T) {
	t.Parallel()
	listed := readmePackages(t, "README.md")
	if len(listed) == 0 {
		t.Fatal("README.md: no package rows (| `name` | ... |) found in the Architecture section")
	}
	want := map[string]bool{}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || !holdsGo(t, e.Name(), true) {
			continue
		}
		if !expandedAreas[e.Name()] {
			want[e.Name()] = true
			continue
		}
		children, err := os.ReadDir(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range children {
			dir := e.Name() + "/" + c.Name()
			if c.IsDir() && holdsGo(t, dir, true) {
				want[dir] = true
			}
		}
	}
	var missing, stale []string
	for name := range want {
		if !listed[name] {
			missing = append(missing, name)
		}
	}
	for name := range listed {
		if !holdsGo(t, name, false) {
			stale = append(stale, name)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	for _, name := range missing {
		t.Errorf("engine/README.md, Architecture: package engine/%s has no row; add | `%s` | what it owns |", name, name)
	}
	for _, name := range stale {
		t.Errorf("engine/README.md, Architecture: row `%s` names no folder of Go code under engine/; remove or rename it", name)
	}
}

// packageRow is a table row whose first cell names a package.
var packageRow = regexp.MustCompile("^\\| `([a-z0-9_/]+)` \\|")

// readmePackages reads the package names of the Architecture section's
// table: from "## Architecture" to the next "## " heading.
func readmePackages(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := map[string]bool{}
	in := false
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Architecture"
			continue
		}
		if m := packageRow.FindStringSubmatch(line); in && m != nil {
			names[m[1]] = true
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}

// holdsGo says whether dir holds a non-test Go file, in itself or (deep)
// in any folder below it; testdata folders do not count.
func holdsGo(t *testing.T, dir string, deep bool) bool {
	t.Helper()
	found := false
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (!deep || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return found
}
