package server_test

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"gopkg.in/yaml.v3"

	"rendezvous/engine/server"
	"rendezvous/engine/server/servertest"
)

type openAPIDoc struct {
	Paths map[string]map[string]struct {
		Security []map[string][]string `yaml:"security"`
		Errors   []string              `yaml:"x-errors"`
	} `yaml:"paths"`
}

func loadOpenAPI(t *testing.T) openAPIDoc {
	t.Helper()
	var doc openAPIDoc
	if err := yaml.Unmarshal(server.OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	return doc
}

// documented reports whether a route of the engine belongs in the API
// description: the member API and the mail hooks and mailbox.
func documented(route string) bool {
	for _, prefix := range []string{"/api/", "/hooks/", "/dev/"} {
		if strings.HasPrefix(route, prefix) {
			return true
		}
	}
	return false
}

// TestOpenAPIMatchesRoutes: every route is documented and every documented
// operation exists.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	routes := map[string]bool{}
	err := chi.Walk(env.Handler.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if documented(route) {
			routes[strings.ToLower(method)+" "+route] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]bool{}
	for path, methods := range loadOpenAPI(t).Paths {
		for method := range methods {
			ops[method+" "+path] = true
		}
	}
	var missing, stale []string
	for r := range routes {
		if !ops[r] {
			missing = append(missing, r)
		}
	}
	for op := range ops {
		if !routes[op] {
			stale = append(stale, op)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 {
		t.Errorf("routes missing from openapi.yaml: %v", missing)
	}
	if len(stale) > 0 {
		t.Errorf("openapi.yaml documents routes that do not exist: %v", stale)
	}
	if len(routes) < 40 {
		t.Fatalf("walked only %d routes", len(routes))
	}
}

// TestOpenAPISecurity: calls documented as member-only refuse visitors with
// authentication_required, and public calls never do.
func TestOpenAPISecurity(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	for path, methods := range loadOpenAPI(t).Paths {
		if strings.Contains(path, "{") || !strings.HasPrefix(path, "/api/") {
			continue
		}
		for method, op := range methods {
			req, _ := http.NewRequest(strings.ToUpper(method), env.URL+path, strings.NewReader("{}"))
			req.Host = "localhost"
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Request-Type", "client")
			res := c.Send(req)
			refused := res.Status == http.StatusForbidden && res.ErrorCode() == "authentication_required"
			if member := len(op.Security) > 0; member != refused {
				t.Errorf("%s %s: member-only %v, but a visitor got %d %s", method, path, member, res.Status, res.Body)
			}
			if res.Status >= 500 {
				t.Errorf("%s %s: %d %s", method, path, res.Status, res.Body)
			}
		}
	}
}

// TestOpenAPIErrorCodes: every error code the description names is one the
// engine's code can answer.
func TestOpenAPIErrorCodes(t *testing.T) {
	t.Parallel()
	var source strings.Builder
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		source.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`^[a-z][a-z0-9_]+$`)
	for path, methods := range loadOpenAPI(t).Paths {
		for method, op := range methods {
			for _, e := range op.Errors {
				if !code.MatchString(e) || !strings.Contains(source.String(), `"`+e+`"`) {
					t.Errorf("%s %s: error code %q is not in the engine's code", method, path, e)
				}
			}
		}
	}
}
