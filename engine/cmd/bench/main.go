package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	only := flag.String("only", "", `run one group only: "settings" (with the bare handler), "landers" (with settings.php), "baselines" (pgbench and the profile card fetch), "chat" (with pgbench and settings.php), "photos", "search" (with the card fetch it is compared with), "payments" (with the message-send figure it is compared with), "trust" (the same-photo lookup over a million photo hashes) or "scaleout" (messages and live delivery through two engine instances)`)
	statements := flag.Bool("statements", false, "load pg_stat_statements and list the statements of the message sends and of the distance searches with their costs (the figures then include its bookkeeping)")
	profile := flag.String("profile", "", "write CPU profiles of the engine while the message sends and the distance searches run to FILE.1, FILE.2... (go tool pprof)")
	flag.Parse()
	if err := run(*binary, *duration, *conns, *only, *profile, *statements); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(binary string, duration time.Duration, conns int, only, profile string, statements bool) error {
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
	// The cluster running when the bench ends (statementsSetup restarts it).
	defer func() { _ = cluster.Stop() }()
	if statements {
		if cluster, err = statementsSetup(dir, cluster); err != nil {
			return fmt.Errorf("pg_stat_statements: %w", err)
		}
	}

	engineAddr, err := freeAddr()
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "bench: starting the engine on", engineAddr)
	engine := engineCommand(binary, engineAddr, filepath.Join(dir, "data"), cluster.URL("postgres"))
	var prof *profiler
	if profile != "" {
		// The profiles come from the operations address, served only
		// when asked for.
		opsAddr, err := freeAddr()
		if err != nil {
			return err
		}
		engine.Args = append(engine.Args, "--ops-addr", opsAddr)
		prof = &profiler{opsAddr: opsAddr, path: profile}
	}
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
		return searchAndFloor(engineAddr, dbURL, duration, card, prof, statements)
	case "payments":
		return paymentsAlone(engineAddr, dbURL, duration)
	case "scaleout":
		return scaleoutBenches(binary, dir, engineAddr, dbURL, duration, 0)
	case "settings":
		_, err := settingsBench(engineAddr, engine.Process.Pid, conns, duration)
		return err
	case "landers":
		return landerBenches(engineAddr, dbURL, conns, duration)
	case "baselines":
		if err := pgbenchBaselines(cluster, duration); err != nil {
			return err
		}
		_, err := cardFetch(engineAddr, dbURL, duration)
		return err
	case "chat":
		// The engine's CPU per send is compared with settings.php's, timed
		// first.
		settingsCPU, err := settingsBench(engineAddr, engine.Process.Pid, conns, duration)
		if err != nil {
			return err
		}
		_, err = chatBenches(cluster, engineAddr, dbURL, engine.Process.Pid, duration, settingsCPU, prof, statements)
		return err
	case "trust":
		return trustBenches(dbURL)
	case "":
	default:
		return fmt.Errorf("-only %q: not a group", only)
	}

	settingsCPU, err := settingsBench(engineAddr, engine.Process.Pid, conns, duration)
	if err != nil {
		return err
	}
	if err := landerBenches(engineAddr, dbURL, conns, duration); err != nil {
		return err
	}
	// The database's own limits, on a scratch database before the engine's
	// load fills the cluster.
	if err := pgbenchBaselines(cluster, duration); err != nil {
		return err
	}
	msgRate, err := chatBenches(cluster, engineAddr, dbURL, engine.Process.Pid, duration, settingsCPU, prof, statements)
	if err != nil {
		return err
	}
	if err := scaleoutBenches(binary, dir, engineAddr, dbURL, duration, msgRate); err != nil {
		return err
	}
	if err := paymentBenches(engineAddr, dbURL, duration, msgRate); err != nil {
		return err
	}
	if err := photoBenches(engineAddr, dbURL, engine.Process.Pid); err != nil {
		return err
	}
	if err := trustBenches(dbURL); err != nil {
		return err
	}
	// The card fetch is timed before the million search profiles go in, so
	// both run on the engine as members find it; its table is then larger,
	// which an index lookup hardly notices.
	card, err := cardFetch(engineAddr, dbURL, duration)
	if err != nil {
		return err
	}
	return searchAndFloor(engineAddr, dbURL, duration, card, prof, statements)
}

// engineCommand is an engine process serving the demo brands' files (run
// from the repository, as make bench does), without the demo members, on
// the database at dbURL; the two-instance benchmark starts a second one on
// the same database.
func engineCommand(binary, addr, dataDir, dbURL string) *exec.Cmd {
	engine := exec.Command(binary, "serve", "--addr", addr, "--data", dataDir, "--tenants", "tenants/demo")
	// Mail goes nowhere, as on an install without SMTP. Payments go to the
	// sandbox provider.
	// The benchmark measures capacity, not abuse: its senders write far
	// faster than a person, so the message limit is lifted; the idle-stream
	// bench holds 25 streams per member.
	engine.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "LOG_LEVEL=error", "MAIL_DISABLED=1",
		"RATE_LIMITS=message=100000000/1m", "LIVE_MAX_STREAMS=25", "PAYMENT_SANDBOX=1")
	engine.Stderr = os.Stderr
	return engine
}

