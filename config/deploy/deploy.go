package deploy

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/deb" // registers the deb packager
)

// Deb describes one Debian package to build.
type Deb struct {
	// Dir is this folder (config/deploy) as seen from the caller.
	Dir string
	// Version is the release, e.g. 0.1.0 (a leading v is dropped).
	Version string
	// Arch is Debian's name of the architecture: amd64 or arm64.
	Arch string
	// Binary is the static engine binary for Arch.
	Binary string
}

// packageSettings are the settings the systemd unit gives the engine
// (Environment= lines); the settings file shows them with these values.
var packageSettings = map[string]string{
	"DATA_DIR":    "/var/lib/rendezvous",
	"TENANTS_DIR": "/etc/rendezvous/tenants",
}

// Build writes the package into outDir and returns its path.
func (d Deb) Build(outDir string) (string, error) {
	example, err := os.ReadFile(filepath.Join(d.Dir, "..", "rendezvous.example.env"))
	if err != nil {
		return "", fmt.Errorf("deb: %w", err)
	}
	tmp, err := os.MkdirTemp("", "rdv-deb-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	envFile := filepath.Join(tmp, "rendezvous.env")
	if err := os.WriteFile(envFile, EnvFile(example), 0o640); err != nil {
		return "", err
	}
	dir, err := filepath.Abs(d.Dir)
	if err != nil {
		return "", err
	}
	binary, err := filepath.Abs(d.Binary)
	if err != nil {
		return "", err
	}
	vars := map[string]string{"VERSION": strings.TrimPrefix(d.Version, "v"), "ARCH": d.Arch,
		"BINARY": binary, "ENV_FILE": envFile, "DEPLOY": dir}
	cfg, err := nfpm.ParseFileWithEnvMapping(filepath.Join(dir, "nfpm.yaml"), func(name string) string { return vars[name] })
	if err != nil {
		return "", fmt.Errorf("deb: nfpm.yaml: %w", err)
	}
	info, err := cfg.Get("deb")
	if err != nil {
		return "", fmt.Errorf("deb: %w", err)
	}
	// nfpm reads the scripts' paths as given: they are relative to this folder.
	for _, script := range []*string{&info.Scripts.PreInstall, &info.Scripts.PostInstall, &info.Scripts.PreRemove, &info.Scripts.PostRemove} {
		if *script != "" && !filepath.IsAbs(*script) {
			*script = filepath.Join(dir, *script)
		}
	}
	info = nfpm.WithDefaults(info)
	if err := nfpm.PrepareForPackager(info, "deb"); err != nil {
		return "", fmt.Errorf("deb: %w", err)
	}
	packager, err := nfpm.Get("deb")
	if err != nil {
		return "", err
	}
	path := filepath.Join(outDir, packager.ConventionalFileName(info))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := packager.Package(info, f); err != nil {
		f.Close()
		os.Remove(path)
		return "", fmt.Errorf("deb: %w", err)
	}
	return path, f.Close()
}

// exampleSetting is a setting's line in the example file, commented out
// or not: "# NAME=value" or "NAME=value".
var exampleSetting = regexp.MustCompile(`^#?\s*([A-Z][A-Z0-9_]*)=(.*)$`)

// EnvFile is the package's /etc/rendezvous/rendezvous.env: the example
// file's documentation (but its opening paragraph) with every setting commented out, those the unit
// sets showing the unit's values. Made at build time, it lists every
// setting the example (and so the configuration reference) lists.
func EnvFile(example []byte) []byte {
	var out bytes.Buffer
	out.WriteString(`# /etc/rendezvous/rendezvous.env: the settings of the rendezvous service.
# systemd reads this file (EnvironmentFile=); a setting here overrides the
# unit's own (DATA_DIR=/var/lib/rendezvous, TENANTS_DIR=/etc/rendezvous/tenants).
# Every setting is commented out. Set at least the mail (SMTP_URL, or
# MAIL_DISABLED=1) and usually DATABASE_URL, then
#   systemctl restart rendezvous
# Upgrades keep this file. The reference: config/README.md of the release.

`)
	sc := bufio.NewScanner(bytes.NewReader(example))
	// The example's opening paragraph is about a checkout (./var); the
	// header above replaces it.
	for sc.Scan() && strings.TrimSpace(sc.Text()) != "" {
	}
	for sc.Scan() {
		line := sc.Text()
		m := exampleSetting.FindStringSubmatch(strings.TrimSpace(line))
		switch {
		case m == nil:
			out.WriteString(line)
		case packageSettings[m[1]] != "":
			fmt.Fprintf(&out, "# %s=%s", m[1], packageSettings[m[1]])
		default:
			fmt.Fprintf(&out, "# %s=%s", m[1], m[2])
		}
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// referenceRow is a row of the configuration reference in config/README.md
// naming a variable: | `NAME` | ...
var referenceRow = regexp.MustCompile("^\\| `([A-Z][A-Z0-9_]*)` \\|")

// ReferenceSettings are the variables the configuration reference of
// config/README.md (its "## Configuration reference" table) lists, in order.
func ReferenceSettings(readme []byte) []string {
	var names []string
	in := false
	for line := range strings.SplitSeq(string(readme), "\n") {
		if strings.HasPrefix(line, "## ") {
			in = line == "## Configuration reference"
			continue
		}
		if m := referenceRow.FindStringSubmatch(line); in && m != nil {
			names = append(names, m[1])
		}
	}
	return names
}
