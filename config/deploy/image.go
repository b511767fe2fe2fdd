package deploy

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// The image's user: a fixed id, so a volume's owner is the same in every
// version of the image.
const (
	imageUID = 10001
	passwd   = "root:x:0:0:root:/root:/sbin/nologin\nrendezvous:x:10001:10001:Rendezvous engine:/var/lib/rendezvous:/sbin/nologin\n"
	group    = "root:x:0:\nrendezvous:x:10001:\n"
)

// The build machine's CA roots and time zones, copied into the image.
const (
	caRoots  = "/etc/ssl/certs/ca-certificates.crt"
	zoneinfo = "/usr/share/zoneinfo"
)

// ImageContext stages the Containerfile's build context in out: the
// static binary, the build machine's CA roots and time zones, the user's
// passwd and group lines and the empty folders the image needs.
func ImageContext(binary, out string) error {
	for _, dir := range []string{"tmp", "data", "tenants"} {
		if err := os.MkdirAll(filepath.Join(out, dir), 0o755); err != nil {
			return err
		}
	}
	// /tmp is everyone's, with the sticky bit (MkdirAll's mode is masked).
	if err := os.Chmod(filepath.Join(out, "tmp"), 0o777|fs.ModeSticky); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "passwd"), []byte(passwd), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "group"), []byte(group), 0o644); err != nil {
		return err
	}
	if err := copyFile(binary, filepath.Join(out, "rendezvous"), 0o755); err != nil {
		return fmt.Errorf("image context: the binary: %w", err)
	}
	if err := copyFile(caRoots, filepath.Join(out, "ca-certificates.crt"), 0o644); err != nil {
		return fmt.Errorf("image context: CA roots (Debian's ca-certificates): %w", err)
	}
	// The time zones, links followed (the image has no other copy).
	return filepath.WalkDir(zoneinfo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(zoneinfo, path)
		dst := filepath.Join(out, "zoneinfo", rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if st, err := os.Stat(path); err != nil || st.IsDir() {
			return nil // a dangling link or a link to a folder: covered elsewhere
		}
		return copyFile(path, dst, 0o644)
	})
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
