package deploy

import (
	"crypto/sha256"
	"encoding/json"
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

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// repoRoot is the repository's top folder, seen from this package.
const repoRoot = "../.."

// The versions the tests give the current tree's builds: a first release
// and the next one installed over it.
const (
	firstVersion = "0.0.1"
	nextVersion  = "0.0.2"
)

var (
	buildsMu sync.Mutex
	builds   = map[string]*build{}
)

type build struct {
	once sync.Once
	path string
	err  error
}

// engineBinary is the current tree's engine built as make release builds
// it (static, the version set by the linker), once per test run and
// version, with a stand-in web bundle: the Go tests run before the web
// build.
func engineBinary(t *testing.T, version string) string {
	t.Helper()
	buildsMu.Lock()
	b, ok := builds[version]
	if !ok {
		b = &build{}
		builds[version] = b
	}
	buildsMu.Unlock()
	b.once.Do(func() {
		// One file per checkout and version, replaced by each run (a file
		// per run would fill the temporary folder): built beside it, then
		// renamed over it, so a run beside this one never sees half a file.
		abs, err := filepath.Abs(repoRoot)
		if err != nil {
			b.err = err
			return
		}
		sum := sha256.Sum256([]byte(abs))
		b.path = filepath.Join(os.TempDir(), fmt.Sprintf("rdv-release-test-%x-%s", sum[:6], version))
		staging := fmt.Sprintf("%s.%d", b.path, os.Getpid())
		if _, b.err = buildEngine(repoRoot, staging, version); b.err == nil {
			b.err = os.Rename(staging, b.path)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// buildEngine builds the engine of the source tree src into out with a
// stand-in web bundle laid over web/dist (go build -overlay), so the tree
// itself is not touched.
func buildEngine(src, out, version string) (string, error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return "", err
	}
	stub, err := os.MkdirTemp("", "rdv-stub-web-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(stub)
	replace := map[string]string{}
	for name, page := range map[string]string{"index.html": servertest.TestIndex, "admin.html": servertest.TestConsoleIndex} {
		path := filepath.Join(stub, name)
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			return "", err
		}
		replace[filepath.Join(abs, "web", "dist", name)] = path
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": replace})
	overlayFile := filepath.Join(stub, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-overlay", overlayFile,
		"-ldflags", "-X rendezvous/engine/platform/version.version="+version, "-o", out, "./engine/cmd/rendezvous")
	cmd.Dir = abs
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build in %s: %v\n%s", src, err, msg)
	}
	return out, nil
}

// freeAddr is a loopback address with a port nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// awaitHealthy waits until the engine at addr answers /healthz, or the
// process ends (exited is closed), or the deadline passes.
func awaitHealthy(t *testing.T, addr string, exited <-chan struct{}, log func() string) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-exited:
			t.Fatalf("the engine on %s exited:\n%s", addr, log())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the engine on %s never became healthy: %v\n%s", addr, err, log())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// buildOf is the build the operations address's /healthz names.
func buildOf(t *testing.T, opsAddr string) string {
	t.Helper()
	res, err := http.Get("http://" + opsAddr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var health struct {
		Build struct {
			Version string `json:"version"`
		} `json:"build"`
	}
	if err := json.NewDecoder(res.Body).Decode(&health); err != nil {
		t.Fatalf("operations /healthz: %v", err)
	}
	return health.Build.Version
}

// process is an engine process the test started, with its output.
type process struct {
	cmd    *exec.Cmd
	out    *syncBuffer
	exited chan struct{}
}

func start(t *testing.T, cmd *exec.Cmd) *process {
	t.Helper()
	p := &process{cmd: cmd, out: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.out, p.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() { p.stop(t) })
	return p
}

// stop ends the process as systemd or a container runtime would: SIGTERM,
// then the grace period.
func (p *process) stop(t *testing.T) {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
		t.Errorf("the engine did not stop on SIGTERM:\n%s", p.out.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
