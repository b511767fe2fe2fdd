package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"rendezvous/engine/backup"
	"rendezvous/engine/platform/config"
)

// embeddedOnly refuses the backup commands on installations whose database
// or photos live elsewhere: those are backed up with pg_dump and the
// store's own tools (config/README.md, Backups).
func embeddedOnly(cfg *config.Config) error {
	if err := cfg.FromEnv(); err != nil {
		return err
	}
	if cfg.DatabaseURL != "" || cfg.S3.Endpoint != "" {
		return errors.New("backup and restore are for the embedded setup (no DATABASE_URL, no S3_ENDPOINT); back up your PostgreSQL with pg_dump and your bucket with its own tools")
	}
	return nil
}

func backupCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	to := fs.String("to", "", "the backup file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("backup: --to FILE is required")
	}
	if err := embeddedOnly(cfg); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	// Written under another name and renamed when complete, so FILE is
	// never half a backup.
	partial := *to + ".partial"
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(partial)
	sum, err := backup.Create(ctx, cfg.DataDir, f, log)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(partial, *to); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(stdout, "backed up %s to %s: database %d bytes, %d media files\n", cfg.DataDir, *to, sum.DumpBytes, sum.MediaFiles)
	return nil
}

func restoreCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	from := fs.String("from", "", "the backup file to restore")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" {
		return errors.New("restore: --from FILE is required")
	}
	if err := embeddedOnly(cfg); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	f, err := os.Open(*from)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	sum, err := backup.Restore(ctx, cfg.DataDir, f, log)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s into %s: database %d bytes, %d media files\n", *from, cfg.DataDir, sum.DumpBytes, sum.MediaFiles)
	return nil
}
