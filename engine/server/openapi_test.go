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
	"go.yaml.in/yaml/v3"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
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

// TestBadInputNeverFails sends every documented member call malformed and
// mistyped input, logged in, and wants a 4xx with an error code for each:
// never a 500, never a stack trace.
func TestBadInputNeverFails(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	bodies := []string{
		`not json`,
		`[]`,
		`null`,
		`{"id":"x","profile_id":"abc","conversation":{"id":"y"},"text":123,"gift_id":[],"photo":"p","client_id":{},"email":7,"password":false,"disabled":"all","alert":null,"order":"1,2","action":9,"language":[]}`,
		`{"profile_id":-1,"conversation":-5,"text":"` + strings.Repeat("<b>x</b>' OR 1=1 --", 400) + `"}`,
		`{"unknown_field":true}`,
	}
	sent := 0
	query := "?id=abc&conversation=-1&profile_id=1e99&type=%3Cscript%3E&country=%00&lat=nan&lon=inf&page=-3&per_page=99999&min_age=x&main=2&token=%27"
	for path, methods := range loadOpenAPI(t).Paths {
		if !strings.HasPrefix(path, "/api/") || path == "/api/events" || path == "/api/logout.php" {
			continue
		}
		for method := range methods {
			c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
			for _, body := range bodies {
				req, _ := http.NewRequest(strings.ToUpper(method), env.URL+path+query, strings.NewReader(body))
				req.Host = "localhost"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Request-Type", "client")
				res := c.Send(req)
				sent++
				if res.Status >= 500 || strings.Contains(string(res.Body), "goroutine ") {
					t.Errorf("%s %s %.40q: %d %s", method, path, body, res.Status, res.Body)
				}
				if res.Status >= 400 && res.ErrorCode() == "" && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
					t.Errorf("%s %s %.40q: %d without an error code: %s", method, path, body, res.Status, res.Body)
				}
			}
		}
	}
	if sent < 250 {
		t.Fatalf("only %d requests sent", sent)
	}
}

// The payment methods have one list, billing.Methods: the API's
// PaymentMethod enum names the same methods in the same order (the web app's
// list is held to the enum by its type check).
func TestOpenAPIPaymentMethodsAreBillings(t *testing.T) {
	t.Parallel()
	var doc struct {
		Components struct {
			Schemas struct {
				PaymentMethod struct {
					Enum []string `yaml:"enum"`
				} `yaml:"PaymentMethod"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(server.OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	if got, want := strings.Join(doc.Components.Schemas.PaymentMethod.Enum, ","), strings.Join(billing.Methods, ","); got != want {
		t.Errorf("the PaymentMethod enum is\n%s\nbilling.Methods is\n%s", got, want)
	}
}
