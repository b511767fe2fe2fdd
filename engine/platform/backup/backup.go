// Package backup saves and restores an embedded installation: the database
// of the private PostgreSQL cluster and the photos of the local media
// folder, both under the data directory, in one tar archive. Production
// setups with their own PostgreSQL and S3 back those up with their own tools
// (config/README.md, Backups).
//
// A backup is consistent while the engine runs. The database comes from
// pg_dump, one snapshot. A blob's file is stored before the transaction that
// records it (and its media reference) commits, keys are never reused and
// files never change, so every key the snapshot holds has its file on disk
// when the snapshot is taken. Files are deleted only by the media deletion
// job, which the backup pauses (media.PauseDeletes) from before the
// snapshot until it has copied the media folder a second time; the first
// copy, before the dump, takes most of the files while deletions still
// run. So every file the dump refers to is in the archive, which the backup
// checks against the keys the snapshot holds. Files of photos added after
// the snapshot come along too; no row refers to them after a restore.
package backup

import (
	"archive/tar"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/media"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgcluster"
)

// Names inside the archive.
const (
	manifestName = "rendezvous-backup.json"
	dumpName     = "database.dump"
	mediaDir     = "media/"
)

// format is the archive layout's version, checked by Restore.
const format = 1

type manifest struct {
	Format    int       `json:"format"`
	CreatedAt time.Time `json:"created_at"`
	Database  string    `json:"database"`
}

// Summary says what a backup or restore moved.
type Summary struct {
	DumpBytes  int64
	MediaFiles int
}

// clusterDir and mediaFolder are where the engine keeps them under --data
// (database.Connect, media.Open).
func clusterDir(dataDir string) string  { return filepath.Join(dataDir, "postgres") }
func mediaFolder(dataDir string) string { return filepath.Join(dataDir, "media") }

// startCluster starts (or joins) the durable cluster under dataDir; stop
// ends it when this process started it, logging a failure.
func startCluster(ctx context.Context, dataDir string, log *slog.Logger) (*pgcluster.Cluster, func(), error) {
	cluster, err := pgcluster.Start(ctx, clusterDir(dataDir), log, pgcluster.Options{})
	if err != nil {
		return nil, nil, err
	}
	return cluster, func() {
		if err := cluster.Stop(); err != nil {
			log.Error("stop private PostgreSQL", "err", err)
		}
	}, nil
}

// Create writes a backup of the installation under dataDir to w. When an
// engine runs on dataDir, its PostgreSQL server is used and left running;
// otherwise the cluster is started for the backup and stopped after it.
func Create(ctx context.Context, dataDir string, w io.Writer, log *slog.Logger) (Summary, error) {
	var sum Summary
	if _, err := os.Stat(filepath.Join(clusterDir(dataDir), "pgdata", "PG_VERSION")); err != nil {
		return sum, fmt.Errorf("backup: no embedded database under %s: %w", dataDir, err)
	}
	cluster, stop, err := startCluster(ctx, dataDir, log)
	if err != nil {
		return sum, err
	}
	defer stop()

	tw := tar.NewWriter(w)
	man, err := json.Marshal(manifest{Format: format, CreatedAt: time.Now().UTC(), Database: database.Name})
	if err != nil {
		return sum, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: manifestName, Mode: 0o644, Size: int64(len(man)), ModTime: time.Now()}); err != nil {
		return sum, fmt.Errorf("backup: write: %w", err)
	}
	if _, err := tw.Write(man); err != nil {
		return sum, fmt.Errorf("backup: write: %w", err)
	}

	copied := map[string]bool{}
	if err := addMedia(tw, mediaFolder(dataDir), copied); err != nil {
		return sum, err
	}
	work, err := os.MkdirTemp("", "rdv-backup-")
	if err != nil {
		return sum, fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(work)
	if err := cluster.HandOver(work); err != nil {
		return sum, err
	}
	dump := filepath.Join(work, dumpName)
	conn, err := pgx.Connect(ctx, cluster.URL(database.Name))
	if err != nil {
		return sum, fmt.Errorf("backup: connect: %w", err)
	}
	defer conn.Close(context.Background())
	resume, err := media.PauseDeletes(ctx, conn)
	if err != nil {
		return sum, err
	}
	held, err := dumpSnapshot(ctx, conn, cluster, dump)
	if err != nil {
		return sum, err
	}
	// Second pass: files stored while the first pass and the dump ran.
	if err := addMedia(tw, mediaFolder(dataDir), copied); err != nil {
		return sum, err
	}
	if err := resume(); err != nil {
		return sum, err
	}
	var missing []string
	for _, k := range held {
		if !copied[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		// Not a race (deletions were paused) but files lost from the disk
		// before the backup: the backup keeps what there is.
		log.Warn("backup: media files the database refers to are missing on disk", "count", len(missing), "first", missing[0])
	}
	if sum.DumpBytes, err = addFile(tw, dump, dumpName); err != nil {
		return sum, err
	}
	sum.MediaFiles = len(copied)
	if err := tw.Close(); err != nil {
		return sum, fmt.Errorf("backup: write: %w", err)
	}
	return sum, nil
}

// dumpSnapshot runs pg_dump (custom format: compressed, restored by
// pg_restore) into file, which must be a file of its own, because a tar
// entry needs its size up front and pg_restore needs the offsets pg_dump
// only writes into a seekable file. The dump reads a snapshot exported by a
// transaction that also lists the media keys held in that snapshot.
func dumpSnapshot(ctx context.Context, conn *pgx.Conn, cluster *pgcluster.Cluster, file string) ([]string, error) {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("backup: begin: %w", err)
	}
	defer tx.Rollback(context.Background())
	var snapshot string
	if err := tx.QueryRow(ctx, "SELECT pg_export_snapshot()").Scan(&snapshot); err != nil {
		return nil, fmt.Errorf("backup: export snapshot: %w", err)
	}
	held, err := media.HeldKeys(ctx, tx)
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd := cluster.Command(ctx, "pg_dump", "--format=custom", "--snapshot="+snapshot, "--file="+file, "--dbname="+cluster.URL(database.Name))
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("backup: pg_dump: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return held, nil
}

// addFile adds the file at p to the archive as name.
func addFile(tw *tar.Writer, p, name string) (int64, error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime()}); err != nil {
		return 0, fmt.Errorf("backup: write: %w", err)
	}
	if _, err := io.CopyN(tw, f, st.Size()); err != nil {
		return 0, fmt.Errorf("backup: write %s: %w", name, err)
	}
	return st.Size(), nil
}

