package admin

import (
	_ "embed"
	"net/http"
)

// openAPI documents the console API; console_test.go keeps it true to the
// route table.
//
//go:embed openapi.yaml
var openAPI []byte

// OpenAPI is the console API's description.
func OpenAPI() []byte { return openAPI }

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(openAPI)
}
