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
	"strings"
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
	// lock is the held owner lock (see Start); nil when another living
	// process owns the server, and Stop then leaves it running for that
	// process.
	lock *os.File
}

// Options tune a cluster. The zero value is what the engine runs with: a
// durable cluster, where a confirmed commit survives a power loss.
type Options struct {
	// NotDurable turns off fsync, synchronous_commit and full_page_writes:
	// much faster, but a power loss or OS crash can lose confirmed commits
	// or corrupt the cluster. Only for throwaway clusters of tests and
	// benchmarks, which set it explicitly.
	NotDurable bool
}

// settings are the server options of a start.
func (o Options) settings() string {
	s := "-c max_connections=300 -c shared_buffers=128MB"
	if o.NotDurable {
		s += " " + notDurable
	}
	return s
}

const notDurable = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"

// lockName is the owner lock in the cluster's directory. The process that
// holds it (flock, released by the kernel however the process ends) owns
// the server and stops it when it is done. A server running while nobody
// holds the lock is an orphan of a crashed owner: the next Start adopts it.
const lockName = "owner.lock"

// ErrNoBinaries means no PostgreSQL server binaries were found on this machine.
var ErrNoBinaries = errors.New("pgcluster: PostgreSQL binaries (initdb, pg_ctl) not found; install postgresql or set DATABASE_URL")

// Start creates the cluster under dir when it does not exist yet (initdb),
// starts it and waits until it accepts connections. The caller then owns the
// server and Stop shuts it down. While another living process owns it, Start
// reuses the running server and Stop leaves it alone; a server left running
// by an owner that crashed is adopted: Start takes ownership, so this
// caller's Stop ends it. When the process runs as root, PostgreSQL refuses
// to run, so initdb and the server run as the postgres user and the
// directories are handed to that user.
func Start(ctx context.Context, dir string, log *slog.Logger, opts Options) (*Cluster, error) {
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
	owner, err := c.claim(ctx, abs)
	if err != nil {
		return nil, err
	}
	if !owner {
		log.Info("private PostgreSQL run by another process; reusing it", "socket", c.socketDir)
		return c, nil
	}
	if err := c.startOwned(ctx, abs, opts); err != nil {
		c.release()
		return nil, err
	}
	return c, nil
}

// claim takes the owner lock, or finds the server running for a living
// owner (false). A held lock with no server running is an owner starting or
// stopping it: claim waits for either.
func (c *Cluster) claim(ctx context.Context, abs string) (bool, error) {
	path := filepath.Join(abs, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return false, fmt.Errorf("pgcluster: open %s: %w", path, err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			c.lock = f
			return true, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return false, fmt.Errorf("pgcluster: lock %s: %w", path, err)
		}
		if c.running() {
			f.Close()
			return false, nil
		}
		if time.Now().After(deadline) {
			f.Close()
			return false, fmt.Errorf("pgcluster: %s is locked by another process but its server does not run", abs)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return false, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// startOwned creates the cluster if needed and starts it, or adopts a
// server an earlier owner left running. An adopted server that runs with
// other durability settings than asked for is restarted with them.
func (c *Cluster) startOwned(ctx context.Context, abs string, opts Options) error {
	if _, err := os.Stat(filepath.Join(c.dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		c.log.Info("creating private PostgreSQL cluster", "dir", c.dataDir)
		args := []string{"-D", c.dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions"}
		if opts.NotDurable {
			args = append(args, "--no-sync")
		}
		if err := c.run(ctx, "initdb", args...); err != nil {
			return err
		}
	}
	if c.running() {
		if c.startedWith(opts) {
			c.log.Info("adopting private PostgreSQL left running by an earlier process", "socket", c.socketDir)
			return nil
		}
		c.log.Info("restarting private PostgreSQL left running with other durability settings", "socket", c.socketDir)
		if err := c.stop(); err != nil {
			return err
		}
	}
	c.log.Info("starting private PostgreSQL", "socket", c.socketDir, "durable", !opts.NotDurable)
	server := fmt.Sprintf("-c listen_addresses='' -c unix_socket_directories='%s' %s", c.socketDir, opts.settings())
	return c.run(ctx, "pg_ctl", "-D", c.dataDir, "-l", filepath.Join(abs, "postgres.log"), "-o", server, "-w", "-t", "60", "start")
}

// running reports whether the cluster's server runs: its postmaster.pid
// names a living process. That is what `pg_ctl status` checks, without
// starting pg_ctl: a fork and exec on every engine start.
func (c *Cluster) running() bool {
	b, err := os.ReadFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || pid <= 0 {
		return false
	}
	err = syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// startedWith reports whether the running server's command line
// (postmaster.opts) has the durability opts ask for.
func (c *Cluster) startedWith(opts Options) bool {
	b, err := os.ReadFile(filepath.Join(c.dataDir, "postmaster.opts"))
	if err != nil {
		return false
	}
	return strings.Contains(string(b), "fsync=off") == opts.NotDurable
}

// Owned reports whether this process owns the server, so Stop ends it.
func (c *Cluster) Owned() bool { return c.lock != nil }

func (c *Cluster) release() {
	if c.lock != nil {
		c.lock.Close() // closing the last descriptor releases the flock
		c.lock = nil
	}
}

// URL is the connection string of database name on the cluster.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@/%s?host=%s&sslmode=disable", name, c.socketDir)
}

// Stop shuts the server down quickly, rolling back open transactions, when
// this process owns it, and gives up ownership.
func (c *Cluster) Stop() error {
	if c.lock == nil {
		return nil
	}
	defer c.release()
	return c.stop()
}

func (c *Cluster) stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return c.run(ctx, "pg_ctl", "-D", c.dataDir, "-m", "fast", "-w", "stop")
}

// Command prepares one of the cluster's PostgreSQL programs (pg_dump,
// pg_restore: the same version as the server) to run as the user the
// server runs as; the caller connects its input and output.
func (c *Cluster) Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, name), args...)
	cmd.Dir = os.TempDir()
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	return cmd
}

func (c *Cluster) run(ctx context.Context, name string, args ...string) error {
	cmd := c.Command(ctx, name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pgcluster: %s: %w: %s", name, err, bytes.TrimSpace(out.Bytes()))
	}
	return nil
}

// HandOver gives path to the user the server runs as (the postgres user
// when the engine runs as root), so its programs can write there.
func (c *Cluster) HandOver(path string) error { return c.chown(path) }

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
