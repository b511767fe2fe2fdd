package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/version"
)

// The operations address's /healthz names the build that answers, for an
// operator following a rolling upgrade; the public /healthz says only "ok",
// so the world does not learn which release runs.
func TestHealthTellsOperatorsTheBuild(t *testing.T) {
	t.Parallel()
	e, srv, err := startWith(t, &config.Config{DataDir: t.TempDir(), MailDisabled: true})
	if err != nil {
		t.Fatal(err)
	}
	ops := httptest.NewServer(e.Ops)
	t.Cleanup(ops.Close)
	get := func(url string) (*http.Response, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(body)
	}

	res, body := get(ops.URL + "/healthz")
	var health struct {
		Status string       `json:"status"`
		Build  version.Info `json:"build"`
	}
	if err := json.Unmarshal([]byte(body), &health); err != nil || res.StatusCode != 200 {
		t.Fatalf("operations /healthz: %d %q %v", res.StatusCode, body, err)
	}
	if want := version.Get(); health.Status != "ok" || health.Build != want || !strings.HasPrefix(want.Go, "go1.") {
		t.Errorf("operations /healthz: %+v, want status ok and build %+v", health, want)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("operations /healthz Content-Type %q", ct)
	}

	res, body = get(srv.URL + "/healthz")
	if res.StatusCode != 200 || body != "ok\n" {
		t.Errorf("public /healthz: %d %q, want only ok", res.StatusCode, body)
	}
}
