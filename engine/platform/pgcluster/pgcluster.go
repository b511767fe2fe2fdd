// Package pgcluster runs a private PostgreSQL cluster from the installed
// PostgreSQL binaries. The engine uses it when no DATABASE_URL is given, and
// the test suites use it for one throwaway cluster per run.
package pgcluster

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"time"
)

// Cluster is a running private PostgreSQL server listening only on a Unix socket.
type Cluster struct {
	dataDir   string
	socketDir string
	bin       string
	cred      *syscall.Credential
	log       *slog.Logger
	// owned is false when another process had already started the server;
	// Stop then leaves it running for that process.
	owned bool
}

// ErrNoBinaries means no PostgreSQL server binaries were found on this machine.
var ErrNoBinaries = errors.New("pgcluster: PostgreSQL binaries (initdb, pg_ctl) not found; install postgresql or set DATABASE_URL")

// Start creates the cluster under dir when it does not exist yet (initdb),
// starts it and waits until it accepts connections. A second Start on the
// same dir reuses the cluster. When the process runs as root, PostgreSQL
// refuses to run, so initdb and the server run as the postgres user and the
// directories are handed to that user.
func Start(ctx context.Context, dir string, log *slog.Logger) (*Cluster, error) {
	bin, err := findBinaries()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: resolve %s: %w", dir, err)
	}
	c := &Cluster{dataDir: filepath.Join(abs, "pgdata"), bin: bin, log: log}
	c.socketDir = socketDirFor(abs)
	if os.Geteuid() == 0 {
		c.cred, err = postgresCredential()
		if err != nil {
			return nil, err
		}
	}
	for _, d := range []string{abs, c.socketDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("pgcluster: create %s: %w", d, err)
		}
		if err := c.chown(d); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(filepath.Join(c.dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		log.Info("creating private PostgreSQL cluster", "dir", c.dataDir)
		if err := c.run(ctx, "initdb", "-D", c.dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions"); err != nil {
			return nil, err
		}
	}
	if c.run(ctx, "pg_ctl", "-D", c.dataDir, "status") == nil {
		log.Info("private PostgreSQL already running; reusing it", "socket", c.socketDir)
		return c, nil
	}
	log.Info("starting private PostgreSQL", "socket", c.socketDir)
	opts := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=128MB", c.socketDir)
	if err := c.run(ctx, "pg_ctl", "-D", c.dataDir, "-l", filepath.Join(abs, "postgres.log"), "-o", opts, "-w", "-t", "60", "start"); err != nil {
		return nil, err
	}
	c.owned = true
	return c, nil
}

// URL is the connection string of database name on the cluster.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&sslmode=disable", name, c.socketDir)
}

// Stop shuts the server down quickly, rolling back open transactions.
func (c *Cluster) Stop() error {
	if !c.owned {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return c.run(ctx, "pg_ctl", "-D", c.dataDir, "-m", "fast", "-w", "stop")
}

func (c *Cluster) run(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, name), args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Dir = os.TempDir()
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pgcluster: %s: %w: %s", name, err, bytes.TrimSpace(out.Bytes()))
	}
	return nil
}

func (c *Cluster) chown(path string) error {
	if c.cred == nil {
		return nil
	}
	if err := os.Chown(path, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
		return fmt.Errorf("pgcluster: hand %s to postgres: %w", path, err)
	}
	return nil
}

// socketDirFor keeps the socket path short: Unix socket paths are limited to
// 107 bytes, and data directories can be deep.
func socketDirFor(dataRoot string) string {
	dir := filepath.Join(dataRoot, "run")
	if len(dir)+len("/.s.PGSQL.5432") < 100 {
		return dir
	}
	sum := sha256.Sum256([]byte(dataRoot))
	return filepath.Join(os.TempDir(), "rdv-pg-"+hex.EncodeToString(sum[:6]))
}

func postgresCredential() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("pgcluster: running as root needs a postgres user: %w", err)
	}
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: postgres uid: %w", err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: postgres gid: %w", err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// findBinaries prefers PG_BIN, then the directory of pg_ctl on PATH, then the
// newest Debian-style /usr/lib/postgresql/<version>/bin.
func findBinaries() (string, error) {
	if dir := os.Getenv("PG_BIN"); dir != "" {
		return dir, nil
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	sort.Slice(matches, func(i, j int) bool { return versionOf(matches[i]) > versionOf(matches[j]) })
	if len(matches) > 0 {
		return filepath.Dir(matches[0]), nil
	}
	return "", ErrNoBinaries
}

func versionOf(pgctl string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(pgctl))))
	return v
}
