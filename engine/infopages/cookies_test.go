package infopages

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCookiesListed scans the engine's code for every cookie it sets
// (every http.Cookie literal, and the session managers'
// Cookie.Name) and fails when one is not in Cookies, which the cookie page
// lists; when Cookies names one the engine no longer sets; and when the
// engine reads (r.Cookie) a cookie it never sets.
func TestCookiesListed(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	consts := map[string]string{} // package dir name + "." + const name -> value
	type use struct {
		pkg  string
		expr ast.Expr
		at   token.Pos
	}
	var uses, reads []use // cookies set, cookies read (r.Cookie)
	root := ".."
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		// The bench and the test servers send cookies as a browser would;
		// they set none.
		if strings.Contains(p, "/cmd/bench/") || strings.Contains(p, "servertest") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		pkg := f.Name.Name
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							consts[pkg+"."+name.Name] = v
						}
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Cookie" && len(n.Args) == 1 {
					reads = append(reads, use{pkg, n.Args[0], n.Pos()})
				}
			case *ast.CompositeLit:
				// An http.Cookie literal is a cookie the engine sets, passed
				// to http.SetCookie where it stands or by a function that
				// builds it (tenancy's locale cookie, kept formatted).
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Cookie" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "http" {
						for _, el := range n.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok {
								if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
									uses = append(uses, use{pkg, kv.Value, kv.Pos()})
								}
							}
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" {
						if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "Cookie" && i < len(n.Rhs) {
							uses = append(uses, use{pkg, n.Rhs[i], n.Pos()})
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	resolve := func(u use) string {
		switch e := u.expr.(type) {
		case *ast.BasicLit:
			name, _ := strconv.Unquote(e.Value)
			return name
		case *ast.Ident:
			return consts[u.pkg+"."+e.Name]
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok {
				return consts[x.Name+"."+e.Sel.Name]
			}
		}
		return ""
	}
	set := map[string]bool{}
	for _, u := range uses {
		name := resolve(u)
		if name == "" {
			t.Errorf("%s: a cookie whose name this test cannot resolve", fset.Position(u.at))
			continue
		}
		set[name] = true
	}
	if len(set) < 3 {
		t.Fatalf("found only %v; the scan is broken", set)
	}
	listed := map[string]bool{}
	for _, c := range Cookies {
		listed[c.Name] = true
		if !set[c.Name] {
			t.Errorf("the cookie page lists %s, which the engine does not set", c.Name)
		}
	}
	for name := range set {
		if !listed[name] {
			t.Errorf("the engine sets cookie %s, which infopages.Cookies (the cookie page) does not list", name)
		}
	}
	// A cookie the engine reads but never sets is dead weight (or a
	// cookie the page would have to explain): only rdv_country, which
	// browser tests set for an engine run with --dev-country-override, is
	// read without being set.
	for _, u := range reads {
		name := resolve(u)
		if name == "" {
			t.Errorf("%s: a cookie read whose name this test cannot resolve", fset.Position(u.at))
			continue
		}
		if !set[name] && name != "rdv_country" {
			t.Errorf("%s: the engine reads cookie %s, which it never sets", fset.Position(u.at), name)
		}
	}
	if len(reads) < 3 {
		t.Fatalf("found only %d cookie reads; the scan is broken", len(reads))
	}
}
