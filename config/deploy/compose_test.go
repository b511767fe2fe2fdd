package deploy

import (
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// compose is what the test reads of compose.yaml.
type compose struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Environment map[string]string `yaml:"environment"`
		Volumes     []string          `yaml:"volumes"`
		Command     []string          `yaml:"command"`
		Networks    map[string]struct {
			IPv4Address string `yaml:"ipv4_address"`
		} `yaml:"networks"`
	} `yaml:"services"`
	Networks map[string]struct {
		IPAM struct {
			Config []struct {
				Subnet string `yaml:"subnet"`
			} `yaml:"config"`
		} `yaml:"ipam"`
	} `yaml:"networks"`
}

// The Compose example and its Caddyfile cannot run here (no image
// registry); this holds them to the engine: every engine setting is one of
// the configuration reference, and the services agree with each other and
// with the image (Containerfile): the database, bucket and relay the
// engine is given are the services' own, Caddy is the trusted proxy and
// proxies to the engine's port, the volumes are the image's folders.
func TestComposeMatchesTheReference(t *testing.T) {
	t.Parallel()
	var c compose
	raw, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	for _, name := range []string{"engine", "postgres", "s3", "smtp", "caddy"} {
		if _, ok := c.Services[name]; !ok {
			t.Fatalf("compose.yaml lacks the service %s", name)
		}
	}
	engine, postgres, s3, caddy := c.Services["engine"], c.Services["postgres"], c.Services["s3"], c.Services["caddy"]
	env := engine.Environment

	reference := ReferenceSettings([]byte(readFile(t, filepath.Join(repoRoot, "config", "README.md"))))
	for name := range env {
		if !slices.Contains(reference, name) {
			t.Errorf("compose.yaml gives the engine %s, which the configuration reference (config/README.md) lacks", name)
		}
	}
	if env["SMTP_URL"] == "" && env["MAIL_DISABLED"] != "1" {
		t.Error("compose.yaml: the engine refuses to start without SMTP_URL or MAIL_DISABLED=1")
	}

	db, err := url.Parse(env["DATABASE_URL"])
	if err != nil {
		t.Fatalf("DATABASE_URL: %v", err)
	}
	password, _ := db.User.Password()
	if db.Hostname() != "postgres" || db.User.Username() != postgres.Environment["POSTGRES_USER"] ||
		password != postgres.Environment["POSTGRES_PASSWORD"] || strings.TrimPrefix(db.Path, "/") != postgres.Environment["POSTGRES_DB"] {
		t.Errorf("DATABASE_URL %s is not the postgres service's database (%v)", db.Redacted(), postgres.Environment)
	}

	host, port, err := net.SplitHostPort(env["S3_ENDPOINT"])
	if err != nil || host != "s3" || !slices.Contains(s3.Command, ":"+port) {
		t.Errorf("S3_ENDPOINT %q is not the s3 service's address (command %q): %v", env["S3_ENDPOINT"], s3.Command, err)
	}
	if env["S3_ACCESS_KEY"] != s3.Environment["MINIO_ROOT_USER"] || env["S3_SECRET_KEY"] != s3.Environment["MINIO_ROOT_PASSWORD"] || env["S3_BUCKET"] == "" {
		t.Error("S3_ACCESS_KEY, S3_SECRET_KEY and S3_BUCKET must be set and be the s3 service's credentials")
	}
	if env["S3_USE_SSL"] != "0" {
		t.Errorf("S3_USE_SSL=%q: the s3 service speaks plain HTTP", env["S3_USE_SSL"])
	}
	if mail, err := url.Parse(env["SMTP_URL"]); err != nil || mail.Hostname() != "smtp" {
		t.Errorf("SMTP_URL %q is not the smtp service: %v", env["SMTP_URL"], err)
	}

	// Caddy is the one proxy the engine believes, on the network's subnet.
	var caddyAddr netip.Addr
	for _, n := range caddy.Networks {
		caddyAddr, _ = netip.ParseAddr(n.IPv4Address)
	}
	subnet, err := netip.ParsePrefix(c.Networks["default"].IPAM.Config[0].Subnet)
	if err != nil || !caddyAddr.IsValid() || !subnet.Contains(caddyAddr) {
		t.Errorf("caddy's fixed address %v is not on the network's subnet %v (%v)", caddyAddr, subnet, err)
	}
	trusted := false
	for _, p := range strings.Split(env["TRUSTED_PROXIES"], ",") {
		if prefix, err := netip.ParsePrefix(strings.TrimSpace(p)); err == nil && prefix.Contains(caddyAddr) {
			trusted = true
		}
	}
	if !trusted || env["SECURE_COOKIES"] != "1" {
		t.Errorf("TRUSTED_PROXIES %q must hold caddy's address %v and SECURE_COOKIES be 1 behind its TLS", env["TRUSTED_PROXIES"], caddyAddr)
	}

	// The image's folders and port (Containerfile).
	image := containerfile(t)
	_, enginePort, err := net.SplitHostPort(env["ADDR"])
	if err != nil || enginePort != image.expose {
		t.Errorf("ADDR %q: the image exposes %s", env["ADDR"], image.expose)
	}
	mounts := map[string]bool{}
	for _, v := range engine.Volumes {
		parts := strings.Split(v, ":")
		mounts[parts[1]] = true
	}
	if !mounts[image.volume] || !mounts[image.env["TENANTS_DIR"]] {
		t.Errorf("the engine's volumes %q must mount the image's volume %s and its tenants folder %s", engine.Volumes, image.volume, image.env["TENANTS_DIR"])
	}
	if !strings.Contains(engine.Image, "rendezvous:") {
		t.Errorf("the engine's image %q is not the release's", engine.Image)
	}

	// The Caddyfile proxies to the engine's port and serves the console's hosts.
	caddyfile := readFile(t, "Caddyfile")
	if m := regexp.MustCompile(`reverse_proxy engine:(\d+)`).FindStringSubmatch(caddyfile); m == nil || m[1] != enginePort {
		t.Errorf("the Caddyfile's reverse_proxy %q is not the engine's port %s", m, enginePort)
	}
	if !strings.Contains(caddyfile, "flush_interval -1") {
		t.Error("the Caddyfile must not buffer the live events (flush_interval -1)")
	}
	sites := caddyfile[strings.LastIndex(caddyfile, "}\n\n")+3:]
	sites = sites[:strings.Index(sites, "{")]
	for _, h := range strings.Split(env["ADMIN_HOSTS"], ",") {
		if !strings.Contains(sites, h) {
			t.Errorf("the Caddyfile's sites %q lack the console's host %s", sites, h)
		}
	}
	for _, mount := range caddy.Volumes {
		if strings.HasPrefix(mount, "./Caddyfile:") {
			return
		}
	}
	t.Errorf("the caddy service does not mount the Caddyfile: %q", caddy.Volumes)
}

// image is what the test reads of the Containerfile.
type image struct {
	expose string
	volume string
	env    map[string]string
}

func containerfile(t *testing.T) image {
	t.Helper()
	img := image{env: map[string]string{}}
	src := strings.ReplaceAll(readFile(t, "Containerfile"), "\\\n", " ")
	for line := range strings.SplitSeq(src, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		switch fields[0] {
		case "EXPOSE":
			img.expose = fields[1]
		case "VOLUME":
			img.volume = fields[1]
		case "ENV":
			for _, kv := range fields[1:] {
				if k, v, ok := strings.Cut(kv, "="); ok {
					img.env[k] = v
				}
			}
		}
	}
	if img.expose == "" || img.volume == "" || img.env["TENANTS_DIR"] == "" {
		t.Fatalf("Containerfile: EXPOSE, VOLUME or ENV TENANTS_DIR missing: %+v", img)
	}
	return img
}
