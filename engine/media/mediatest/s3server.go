// Package mediatest starts a real S3-compatible server (MinIO, built from
// the Go module proxy on first use) for tests of the S3 store.
package mediatest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rendezvous/engine/platform/config"
)

// MinIOModule is the MinIO server the tests build: a pinned commit, so every
// machine tests against the same server and the build cache stays warm.
const MinIOModule = "github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c"

// Credentials of the test server.
const (
	AccessKey = "rendezvous-test"
	SecretKey = "rendezvous-test-secret"
)

var (
	once   sync.Once
	server *running
	srvErr error
)

type running struct {
	endpoint string
	cmd      *exec.Cmd
}

// S3 returns the configuration of a fresh bucket on the test run's MinIO
// server, starting the server (and building it, the first time on a
// machine) when this is the first call of the test binary. The server stops
// when the process exits: it runs in the test's process group and is killed
// by Stop from TestMain, or dies with the parent.
func S3(tb testing.TB) config.S3 {
	tb.Helper()
	once.Do(func() { server, srvErr = start() })
	if srvErr != nil {
		tb.Fatalf("mediatest: %v", srvErr)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	return config.S3{Endpoint: server.endpoint, Bucket: "rdv-" + hex.EncodeToString(b[:]),
		AccessKey: AccessKey, SecretKey: SecretKey, Region: "us-east-1"}
}

// Stop ends the server if one was started; call it from TestMain after
// m.Run.
func Stop() {
	if server != nil && server.cmd.Process != nil {
		_ = server.cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = server.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = server.cmd.Process.Kill()
		}
	}
}

// Binary returns the path of the MinIO binary, building it once per machine
// into $(go env GOPATH)/bin/rdv-minio-<commit>/minio. A file lock keeps two
// test binaries from building it at the same time.
func Binary() (string, error) {
	gopath, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOPATH: %w", err)
	}
	version := MinIOModule[strings.LastIndex(MinIOModule, "-")+1:]
	dir := filepath.Join(strings.TrimSpace(string(gopath)), "bin", "rdv-minio-"+version)
	bin := filepath.Join(dir, "minio")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil // another test binary built it while we waited
	}
	fmt.Fprintf(os.Stderr, "mediatest: building %s (once per machine, a few minutes)\n", MinIOModule)
	start := time.Now()
	cmd := exec.Command("go", "install", MinIOModule)
	cmd.Env = append(os.Environ(), "GOBIN="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %v\n%s", MinIOModule, err, out)
	}
	fmt.Fprintf(os.Stderr, "mediatest: built MinIO in %s\n", time.Since(start).Round(time.Second))
	return bin, nil
}

func start() (*running, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	dataDir, err := os.MkdirTemp("", "rdv-minio-")
	if err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	console, err := freeAddr()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "server", dataDir, "--address", addr, "--console-address", console, "--quiet")
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+AccessKey, "MINIO_ROOT_PASSWORD="+SecretKey,
		"MINIO_BROWSER=off", "MINIO_UPDATE=off")
	// Dies with the test binary even when TestMain never reaches Stop.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var logBuf strings.Builder
	cmd.Stdout, cmd.Stderr = &logBuf, &logBuf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start minio: %w", err)
	}
	go func() { _ = cmd.Wait(); _ = os.RemoveAll(dataDir) }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := waitLive(ctx, "http://"+addr+"/minio/health/live"); err != nil {
		_ = cmd.Process.Kill()
		return nil, fmt.Errorf("minio never became live: %w\n%s", err, logBuf.String())
	}
	return &running{endpoint: addr, cmd: cmd}, nil
}

// waitLive polls the health endpoint until it answers 200 or ctx ends.
func waitLive(ctx context.Context, url string) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
