package config

import (
	"bufio"
	"flag"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the repository's top folder, seen from this package.
const repoRoot = "../../.."

const (
	readmePath  = "config/README.md"
	examplePath = "config/rendezvous.example.env"
)

// setting is one row of the configuration reference in config/README.md.
type setting struct {
	name     string
	flag     string // "" when the setting has no flag
	fallback string // the default in backticks; "" when there is none
	line     int
}

// TestConfigurationReference holds the configuration table of
// config/README.md to what the engine reads and to the example file:
//   - every variable the engine's code reads (os.Getenv, os.LookupEnv,
//     the env helper) has a row, and every row names one the code reads;
//   - every flag of serve and of the other commands' shared flag sets has
//     a row naming it, and every flag a row names exists;
//   - every row's setting is in config/rendezvous.example.env, commented
//     out (# NAME=...) unless the file sets it to its documented default.
//
// Settings added in parallel branches meet here at merge time, so each
// failure names the setting and the file that lacks it.
func TestConfigurationReference(t *testing.T) {
	t.Parallel()
	rows := readReference(t)
	byName := map[string]setting{}
	for _, s := range rows {
		byName[s.name] = s
	}

	read := variablesTheCodeReads(t)
	for _, name := range slices.Sorted(maps.Keys(read)) {
		if _, ok := byName[name]; !ok {
			t.Errorf("%s: %s reads %s, which the Configuration reference table lacks; add a row | `%s` | flag | default | meaning |",
				readmePath, read[name], name, name)
		}
	}
	for _, s := range rows {
		if _, ok := read[s.name]; !ok {
			t.Errorf("%s:%d: the table lists %s, which no engine code reads (os.Getenv, os.LookupEnv, env); remove the row or read it",
				readmePath, s.line, s.name)
		}
	}

	flags := flagsOfTheCommands()
	documented := map[string]bool{}
	for _, s := range rows {
		if s.flag == "" {
			continue
		}
		documented[s.flag] = true
		if !flags[s.flag] {
			t.Errorf("%s:%d: the table gives %s the flag --%s, which no command registers", readmePath, s.line, s.name, s.flag)
		}
	}
	for _, f := range slices.Sorted(maps.Keys(flags)) {
		if !documented[f] {
			t.Errorf("%s: the flag --%s (engine/platform/config) has no row naming it in the table's flag column", readmePath, f)
		}
	}

	example := readExample(t)
	for _, s := range rows {
		line, ok := example[s.name]
		switch {
		case !ok:
			t.Errorf("%s lacks %s (listed at %s:%d); add it, commented out where optional: # %s=...",
				examplePath, s.name, readmePath, s.line, s.name)
		case !line.commented && line.value != s.fallback:
			t.Errorf("%s:%d sets %s=%s; an optional setting is commented out (# %s=...) unless the line shows its default (%q in %s)",
				examplePath, line.number, s.name, line.value, s.name, s.fallback, readmePath)
		}
	}
}

var (
	// tableRow is a row of the reference: | `NAME` | `--flag` or empty | default | meaning |.
	tableRow = regexp.MustCompile("^\\| `([A-Z][A-Z0-9_]*)` \\| *(?:`--([a-z0-9-]+)`)? *\\| *([^|]*)\\|")
	// firstCode is the first backticked value of a cell.
	firstCode = regexp.MustCompile("^`([^`]*)`")
	// envRead is a read of an environment variable by name in Go code.
	envRead = regexp.MustCompile(`\b(?:Getenv|LookupEnv|env)\(\s*"([A-Z][A-Z0-9_]*)"`)
	// exampleLine is a setting in the example file, commented out or not.
	exampleLine = regexp.MustCompile(`^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$`)
)

// readReference reads the rows of the "## Configuration reference"
// section whose first cell is a variable's name.
func readReference(t *testing.T) []setting {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, readmePath))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []setting
	in := false
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Configuration reference"
			continue
		}
		m := tableRow.FindStringSubmatch(line)
		if !in || m == nil {
			continue
		}
		s := setting{name: m[1], flag: m[2], line: n}
		if d := firstCode.FindStringSubmatch(strings.TrimSpace(m[3])); d != nil {
			s.fallback = d[1]
		}
		rows = append(rows, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows | `NAME` | ... | found under ## Configuration reference", readmePath)
	}
	return rows
}

// variablesTheCodeReads maps each variable the engine's Go code reads by
// name to the first file reading it. Tests, test helper packages (folders
// named *test, withpg) and the bench are not the engine.
func variablesTheCodeReads(t *testing.T) map[string]string {
	t.Helper()
	found := map[string]string{}
	root := filepath.Join(repoRoot, "engine")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if name == "testdata" || strings.HasSuffix(name, "test") || name == "withpg" ||
				filepath.ToSlash(path) == filepath.ToSlash(filepath.Join(root, "cmd", "bench")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, path)
		for _, m := range envRead.FindAllStringSubmatch(string(src), -1) {
			if _, ok := found[m[1]]; !ok {
				found[m[1]] = filepath.ToSlash(rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("found no environment reads under engine/; the check would pass for nothing")
	}
	return found
}

// flagsOfTheCommands are the flags the configuration's flag sets register
// (serve's, and the data and tenants flags of the other commands).
func flagsOfTheCommands() map[string]bool {
	names := map[string]bool{}
	for _, register := range []func(*flag.FlagSet) *Config{Flags, DataFlags, TenantsFlags} {
		fs := flag.NewFlagSet("reference", flag.ContinueOnError)
		register(fs)
		fs.VisitAll(func(f *flag.Flag) { names[f.Name] = true })
	}
	return names
}

type exampleSetting struct {
	commented bool
	value     string
	number    int
}

// readExample reads the settings of config/rendezvous.example.env.
func readExample(t *testing.T) map[string]exampleSetting {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot, examplePath))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]exampleSetting{}
	for i, line := range strings.Split(string(src), "\n") {
		m := exampleLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		if prev, ok := out[m[2]]; ok && !prev.commented {
			continue // a set line wins over a commented one
		}
		out[m[2]] = exampleSetting{commented: m[1] != "", value: m[3], number: i + 1}
	}
	return out
}
