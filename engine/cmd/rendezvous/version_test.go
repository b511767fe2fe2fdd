package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"rendezvous/engine/platform/version"
)

// `rendezvous version` prints the build on one line, and as JSON.
func TestVersionCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	want := version.Get()
	if got := strings.TrimSpace(out.String()); got != want.String() || !strings.Contains(got, want.Go) {
		t.Errorf("version printed %q, want %q", got, want.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"version", "--json"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	var got version.Info
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got != want {
		t.Errorf("version --json printed %q (%v), want %+v", out.String(), err, want)
	}
}

// `rendezvous healthcheck` succeeds only when /healthz answers 200, and asks
// an engine listening on every interface on the loopback address.
func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	var healthy atomic.Bool
	healthy.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" || !healthy.Load() {
			http.Error(w, "no", http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	port := srv.Listener.Addr().String()[strings.LastIndex(srv.Listener.Addr().String(), ":"):]
	var out bytes.Buffer
	if err := run(context.Background(), []string{"healthcheck", "--addr", "0.0.0.0" + port}, &out, &out); err != nil || out.String() != "ok\n" {
		t.Errorf("healthy engine: %v %q", err, out.String())
	}
	healthy.Store(false)
	if err := run(context.Background(), []string{"healthcheck", "--addr", "127.0.0.1" + port}, &out, &out); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("unhealthy engine: %v, want an error naming 503", err)
	}
	srv.Close()
	if err := run(context.Background(), []string{"healthcheck", "--addr", "127.0.0.1" + port}, &out, &out); err == nil {
		t.Error("no engine: healthcheck succeeded")
	}
}
