package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"rendezvous/engine/media"
	"rendezvous/engine/media/mediatest"
	"rendezvous/engine/platform/pgtest"
)

// TestMain runs the tests on a real PostgreSQL (the blob references); the
// S3 server dies with the test binary (mediatest starts it with a
// parent-death signal).
func TestMain(m *testing.M) { pgtest.Main(m) }

// contract is what every Store must do; it runs against local disk and a
// real S3 server alike.
func contract(t *testing.T, store media.Store) {
	ctx := context.Background()
	key := media.NewKey() + ".jpg"
	body := bytes.Repeat([]byte("photo-bytes "), 1000)

	if _, _, err := store.Open(ctx, key); !errors.Is(err, media.ErrNotFound) {
		t.Fatalf("open before put: %v, want ErrNotFound", err)
	}
	if err := store.Put(ctx, key, body, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	rc, info, err := store.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, body) || info.Size != int64(len(body)) {
		t.Fatalf("read back %d bytes (size %d), want %d", len(got), info.Size, len(body))
	}

	// Served by the engine with caching headers, ranges and validators.
	h := media.Handler(store)
	cases := []struct {
		name, path  string
		header      map[string]string
		wantStatus  int
		wantBodyLen int
	}{
		{name: "whole", path: media.URLPath + key, wantStatus: 200, wantBodyLen: len(body)},
		{name: "range", path: media.URLPath + key, header: map[string]string{"Range": "bytes=0-9"}, wantStatus: 206, wantBodyLen: 10},
		{name: "etag", path: media.URLPath + key, header: map[string]string{"If-None-Match": `"` + keyTag(key) + `"`}, wantStatus: 304},
		{name: "missing", path: media.URLPath + media.NewKey() + ".jpg", wantStatus: 404},
		{name: "traversal", path: media.URLPath + "../../etc/passwd", wantStatus: 404},
		{name: "upper case", path: media.URLPath + "AB/x.jpg", wantStatus: 404},
	}
	for _, tc := range cases {
		r := httptest.NewRequest(http.MethodGet, tc.path, nil)
		for k, v := range tc.header {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tc.wantStatus {
			t.Errorf("%s: status %d, want %d", tc.name, w.Code, tc.wantStatus)
			continue
		}
		if tc.wantStatus == 200 {
			if cc := w.Header().Get("Cache-Control"); cc != media.CacheControl {
				t.Errorf("%s: Cache-Control %q", tc.name, cc)
			}
			if ct := w.Header().Get("Content-Type"); ct != "image/jpeg" {
				t.Errorf("%s: Content-Type %q", tc.name, ct)
			}
		}
		if tc.wantBodyLen > 0 && w.Body.Len() != tc.wantBodyLen {
			t.Errorf("%s: body %d bytes, want %d", tc.name, w.Body.Len(), tc.wantBodyLen)
		}
	}

	if err := store.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("second delete: %v", err)
	}
	if _, _, err := store.Open(ctx, key); !errors.Is(err, media.ErrNotFound) {
		t.Fatalf("open after delete: %v", err)
	}
	for _, bad := range []string{"../x.jpg", "/abs.jpg", "a/../../b.jpg", "x.exe", "A.jpg", ""} {
		if err := store.Put(ctx, bad, body, "image/jpeg"); !errors.Is(err, media.ErrBadKey) {
			t.Errorf("put %q: %v, want ErrBadKey", bad, err)
		}
	}
}

func keyTag(key string) string {
	return string(bytes.ReplaceAll([]byte(key), []byte("/"), []byte("-")))
}

func TestLocalStore(t *testing.T) {
	t.Parallel()
	store, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	contract(t, store)
}

// TestS3Store runs the contract against a real MinIO server process.
func TestS3Store(t *testing.T) {
	t.Parallel()
	cfg := mediatest.S3(t)
	store, err := media.NewS3(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	contract(t, store)
	// A second store on the same bucket finds it already made.
	if _, err := media.NewS3(context.Background(), cfg); err != nil {
		t.Fatalf("reopen existing bucket: %v", err)
	}
	// Wrong credentials are refused at start, not at the first upload.
	bad := cfg
	bad.SecretKey = "wrong-secret-key"
	if _, err := media.NewS3(context.Background(), bad); err == nil {
		t.Fatal("NewS3 with a wrong secret key succeeded")
	}
}

func TestURL(t *testing.T) {
	t.Parallel()
	cases := []struct{ prefix, key, want string }{
		{"", "ab/abc.jpg", "/media/ab/abc.jpg"},
		{"https://cdn.example.com", "ab/abc.jpg", "https://cdn.example.com/media/ab/abc.jpg"},
		{"https://cdn.example.com/", "ab/abc_t.jpg", "https://cdn.example.com/media/ab/abc_t.jpg"},
	}
	for _, tc := range cases {
		if got := media.URL(tc.prefix, tc.key); got != tc.want {
			t.Errorf("URL(%q, %q) = %q, want %q", tc.prefix, tc.key, got, tc.want)
		}
	}
}

// A member's copy of their data is kept in the store as a zip, but only
// images are public under /media/.
func TestOnlyImagesArePublic(t *testing.T) {
	t.Parallel()
	for key, public := range map[string]bool{
		"ab/abc.jpg": true, "ab/abc_t.webp": true, "ab/abc.png": true,
		"exports/ab/abc.zip": false, "ab/../abc.jpg": false, "ab/abc.exe": false,
	} {
		if got := media.Public(key); got != public {
			t.Errorf("Public(%q) = %v", key, got)
		}
	}
	if !media.ValidKey("exports/ab/abc.zip") {
		t.Error("a zip cannot be stored")
	}
	store, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Put(context.Background(), "exports/ab/abc.zip", []byte("PK"), "application/zip"); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	media.Handler(store).ServeHTTP(rec, httptest.NewRequest("GET", "/media/exports/ab/abc.zip", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("the zip was served: %d", rec.Code)
	}
}
