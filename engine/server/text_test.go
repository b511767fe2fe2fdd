package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server"
	"rendezvous/engine/server/servertest"
)

// TestNULRefused: the named cases of the finding. NUL in the login e-mail
// or in a message's text or client_id was a 500 (PostgreSQL refuses it);
// now it is 422 text_invalid naming the field, and nothing is sent.
func TestNULRefused(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	cases := []struct {
		name, path, body, field string
	}{
		{"login e-mail", "/api/user.php", `{"email":"a\u0000@example.com","password":"secret123"}`, "email"},
		{"message text", "/api/messages.php", `{"profile_id":` + strconv.FormatInt(other.ID, 10) + `,"text":"hi\u0000there","client_id":"c1"}`, "text"},
		{"message client_id", "/api/messages.php", `{"profile_id":` + strconv.FormatInt(other.ID, 10) + `,"text":"hi","client_id":"c\u00001"}`, "client_id"},
		{"invalid UTF-8 text", "/api/messages.php", "{\"profile_id\":" + strconv.FormatInt(other.ID, 10) + ",\"text\":\"hi\xff\",\"client_id\":\"c2\"}", "text"},
	}
	for _, k := range cases {
		res := c.Do("POST", k.path, []byte(k.body))
		res.Want(t, http.StatusUnprocessableEntity, "text_invalid")
		var got struct{ Field string }
		res.JSON(t, &got)
		if got.Field != k.field {
			t.Errorf("%s: field %q, want %q", k.name, got.Field, k.field)
		}
	}
	var n int
	if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM messages").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d messages stored (%v)", n, err)
	}
	// A login e-mail in the query (the client never sends one) is refused
	// the same way, as is every other query parameter.
	c.Do("GET", "/api/members.php?country=N%00L", nil).Want(t, http.StatusUnprocessableEntity, "text_invalid")
	c.Do("GET", "/api/activate.php?token=%ff", nil).Want(t, http.StatusUnprocessableEntity, "text_invalid")
}

type bodySchema struct {
	Ref        string                `yaml:"$ref"`
	Type       any                   `yaml:"type"` // a name, or a list of names
	Properties map[string]bodySchema `yaml:"properties"`
	OneOf      []bodySchema          `yaml:"oneOf"`
	Items      *bodySchema           `yaml:"items"`
}

type operation struct {
	Parameters []struct {
		Name string `yaml:"name"`
		In   string `yaml:"in"`
	} `yaml:"parameters"`
	RequestBody struct {
		Content map[string]struct {
			Schema bodySchema `yaml:"schema"`
		} `yaml:"content"`
	} `yaml:"requestBody"`
}

// text tells whether s may be a string: typed so, or untyped.
func (s bodySchema) text() bool {
	switch t := s.Type.(type) {
	case nil:
		return true
	case string:
		return t == "string"
	case []any:
		for _, name := range t {
			if name == "string" {
				return true
			}
		}
	}
	return false
}

// schemas are the named schemas of openapi.yaml, which bodies and
// properties refer to with $ref.
type schemas map[string]bodySchema

// resolve follows s's $ref, if it has one.
func (all schemas) resolve(s bodySchema) bodySchema {
	for s.Ref != "" {
		s = all[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

// stringFields lists the string properties a JSON body schema names, with
// alternatives of oneOf merged and references followed.
func (all schemas) stringFields(s bodySchema, into map[string]bool) {
	s = all.resolve(s)
	for name, p := range s.Properties {
		if p = all.resolve(p); p.text() {
			into[name] = true
		}
	}
	for _, alt := range s.OneOf {
		all.stringFields(alt, into)
	}
}

// TestInvalidTextFuzz sends every documented JSON call of the API each of
// its string fields, and every query parameter, holding invalid text (NUL
// at the start, middle or end, invalid UTF-8, a lone surrogate), logged in
// as a member: never a 5xx, and where a body is decoded the answer is 422
// text_invalid naming the field. The calls come from openapi.yaml, which
// TestOpenAPIMatchesRoutes keeps equal to the route table.
func TestInvalidTextFuzz(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	var doc struct {
		Paths      map[string]map[string]operation `yaml:"paths"`
		Components struct {
			Schemas schemas `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(server.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	bad := []string{`\u0000`, `x\u0000`, `x\u0000y`, "x\xffy", "\xc3\x28", "\xed\xa0\x80"}
	badQuery := []string{"%00", "x%00y", "%ff", "%C3%28"}
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	bodies, queries := 0, 0
	for _, path := range paths {
		if path == "/api/events" || path == "/api/logout.php" || strings.Contains(path, "{") {
			continue
		}
		for method, op := range doc.Paths[path] {
			method = strings.ToUpper(method)
			c, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 50})
			send := func(target, body string) servertest.Response {
				req, _ := http.NewRequest(method, env.URL+target, strings.NewReader(body))
				req.Host = "localhost"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Request-Type", "client")
				return c.Send(req)
			}
			check := func(what string, res servertest.Response) {
				if res.Status >= 500 || strings.Contains(string(res.Body), "goroutine ") {
					t.Errorf("%s %s %s: %d %s", method, path, what, res.Status, res.Body)
				}
			}
			if js, ok := op.RequestBody.Content["application/json"]; ok {
				fields := map[string]bool{}
				doc.Components.Schemas.stringFields(js.Schema, fields)
				for field := range fields {
					for _, b := range bad {
						what := "field " + field + " " + b
						res := send(path, `{"`+field+`":"`+b+`"}`)
						check(what, res)
						var got struct{ Field string }
						_ = json.Unmarshal(res.Body, &got)
						if res.Status != http.StatusUnprocessableEntity || res.ErrorCode() != "text_invalid" || got.Field != field {
							t.Errorf("%s %s %s: %d %s, want 422 text_invalid %s", method, path, what, res.Status, res.Body, field)
						}
						bodies++
					}
				}
			}
			for _, p := range op.Parameters {
				if p.In != "query" {
					continue
				}
				for _, q := range badQuery {
					res := send(path+"?"+url.QueryEscape(p.Name)+"="+q, "{}")
					check("query "+p.Name+"="+q, res)
					if res.Status != http.StatusUnprocessableEntity || res.ErrorCode() != "text_invalid" {
						t.Errorf("%s %s ?%s=%s: %d %s, want 422 text_invalid", method, path, p.Name, q, res.Status, res.Body)
					}
					queries++
				}
			}
		}
	}
	if bodies < 150 || queries < 40 {
		t.Fatalf("only %d bodies and %d queries sent", bodies, queries)
	}
}