// addMedia adds every blob under root not in copied yet. Files that are
// not blobs (a half-written .put- file of a running upload) are left out.
func addMedia(tw *tar.Writer, root string, copied map[string]bool) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // the folder (or a file) is gone: nothing to copy
		}
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if copied[key] || !media.ValidKey(key) || !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted since the walk listed it
		}
		if err != nil {
			return err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: mediaDir + key, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime()}); err != nil {
			return err
		}
		if _, err := io.CopyN(tw, f, st.Size()); err != nil {
			return err
		}
		copied[key] = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("backup: media: %w", err)
	}
	return nil
}

// Restore unpacks a backup from r into dataDir, which must be new or
// empty: the media files into <data>/media and the database into a new
// private cluster under <data>/postgres, stopped again when done. An engine
// started on dataDir then migrates the database to its own version, as after
// any upgrade.
func Restore(ctx context.Context, dataDir string, r io.Reader, log *slog.Logger) (Summary, error) {
	var sum Summary
	entries, err := os.ReadDir(dataDir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return sum, fmt.Errorf("restore: %w", err)
	}
	if len(entries) > 0 {
		return sum, fmt.Errorf("restore: %s is not empty; restore into a new data directory", dataDir)
	}
	if err := os.MkdirAll(mediaFolder(dataDir), 0o755); err != nil {
		return sum, fmt.Errorf("restore: %w", err)
	}
	tmp, err := os.MkdirTemp("", "rdv-restore-")
	if err != nil {
		return sum, fmt.Errorf("restore: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // pg_restore reads the dump as the server's user
		return sum, fmt.Errorf("restore: %w", err)
	}
	dumpFile := filepath.Join(tmp, dumpName)
	dump, err := os.OpenFile(dumpFile, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return sum, fmt.Errorf("restore: %w", err)
	}
	defer dump.Close()

	tr := tar.NewReader(r)
	seenManifest, seenDump := false, false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sum, fmt.Errorf("restore: read archive: %w", err)
		}
		switch {
		case !seenManifest:
			if h.Name != manifestName {
				return sum, errors.New("restore: not a Rendezvous backup (no manifest first)")
			}
			var m manifest
			if err := json.NewDecoder(io.LimitReader(tr, 1<<16)).Decode(&m); err != nil {
				return sum, fmt.Errorf("restore: manifest: %w", err)
			}
			if m.Format != format {
				return sum, fmt.Errorf("restore: backup format %d, this engine reads %d", m.Format, format)
			}
			seenManifest = true
		case h.Name == dumpName && !seenDump:
			if sum.DumpBytes, err = io.Copy(dump, tr); err != nil {
				return sum, fmt.Errorf("restore: database dump: %w", err)
			}
			seenDump = true
		case strings.HasPrefix(h.Name, mediaDir) && h.Typeflag == tar.TypeReg:
			key := strings.TrimPrefix(h.Name, mediaDir)
			// Keys are checked like the engine's own: nothing in an archive
			// can write outside the media folder.
			if !media.ValidKey(key) || path.Clean(key) != key {
				return sum, fmt.Errorf("restore: unexpected file %q in the archive", h.Name)
			}
			if err := writeFile(filepath.Join(mediaFolder(dataDir), filepath.FromSlash(key)), tr); err != nil {
				return sum, err
			}
			sum.MediaFiles++
		default:
			return sum, fmt.Errorf("restore: unexpected entry %q in the archive", h.Name)
		}
	}
	if !seenDump {
		return sum, errors.New("restore: the archive holds no database")
	}
	if err := dump.Close(); err != nil {
		return sum, fmt.Errorf("restore: %w", err)
	}

	cluster, stop, err := startCluster(ctx, dataDir, log)
	if err != nil {
		return sum, err
	}
	defer stop()
	if err := database.EnsureDatabase(ctx, cluster.URL("postgres"), database.Name); err != nil {
		return sum, err
	}
	var stderr strings.Builder
	cmd := cluster.Command(ctx, "pg_restore", "--exit-on-error", "--single-transaction", "--no-owner",
		"--dbname="+cluster.URL(database.Name), dumpFile)
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return sum, fmt.Errorf("restore: pg_restore: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return sum, nil
}

func writeFile(p string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	_, werr := io.Copy(f, r)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("restore: write %s: %w", p, werr)
	}
	return nil
}
