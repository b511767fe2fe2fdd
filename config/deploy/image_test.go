package deploy

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The image builds from the Containerfile (podman build), and its binary,
// run from the image's mounted root filesystem (podman cannot run
// containers on this machine), answers version, and its health check
// reaches an engine. The image holds CA roots, time zones and an
// unprivileged user, and declares the data volume and the health check.
func TestImageAnswersVersion(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Fatal("podman image mount and chroot need root: run it as root (the CI machine is)")
	}
	if _, err := exec.LookPath("podman"); err != nil {
		t.Fatal("podman is not installed: make deps-podman (apt-get install podman)")
	}
	context := t.TempDir()
	if err := ImageContext(engineBinary(t, nextVersion), context); err != nil {
		t.Fatal(err)
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	tag := "localhost/rendezvous-test:" + hex.EncodeToString(suffix)
	podman(t, "build", "--quiet", "--format", "docker", "-f", "Containerfile", "-t", tag, context)
	t.Cleanup(func() { _ = exec.Command("podman", "rmi", "--force", tag).Run() })

	var inspected []struct {
		Config struct {
			User       string
			Volumes    map[string]any
			Entrypoint []string
			Cmd        []string
		}
		Healthcheck struct{ Test []string }
	}
	raw := podman(t, "image", "inspect", tag)
	if err := json.Unmarshal([]byte(raw), &inspected); err != nil || len(inspected) != 1 {
		t.Fatalf("podman image inspect: %v\n%s", err, raw)
	}
	cfg := inspected[0].Config
	if cfg.User == "" || strings.HasPrefix(cfg.User, "0") || strings.HasPrefix(cfg.User, "root") {
		t.Errorf("the image runs as %q, want an unprivileged user", cfg.User)
	}
	if strings.Join(cfg.Entrypoint, " ") != "/usr/bin/rendezvous" || strings.Join(cfg.Cmd, " ") != "serve" {
		t.Errorf("the image starts %q %q, want rendezvous serve", cfg.Entrypoint, cfg.Cmd)
	}
	if _, ok := cfg.Volumes["/var/lib/rendezvous"]; !ok {
		t.Errorf("the image's volumes %v lack /var/lib/rendezvous", cfg.Volumes)
	}
	if !strings.Contains(strings.Join(inspected[0].Healthcheck.Test, " "), "/usr/bin/rendezvous healthcheck") {
		t.Errorf("the image's health check is %q", inspected[0].Healthcheck.Test)
	}

	root := strings.TrimSpace(podman(t, "image", "mount", tag))
	t.Cleanup(func() { _ = exec.Command("podman", "image", "unmount", tag).Run() })
	out, err := exec.Command("chroot", root, "/usr/bin/rendezvous", "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "rendezvous "+nextVersion+" (") {
		t.Fatalf("the image's rendezvous version: %v %q", err, out)
	}
	for _, path := range []string{"etc/ssl/certs/ca-certificates.crt", "usr/share/zoneinfo/Europe/Amsterdam", "usr/share/zoneinfo/America/New_York", "tmp"} {
		if _, err := os.Stat(filepath.Join(root, path)); err != nil {
			t.Errorf("the image lacks /%s: %v", path, err)
		}
	}
	if passwd := readFile(t, filepath.Join(root, "etc/passwd")); !strings.Contains(passwd, "\nrendezvous:x:10001:10001:") {
		t.Errorf("the image's /etc/passwd lacks the rendezvous user:\n%s", passwd)
	}
	if st, err := os.Stat(filepath.Join(root, "var/lib/rendezvous")); err != nil || !ownedBy(st, imageUID) {
		t.Errorf("the image's /var/lib/rendezvous: %v, want it the user's", err)
	}

	// The health check's command, run from the image, asks the address
	// it is given.
	healthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	t.Cleanup(healthy.Close)
	check := exec.Command("chroot", root, "/usr/bin/rendezvous", "healthcheck")
	check.Env = []string{"ADDR=" + healthy.Listener.Addr().String()}
	if out, err := check.CombinedOutput(); err != nil || string(out) != "ok\n" {
		t.Errorf("the image's health check: %v %q", err, out)
	}
}

func podman(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("podman", args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("podman %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return string(out)
}
