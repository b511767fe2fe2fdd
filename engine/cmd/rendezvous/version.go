package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/version"
)

// versionCmd prints the build: one line, or its JSON with --json.
func versionCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the build as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	info := version.Get()
	if *asJSON {
		_, err := fmt.Fprintf(stdout, "%s\n", info.JSON())
		return err
	}
	_, err := fmt.Fprintln(stdout, info)
	return err
}

// healthcheck asks the engine listening on --addr (ADDR) for /healthz, so
// an image without a shell or curl can still have a health check.
func healthcheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.Flags(fs)
	timeout := fs.Duration("timeout", 3*time.Second, "how long the answer may take")
	if err := fs.Parse(args); err != nil {
		return err
	}
	url, err := healthURL(cfg.Addr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s", url, res.Status)
	}
	_, err = fmt.Fprintln(stdout, "ok")
	return err
}

// healthURL is the /healthz address of an engine listening on addr; an
// engine listening on every interface is asked on the loopback one.
func healthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("healthcheck: ADDR %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
