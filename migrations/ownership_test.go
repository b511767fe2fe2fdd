package migrations_test

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rendezvous/migrations"
)

// owners reads owners.txt: table -> package, and "table.column" -> package
// for a column grant.
func owners(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("owners.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			t.Fatalf("owners.txt:%d: want \"table owner\", got %q", n, sc.Text())
		}
		if prev, ok := out[fields[0]]; ok {
			t.Errorf("owners.txt:%d: %s is owned by %s already", n, fields[0], prev)
		}
		out[fields[0]] = fields[1]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	createTable = regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)`)
	dropTable   = regexp.MustCompile(`(?i)\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(\w+)`)
	lineComment = regexp.MustCompile(`--[^\n]*`)
	// Writes: INSERT INTO t, DELETE FROM t, UPDATE t [AS a] SET ..., COPY t,
	// TRUNCATE [TABLE] t. "FOR UPDATE", "FOR NO KEY UPDATE" and "DO UPDATE
	// SET" (an upsert of the INSERT's own table) are no table writes.
	insertInto = regexp.MustCompile(`(?i)\bINSERT\s+INTO\s+(\w+)`)
	deleteFrom = regexp.MustCompile(`(?i)\bDELETE\s+FROM\s+(\w+)`)
	copyInto   = regexp.MustCompile(`(?i)\bCOPY\s+(\w+)`)
	truncate   = regexp.MustCompile(`(?i)\bTRUNCATE\s+(?:TABLE\s+)?(\w+)`)
	update     = regexp.MustCompile(`(?i)\b(FOR\s+|KEY\s+|DO\s+)?UPDATE\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?\s+SET\b`)
	sqlcName   = regexp.MustCompile(`(?m)^--\s*name:\s*(\w+)`)
	param      = regexp.MustCompile(`(?i)sqlc\.n?arg\(\s*'?(\w+)'?\s*\)|@\w+`)
)

// tables are the tables the up migrations create (and do not drop again).
func tables(t *testing.T) []string {
	t.Helper()
	files, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	made := map[string]bool{}
	for _, name := range files {
		b, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		up, _, _ := strings.Cut(string(b), "-- +goose Down")
		up = lineComment.ReplaceAllString(up, "")
		for _, m := range createTable.FindAllStringSubmatch(up, -1) {
			made[strings.ToLower(m[1])] = true
		}
		for _, m := range dropTable.FindAllStringSubmatch(up, -1) {
			delete(made, strings.ToLower(m[1]))
		}
	}
	var out []string
	for name := range made {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// query is one named query of a package's .sql file.
type query struct {
	pkg, file, name, sql string
}

// queries reads every .sql file under engine/, each query named by its
// sqlc name and owned by its package folder (engine/delivery/push is
// "notify/push").
func queries(t *testing.T) []query {
	t.Helper()
	var out []query
	err := filepath.WalkDir("../engine", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../engine", filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		text := string(b)
		locs := sqlcName.FindAllStringSubmatchIndex(text, -1)
		if len(locs) == 0 {
			out = append(out, query{pkg: pkg, file: path, name: "(file)", sql: text})
			return nil
		}
		for i, loc := range locs {
			end := len(text)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			out = append(out, query{pkg: pkg, file: path, name: text[loc[2]:loc[3]], sql: text[loc[1]:end]})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no queries found under engine/")
	}
	return out
}

// write is one table a query writes, with the columns an UPDATE sets.
type write struct {
	table   string
	columns []string // nil: the whole row (INSERT, DELETE, COPY)
}

// writes lists what a query writes.
func writes(sql string) []write {
	sql = lineComment.ReplaceAllString(sql, "")
	var out []write
	for _, re := range []*regexp.Regexp{insertInto, deleteFrom, copyInto, truncate} {
		for _, m := range re.FindAllStringSubmatch(sql, -1) {
			out = append(out, write{table: strings.ToLower(m[1])})
		}
	}
	for _, loc := range update.FindAllStringSubmatchIndex(sql, -1) {
		if loc[2] >= 0 {
			continue // FOR UPDATE, FOR NO KEY UPDATE, DO UPDATE SET
		}
		table := strings.ToLower(sql[loc[4]:loc[5]])
		out = append(out, write{table: table, columns: setColumns(sql[loc[1]:])})
	}
	return out
}

// setColumns reads the columns of an UPDATE's SET list: the text up to the
// first top-level FROM, WHERE or RETURNING (or the end of the statement),
// split at top-level commas, each item's name before "=".
func setColumns(rest string) []string {
	depth, start := 0, 0
	var items []string
	upper := strings.ToUpper(rest)
	atWord := func(i int, w string) bool {
		if !strings.HasPrefix(upper[i:], w) {
			return false
		}
		before := i == 0 || !isWordByte(upper[i-1])
		after := i+len(w) >= len(upper) || !isWordByte(upper[i+len(w)])
		return before && after
	}
	end := len(rest)
loop:
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				end = i // the end of a CTE around the UPDATE
				break loop
			}
			depth--
		case c == ';' && depth == 0:
			end = i
			break loop
		case c == ',' && depth == 0:
			items = append(items, rest[start:i])
			start = i + 1
		case depth == 0 && (atWord(i, "FROM") || atWord(i, "WHERE") || atWord(i, "RETURNING")):
			end = i
			break loop
		}
	}
	items = append(items, rest[start:end])
	var cols []string
	for _, it := range items {
		name, _, _ := strings.Cut(it, "=")
		name = strings.Trim(strings.TrimSpace(name), "()")
		for _, n := range strings.Split(name, ",") {
			if n = strings.ToLower(strings.TrimSpace(n)); n != "" {
				cols = append(cols, n)
			}
		}
	}
	return cols
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// allowed says whether pkg may make w.
func allowed(own map[string]string, pkg string, w write) bool {
	if own[w.table] == pkg {
		return true
	}
	if w.columns == nil {
		return false
	}
	for _, c := range w.columns {
		if own[w.table+"."+c] != pkg {
			return false
		}
	}
	return true
}

// TestEveryTableHasOneOwner: every table of the migrations is listed in
// owners.txt with an engine package that exists, and the list names no
// table that does not exist.
func TestEveryTableHasOneOwner(t *testing.T) {
	own := owners(t)
	have := tables(t)
	for _, table := range have {
		if own[table] == "" {
			t.Errorf("table %s has no owner in migrations/owners.txt", table)
		}
	}
	for entry, pkg := range own {
		table, column, isColumn := strings.Cut(entry, ".")
		if !slices.Contains(have, table) {
			t.Errorf("owners.txt names %s, which no migration creates", entry)
		}
		if isColumn && column == "" {
			t.Errorf("owners.txt: empty column in %s", entry)
		}
		if st, err := os.Stat(filepath.Join("../engine", filepath.FromSlash(pkg))); err != nil || !st.IsDir() {
			t.Errorf("owners.txt: %s is owned by %s, which is no package under engine/", entry, pkg)
		}
	}
}

// TestPackagesWriteOnlyTheirTables: no package's queries insert into,
// update, delete from or copy into a table (or a column) it does not own.
func TestPackagesWriteOnlyTheirTables(t *testing.T) {
	own := owners(t)
	for _, q := range queries(t) {
		for _, w := range writes(q.sql) {
			if allowed(own, q.pkg, w) {
				continue
			}
			what := w.table
			if w.columns != nil {
				what = fmt.Sprintf("%s (%s)", w.table, strings.Join(w.columns, ", "))
			}
			owner := own[w.table]
			if owner == "" {
				owner = "nobody"
			}
			t.Errorf("%s: query %s of %s writes %s, which %s owns", q.file, q.name, q.pkg, what, owner)
		}
	}
}

// TestNoQueryInTwoPackages: the same SQL (comments, spacing, letter case
// and parameter names aside) is written once, by one package; others call
// that package.
func TestNoQueryInTwoPackages(t *testing.T) {
	seen := map[string]query{}
	for _, q := range queries(t) {
		norm := lineComment.ReplaceAllString(q.sql, "")
		norm = param.ReplaceAllString(norm, "?")
		norm = strings.ToLower(strings.Join(strings.Fields(norm), " "))
		if prev, ok := seen[norm]; ok && prev.pkg != q.pkg {
			t.Errorf("query %s of %s is the same as %s of %s", q.name, q.pkg, prev.name, prev.pkg)
			continue
		}
		seen[norm] = q
	}
}

// TestWritesAreFound keeps the reader of writes honest on the forms the
// queries use.
func TestWritesAreFound(t *testing.T) {
	cases := []struct {
		sql  string
		want []write
	}{
		{"INSERT INTO likes (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2", []write{{table: "likes"}}},
		{"DELETE FROM blocks WHERE a = 1", []write{{table: "blocks"}}},
		{"UPDATE members SET credits = credits + @delta WHERE id = @id RETURNING credits", []write{{table: "members", columns: []string{"credits"}}}},
		{"UPDATE photos p SET position = o.ord FROM unnest(@ids::bigint[]) AS o(id, ord) WHERE p.id = o.id", []write{{table: "photos", columns: []string{"position"}}}},
		{"WITH seen AS (UPDATE members SET last_seen_at = now() WHERE id = 1 RETURNING id) SELECT 1", []write{{table: "members", columns: []string{"last_seen_at"}}}},
		{"UPDATE t SET a = coalesce(b, 1), c = array_remove(array_remove(c, 'x'), 'y') WHERE id = 1", []write{{table: "t", columns: []string{"a", "c"}}}},
		{"SELECT id FROM members WHERE id = 1 FOR UPDATE SKIP LOCKED", nil},
		{"SELECT 1 FROM members m JOIN profiles p ON p.id = m.id FOR UPDATE OF m", nil},
		{"SELECT 1 FROM photos FOR NO KEY UPDATE", nil},
		{"-- UPDATE members SET x = 1\nSELECT 1", nil},
	}
	for _, c := range cases {
		got := writes(c.sql)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("writes(%q) = %v, want %v", c.sql, got, c.want)
		}
	}
}
