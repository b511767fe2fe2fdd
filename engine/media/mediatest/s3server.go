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

// A server the tests can run: a real S3-compatible server built from the Go
// module proxy at a pinned version, so every machine tests against the same
// server and the build cache stays warm.
type serverKind struct {
	module string
	binary string
	// args start the server on addr with its data under dir.
	args func(addr, dir string) []string
	env  []string
}

// Servers are the S3 servers the tests know. versitygw (Versity's S3
// gateway on a POSIX directory) is the default: it builds in under two
// minutes on two cores. MinIO is the reference implementation but takes
// five to seven minutes to build there; RDV_TEST_S3_SERVER=minio picks it.
var Servers = map[string]serverKind{
	"versitygw": {
		module: "github.com/versity/versitygw/cmd/versitygw@v1.8.0",
		binary: "versitygw",
		args: func(addr, dir string) []string {
			return []string{"--access", AccessKey, "--secret", SecretKey, "--port", addr, "--quiet", "posix", dir}
		},
	},
	"minio": {
		module: "github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c",
		binary: "minio",
		args: func(addr, dir string) []string {
			return []string{"server", dir, "--address", addr, "--console-address", "127.0.0.1:0", "--quiet"}
		},
		env: []string{"MINIO_ROOT_USER=" + AccessKey, "MINIO_ROOT_PASSWORD=" + SecretKey, "MINIO_BROWSER=off", "MINIO_UPDATE=off"},
	},
}

// ServerEnv names the variable choosing the server.
const ServerEnv = "RDV_TEST_S3_SERVER"

func chosen() (serverKind, error) {
	name := os.Getenv(ServerEnv)
	if name == "" {
		name = "versitygw"
	}
	k, ok := Servers[name]
	if !ok {
		return serverKind{}, fmt.Errorf("%s=%q: want versitygw or minio", ServerEnv, name)
	}
	return k, nil
}

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

// S3 returns the configuration of a fresh bucket on the test run's S3
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

// Binary returns the path of the chosen server's binary, building it once
// per machine into $(go env GOPATH)/bin/rdv-s3/<name>-<version>/. A file
// lock keeps two test binaries from building it at the same time.
func Binary() (string, error) {
	k, err := chosen()
	if err != nil {
		return "", err
	}
	gopath, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOPATH: %w", err)
	}
	version := k.module[strings.LastIndex(k.module, "@")+1:]
	dir := filepath.Join(strings.TrimSpace(string(gopath)), "bin", "rdv-s3", k.binary+"-"+version)
	bin := filepath.Join(dir, k.binary)
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
	fmt.Fprintf(os.Stderr, "mediatest: building %s (once per machine)\n", k.module)
	start := time.Now()
	cmd := exec.Command("go", "install", k.module)
	cmd.Env = append(os.Environ(), "GOBIN="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %v\n%s", k.module, err, out)
	}
	fmt.Fprintf(os.Stderr, "mediatest: built %s in %s\n", k.binary, time.Since(start).Round(time.Second))
	return bin, nil
}

func start() (*running, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	dataDir, err := os.MkdirTemp("", "rdv-s3-")
	if err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	k, _ := chosen()
	cmd := exec.Command(bin, k.args(addr, dataDir)...)
	cmd.Env = append(os.Environ(), k.env...)
	// Dies with the test binary even when TestMain never reaches Stop.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var logBuf strings.Builder
	cmd.Stdout, cmd.Stderr = &logBuf, &logBuf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", k.binary, err)
	}
	go func() { _ = cmd.Wait(); _ = os.RemoveAll(dataDir) }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := waitLive(ctx, "http://"+addr+"/"); err != nil {
		_ = cmd.Process.Kill()
		return nil, fmt.Errorf("%s never answered: %w\n%s", k.binary, err, logBuf.String())
	}
	return &running{endpoint: addr, cmd: cmd}, nil
}

// waitLive polls the server until it answers HTTP at all (an anonymous
// request gets 403, which proves it serves) or ctx ends.
func waitLive(ctx context.Context, url string) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			return nil
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
