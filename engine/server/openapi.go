package server

import (
	_ "embed"
	"net/http"
)

// openAPI documents the member API; openapi_test.go keeps it true to the
// route table.
//
//go:embed openapi.yaml
var openAPI []byte

// OpenAPI is the API description the engine serves and tests check.
func OpenAPI() []byte { return openAPI }

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(openAPI)
}
