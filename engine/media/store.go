package media

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"

	"rendezvous/engine/platform/httpx"
)

// ErrNotFound means the store holds no blob under the key.
var ErrNotFound = errors.New("media: not found")

// ErrBadKey means a key that could escape the store or is not one the engine
// makes; such keys never reach the disk or the bucket.
var ErrBadKey = errors.New("media: invalid key")

// Info describes a stored blob.
type Info struct {
	Size        int64
	ModTime     time.Time
	ContentType string
}

// Store keeps blobs by key. Keys are what NewKey makes: lower-case hex,
// slashes, one dot; they are never reused, which is what lets the engine
// serve them with year-long caching.
type Store interface {
	// Put stores body under key, replacing nothing: keys are fresh.
	Put(ctx context.Context, key string, body []byte, contentType string) error
	// Open returns the blob for reading and seeking; ErrNotFound if absent.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error)
	// Delete removes the blob; a missing blob is not an error, so a retried
	// delete succeeds.
	Delete(ctx context.Context, key string) error
	// Kind names the implementation for logs: "local" or "s3".
	Kind() string
}

// URLPath is the path the engine serves blobs under.
const URLPath = "/media/"

var keyPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|webp|zip)$`)

// imagePattern are the keys served publicly under URLPath: images only. A
// zip (a member's copy of their data) is kept in the same store but handed
// out only by its owner's logged-in download.
var imagePattern = regexp.MustCompile(`\.(jpg|png|webp)$`)

// Public reports whether key may be served to anyone who knows it (an
// image) rather than only through a call that checks who asks.
func Public(key string) bool {
	return ValidKey(key) && imagePattern.MatchString(key)
}

// ValidKey reports whether key is safe to use as a path on disk and in a
// bucket: no "..", no leading slash, no upper case, a known extension.
func ValidKey(key string) bool {
	return len(key) <= 200 && keyPattern.MatchString(key)
}

// NewKey returns a fresh random key prefix such as "3f/3fa94c...": 128
// random bits, so photo URLs cannot be guessed, spread over 256 folders so
// no directory grows too large. Callers add a suffix and extension.
func NewKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	h := hex.EncodeToString(b[:])
	return h[:2] + "/" + h
}

// URL is the public address of key: the tenant's CDN prefix (or nothing,
// for the engine's own host) followed by /media/<key>.
func URL(cdnPrefix, key string) string {
	return strings.TrimRight(cdnPrefix, "/") + URLPath + key
}

// CacheControl is sent with every blob: keys are immutable, so browsers and
// CDNs may keep them for a year without asking again.
const CacheControl = "public, max-age=31536000, immutable"

// Handler serves GET and HEAD /media/<key> from store with long caching
// headers, ranges and conditional requests (http.ServeContent).
func Handler(store Store) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			httpx.WriteError(w, r, httpx.ErrMethodNotAllowed)
			return
		}
		key := strings.TrimPrefix(r.URL.Path, URLPath)
		if !Public(key) {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		body, info, err := store.Open(r.Context(), key)
		if errors.Is(err, ErrNotFound) {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		defer body.Close()
		h := w.Header()
		h.Set("Cache-Control", CacheControl)
		h.Set("Content-Type", contentTypeOf(key, info.ContentType))
		// The key never changes its bytes, so it is a strong validator.
		h.Set("ETag", `"`+strings.ReplaceAll(key, "/", "-")+`"`)
		http.ServeContent(w, r, "", info.ModTime, body)
	})
}

func contentTypeOf(key, stored string) string {
	if stored != "" {
		return stored
	}
	switch {
	case strings.HasSuffix(key, ".png"):
		return "image/png"
	case strings.HasSuffix(key, ".webp"):
		return "image/webp"
	}
	return "image/jpeg"
}
