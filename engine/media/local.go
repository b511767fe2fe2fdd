package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Local keeps blobs as files under a directory, for one machine.
type Local struct {
	root string
}

// NewLocal returns a store under dir, creating it.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("media: create %s: %w", dir, err)
	}
	return &Local{root: dir}, nil
}

// Kind is "local".
func (l *Local) Kind() string { return "local" }

func (l *Local) path(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadKey
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// Put writes the blob to a temporary file and renames it into place, so a
// reader never sees half a photo and a crash leaves no torn file.
func (l *Local) Put(_ context.Context, key string, body []byte, _ string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("media: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	_, werr := f.Write(body)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		// CreateTemp makes the file 0600; blobs are public anyway.
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), p)
	}
	if werr != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("media: put %s: %w", key, werr)
	}
	return nil
}

// Open opens the blob's file.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, ErrNotFound
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, fmt.Errorf("media: open %s: %w", key, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, fmt.Errorf("media: stat %s: %w", key, err)
	}
	return f, Info{Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Delete removes the blob's file.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("media: delete %s: %w", key, err)
	}
	return nil
}
