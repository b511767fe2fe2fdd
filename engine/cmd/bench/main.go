// Command bench runs the engine's benchmarks against the real binary
// (bin/rendezvous) on a throwaway PostgreSQL cluster and prints one
// `bench <name> <value> <unit>` line per figure. Load generators are bounded
// in time and connections: the machine has two cores.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rendezvous/engine/platform/pgtest"
)

func main() {
	if addr := os.Getenv("RDV_BENCH_BARE"); addr != "" {
		serveBare(addr, os.Getenv("RDV_BENCH_BODY"))
		return
	}
	binary := flag.String("bin", "bin/rendezvous", "engine binary")
	duration := flag.Duration("duration", 5*time.Second, "length of each load run")
	conns := flag.Int("conns", 64, "concurrent connections")
	only := flag.String("only", "", `run one group only: "settings" (with the bare handler), "landers" (with settings.php), "baselines" (pgbench and the profile card fetch), "chat" (with pgbench), "photos", "search" (with the card fetch it is compared with) or "payments" (with the message-send figure it is compared with)`)
	flag.Parse()
	if err := run(*binary, *duration, *conns, *only); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(binary string, duration time.Duration, conns int, only string) error {
	dir, err := os.MkdirTemp("", "rdv-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(os.Stderr, "bench: starting PostgreSQL")
	cluster, err := pgtest.StartCluster(dir, pgtest.Throwaway)
	if err != nil {
		return err
	}
	defer cluster.Stop()

	engineAddr, err := freeAddr()
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "bench: starting the engine on", engineAddr)
	// The demo brands' files (run from the repository, as make bench does),
	// without the demo members.
	engine := exec.Command(binary, "serve", "--addr", engineAddr, "--data", filepath.Join(dir, "data"), "--tenants", "tenants/demo")
	// Mail goes nowhere, as on an install without SMTP. Payments go to the
	// sandbox provider.
	// The benchmark measures capacity, not abuse: its senders write far
	// faster than a person, so the message limit is lifted; the idle-stream
	// bench holds 25 streams per member.
	engine.Env = append(os.Environ(), "DATABASE_URL="+cluster.URL("postgres"), "LOG_LEVEL=error", "MAIL_DISABLED=1",
		"RATE_LIMITS=message=100000000/1m", "LIVE_MAX_STREAMS=25", "PAYMENT_SANDBOX=1")
	engine.Stderr = os.Stderr
	if err := engine.Start(); err != nil {
		return fmt.Errorf("start engine: %w", err)
	}
	defer stopProcess(engine)
	if err := waitHealthy(engineAddr); err != nil {
		return err
	}
	dbURL := cluster.URL("postgres")
	switch only {
	case "photos":
		return photoBenches(engineAddr, dbURL, engine.Process.Pid)
	case "search":
		card, err := cardFetch(engineAddr, dbURL, duration)
		if err != nil {
			return err
		}
		return searchAndFloor(engineAddr, dbURL, duration, card)
	case "payments":
		return paymentsAlone(engineAddr, dbURL, duration)
	case "settings":
		return settingsBench(engineAddr, conns, duration)
	case "landers":
		return landerBenches(engineAddr, dbURL, conns, duration)
	case "baselines":
		if _, err := pgbenchBaselines(cluster, dir, duration); err != nil {
			return err
		}
		_, err := cardFetch(engineAddr, dbURL, duration)
		return err
	case "chat":
		pgb, err := chatBaseline(cluster, duration)
		if err != nil {
			return err
		}
		msgRate, err := chatBenches(engineAddr, dbURL, engine.Process.Pid, duration)
		if err != nil {
			return err
		}
		printSendsVsPgbench(msgRate, pgb)
		return nil
	case "":
	default:
		return fmt.Errorf("-only %q: not a group", only)
	}

	if err := settingsBench(engineAddr, conns, duration); err != nil {
		return err
	}
	if err := landerBenches(engineAddr, dbURL, conns, duration); err != nil {
		return err
	}
	// The database's own limits, on a scratch database before the engine's
	// load fills the cluster.
	pgb, err := pgbenchBaselines(cluster, dir, duration)
	if err != nil {
		return err
	}
	msgRate, err := chatBenches(engineAddr, dbURL, engine.Process.Pid, duration)
	if err != nil {
		return err
	}
	printSendsVsPgbench(msgRate, pgb)
	if err := paymentBenches(engineAddr, dbURL, duration, msgRate); err != nil {
		return err
	}
	if err := photoBenches(engineAddr, dbURL, engine.Process.Pid); err != nil {
		return err
	}
	// The card fetch is timed before the million search profiles go in, so
	// both run on the engine as members find it; its table is then larger,
	// which an index lookup hardly notices.
	card, err := cardFetch(engineAddr, dbURL, duration)
	if err != nil {
		return err
	}
	return searchAndFloor(engineAddr, dbURL, duration, card)
}

// searchAndFloor runs the search benchmark and compares its p95 with the
// profile card fetch's, the floor of any call that reads the database.
func searchAndFloor(addr, dbURL string, d time.Duration, card latency) error {
	search, err := searchBenches(addr, dbURL, d)
	if err != nil {
		return err
	}
	fmt.Printf("bench search_p95_vs_card_p95 %.1f ratio\n", ms(search.p95)/max(ms(card.p95), 0.001))
	return nil
}

// settingsBench measures settings.php against a bare net/http handler
// answering the same body: the cost of the engine's middleware and tenancy
// on its cheapest call.
func settingsBench(engineAddr string, conns int, duration time.Duration) error {
	settingsURL := "http://" + engineAddr + "/api/settings.php?domain=localhost"
	body, err := fetch(settingsURL)
	if err != nil {
		return err
	}
	bareAddr, err := freeAddr()
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	bare := exec.Command(self)
	bare.Env = append(os.Environ(), "RDV_BENCH_BARE="+bareAddr, "RDV_BENCH_BODY="+body)
	if err := bare.Start(); err != nil {
		return fmt.Errorf("start bare server: %w", err)
	}
	defer stopProcess(bare)
	if err := waitHealthy(bareAddr); err != nil {
		return err
	}

	fmt.Fprintf(os.Stderr, "bench: settings.php vs bare net/http, %d connections, %s each\n", conns, duration)
	bareRPS := load("http://"+bareAddr+"/api/settings.php", conns, duration)
	engineRPS := load(settingsURL, conns, duration)
	fmt.Printf("bench settings_rps %.0f req/s\n", engineRPS)
	fmt.Printf("bench bare_nethttp_rps %.0f req/s\n", bareRPS)
	fmt.Printf("bench settings_vs_bare %.3f ratio\n", engineRPS/bareRPS)
	return nil
}

// serveBare is the baseline: a plain net/http handler answering the same
// settings body, with no tenancy, middleware or database.
func serveBare(addr, body string) {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/api/settings.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	})
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	_ = srv.ListenAndServe()
}

// load sends GET requests over conns keep-alive connections for d and
// returns the rate of successful answers.
func load(url string, conns int, d time.Duration) float64 {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	defer tr.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var ok atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < conns; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
				req.Host = "localhost"
				res, err := client.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					ok.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return float64(ok.Load()) / time.Since(start).Seconds()
}

func fetch(url string) (string, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Host = "localhost"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return strings.TrimSpace(string(b)), err
}

func waitHealthy(addr string) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("server at " + addr + " never became healthy")
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func stopProcess(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
	}
}