// searchAndFloor runs the search benchmark and compares its p95 with the
// profile card fetch's, the floor of any call that reads the database;
// with prof, it profiles the engine during the distance searches, and
// with statements, it lists their statements.
func searchAndFloor(addr, dbURL string, d time.Duration, card latency, prof *profiler, statements bool) error {
	search, cookie, err := searchBenches(addr, dbURL, d)
	if err != nil {
		return err
	}
	fmt.Printf("bench search_p95_vs_card_p95 %.1f ratio\n", ms(search.p95)/max(ms(card.p95), 0.001))
	// Distance search over the same profiles, for half as long.
	return distanceBench(addr, dbURL, cookie, d/2, card, prof, statements)
}

// settingsBench measures settings.php against a bare net/http handler
// answering the same body: the cost of the engine's middleware and tenancy
// on its cheapest call. It returns the engine's CPU per settings.php answer
// (us), which the message sends are compared with.
func settingsBench(engineAddr string, enginePID, conns int, duration time.Duration) (float64, error) {
	settingsURL := "http://" + engineAddr + "/api/settings.php?domain=localhost"
	body, err := fetch(settingsURL)
	if err != nil {
		return 0, err
	}
	bareAddr, err := freeAddr()
	if err != nil {
		return 0, err
	}
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	bare := exec.Command(self)
	bare.Env = append(os.Environ(), "RDV_BENCH_BARE="+bareAddr, "RDV_BENCH_BODY="+body)
	if err := bare.Start(); err != nil {
		return 0, fmt.Errorf("start bare server: %w", err)
	}
	defer stopProcess(bare)
	if err := waitHealthy(bareAddr); err != nil {
		return 0, err
	}

	fmt.Fprintf(os.Stderr, "bench: settings.php vs bare net/http, %d connections, %s each\n", conns, duration)
	// In turns of a tenth of the time each, so that what else the machine
	// does at the moment weighs on both alike.
	bareClient, engineClient := loadClient(conns), loadClient(conns)
	defer bareClient.CloseIdleConnections()
	defer engineClient.CloseIdleConnections()
	// Each server's CPU time per answer is measured too: on a shared
	// machine the rates follow the neighbours, the CPU a request costs
	// much less.
	bareRun := &served{pid: bare.Process.Pid}
	engineRun := &served{pid: enginePID}
	turn := duration / 10
	for i := range 10 {
		runs := []func() error{
			func() error { return bareRun.add(bareClient, "http://"+bareAddr+"/api/settings.php", conns, turn) },
			func() error { return engineRun.add(engineClient, settingsURL, conns, turn) },
		}
		if i%2 == 1 {
			runs[0], runs[1] = runs[1], runs[0]
		}
		for _, run := range runs {
			if err := run(); err != nil {
				return 0, err
			}
		}
	}
	bareRPS, engineRPS := bareRun.rate(), engineRun.rate()
	fmt.Printf("bench settings_rps %.0f req/s\n", engineRPS)
	fmt.Printf("bench bare_nethttp_rps %.0f req/s\n", bareRPS)
	fmt.Printf("bench settings_vs_bare %.3f ratio\n", engineRPS/bareRPS)
	fmt.Printf("bench settings_cpu_per_req %.1f us\n", engineRun.cpuPerAnswer())
	fmt.Printf("bench bare_nethttp_cpu_per_req %.1f us\n", bareRun.cpuPerAnswer())
	// As a rate: the answers per CPU second, the engine's to the bare
	// handler's (the same target, >= 0.8).
	fmt.Printf("bench settings_cpu_vs_bare %.3f ratio\n", bareRun.cpuPerAnswer()/engineRun.cpuPerAnswer())
	return engineRun.cpuPerAnswer(), nil
}

// served adds up one server's answers, wall time and CPU time over turns
// of load.
type served struct {
	pid     int
	answers float64
	wall    time.Duration
	cpu     time.Duration
}

func (s *served) add(client *http.Client, url string, conns int, d time.Duration) error {
	before, err := cpuTime(s.pid)
	if err != nil {
		return err
	}
	start := time.Now()
	rate := loadWith(client, url, conns, d)
	took := time.Since(start)
	after, err := cpuTime(s.pid)
	if err != nil {
		return err
	}
	s.answers += rate * took.Seconds()
	s.wall += took
	s.cpu += after - before
	return nil
}

func (s *served) rate() float64 { return s.answers / max(s.wall.Seconds(), 1e-9) }

// cpuPerAnswer is in microseconds.
func (s *served) cpuPerAnswer() float64 {
	return float64(s.cpu.Microseconds()) / max(s.answers, 1)
}

// cpuTime is the user and system CPU time process pid has used
// (/proc/<pid>/stat, fields 14 and 15, in clock ticks of 1/100 s).
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces; fields count after it.
	_, rest, ok := strings.Cut(string(b), ") ")
	if !ok {
		return 0, errors.New("unreadable /proc stat")
	}
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
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
	client := loadClient(conns)
	defer client.CloseIdleConnections()
	return loadWith(client, url, conns, d)
}

// loadClient keeps up to conns connections open, without compression.
func loadClient(conns int) *http.Client {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// loadWith is load on client's connections, which stay open for the next
// turn.
func loadWith(client *http.Client, url string, conns int, d time.Duration) float64 {
	// The last requests finish after the deadline rather than being
	// cancelled, which would close their connections.
	deadline := time.Now().Add(d)
	var ok atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(http.MethodGet, url, nil)
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
