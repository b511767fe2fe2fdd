package outbound_test

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/platform/outbound"
)

// TestRefusal: the strict guard refuses every address that is not a public
// host, IPv4 inside IPv6 included; the test-only option lets loopback
// through and nothing else.
func TestRefusal(t *testing.T) {
	t.Parallel()
	strict, loopback := outbound.NewGuard(), outbound.NewGuard(outbound.AllowLoopbackForTests())
	var none *outbound.Guard
	cases := []struct {
		addr           string
		strict, onLoop bool // refused by the strict guard, by the loopback one
	}{
		{"127.0.0.1", true, false},
		{"127.8.9.10", true, false},
		{"::1", true, false},
		{"::ffff:127.0.0.1", true, false},
		{"10.1.2.3", true, true},
		{"172.16.0.1", true, true},
		{"192.168.1.1", true, true},
		{"169.254.169.254", true, true},
		{"::ffff:169.254.169.254", true, true},
		{"fd00:ec2::254", true, true},
		{"fe80::1", true, true},
		{"0.0.0.0", true, true},
		{"::", true, true},
		{"0.1.2.3", true, true},
		{"224.0.0.1", true, true},
		{"ff02::1", true, true},
		{"100.100.100.200", true, true},
		{"255.255.255.255", true, true},
		{"64:ff9b::7f00:1", true, true},
		{"2002:7f00:1::", true, true},
		{"93.184.216.34", false, false},
		{"8.8.8.8", false, false},
		{"2606:4700:4700::1111", false, false},
	}
	for _, c := range cases {
		a := netip.MustParseAddr(c.addr)
		if got := strict.Refusal(a) != ""; got != c.strict {
			t.Errorf("strict guard, %s: refused %v, want %v", c.addr, got, c.strict)
		}
		if got := none.Refusal(a) != ""; got != c.strict {
			t.Errorf("nil guard, %s: refused %v, want %v", c.addr, got, c.strict)
		}
		if got := loopback.Refusal(a) != ""; got != c.onLoop {
			t.Errorf("loopback guard, %s: refused %v, want %v", c.addr, got, c.onLoop)
		}
	}
}

// TestCheckHost: a saved address is refused when it is a forbidden
// address, a localhost name or a name that resolves to a forbidden
// address; a public address and a name that does not resolve (yet) pass.
func TestCheckHost(t *testing.T) {
	t.Parallel()
	g := outbound.NewGuard()
	for _, host := range []string{"127.0.0.1", "[::1]", "localhost", "LOCALHOST.", "ops.localhost", "10.0.0.1",
		"169.254.169.254", "0.0.0.0", "[::ffff:10.0.0.1]"} {
		err := g.CheckHost(context.Background(), host)
		if !errors.Is(err, outbound.ErrForbidden) {
			t.Errorf("%s: %v, want refused", host, err)
		}
	}
	for _, host := range []string{"93.184.216.34", "[2606:4700:4700::1111]", "network.invalid"} {
		if err := g.CheckHost(context.Background(), host); err != nil {
			t.Errorf("%s: %v", host, err)
		}
	}
	if err := outbound.NewGuard(outbound.AllowLoopbackForTests()).CheckHost(context.Background(), "127.0.0.1"); err != nil {
		t.Errorf("the loopback guard refused 127.0.0.1: %v", err)
	}
}

// TestClientChecksWhereItConnects: the strict client reaches no local
// server, neither by its address, nor by a name that resolves to it, nor
// through a redirect from an allowed one; it follows no more redirects
// than asked, and none when asked for none (a 307 is the answer).
func TestClientChecksWhereItConnects(t *testing.T) {
	t.Parallel()
	reached := make(chan string, 10)
	var port string
	local := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached <- r.URL.Path
		switch r.URL.Path {
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/to-self":
			http.Redirect(w, r, "http://localhost:"+port+"/", http.StatusTemporaryRedirect)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		default:
			_, _ = w.Write([]byte("inside"))
		}
	}))
	t.Cleanup(local.Close)
	port = strings.TrimPrefix(local.URL, "http://127.0.0.1:")
	get := func(c *http.Client, target string) (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		res, err := c.Do(req)
		if err == nil {
			res.Body.Close()
		}
		return res, err
	}

	strict := outbound.NewGuard().Client(outbound.ClientOptions{Timeout: 5 * time.Second, MaxRedirects: 3})
	for _, target := range []string{local.URL + "/", "http://localhost:" + port + "/", "http://[::ffff:127.0.0.1]:" + port + "/"} {
		if _, err := get(strict, target); !errors.Is(err, outbound.ErrForbidden) {
			t.Errorf("strict client, %s: %v, want refused", target, err)
		}
	}
	select {
	case p := <-reached:
		t.Fatalf("the strict client reached the local server (%s)", p)
	default:
	}

	// The tests' guard reaches loopback, but still not the metadata
	// service a redirect names.
	tests := outbound.NewGuard(outbound.AllowLoopbackForTests())
	follows := tests.Client(outbound.ClientOptions{Timeout: 5 * time.Second, MaxRedirects: 3})
	if res, err := get(follows, local.URL+"/"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("loopback guard: %v", err)
	}
	if _, err := get(follows, local.URL+"/to-metadata"); !errors.Is(err, outbound.ErrForbidden) {
		t.Errorf("redirect to the metadata service: %v, want refused", err)
	}
	var tooMany *url.Error
	if _, err := get(follows, local.URL+"/loop"); !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "redirects") {
		t.Errorf("endless redirects: %v", err)
	}
	none := tests.Client(outbound.ClientOptions{Timeout: 5 * time.Second})
	if res, err := get(none, local.URL+"/to-self"); err != nil || res.StatusCode != http.StatusTemporaryRedirect {
		t.Errorf("a client without redirects followed one: %v", err)
	}
	if tr, ok := strict.Transport.(*http.Transport); !ok || tr.Proxy != nil {
		t.Errorf("the client's transport %T takes a proxy from the environment", strict.Transport)
	}
}

// TestLoopbackOnlyInTests: the option that lets loopback through appears
// in no Go file of the engine but test files and the test engine's
// builder (servertest), which only test files import, so the running
// engine never has it.
func TestLoopbackOnlyInTests(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..") // engine/
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(raw), "AllowLoopbackForTests()") {
			found = append(found, filepath.ToSlash(path))
		}
		if strings.Contains(string(raw), `"rendezvous/engine/server/servertest"`) {
			t.Errorf("%s, not a test, imports the test engine", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		if f != "../../server/servertest/servertest.go" && f != "../../platform/outbound/outbound.go" {
			t.Errorf("%s allows loopback calls outside tests", f)
		}
	}
}
