package profiles

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

const fuzzBoundary = "rdvfuzzboundary"

func multipartBody(parts map[string][]byte) []byte {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	_ = mw.SetBoundary(fuzzBoundary)
	for name, data := range parts {
		w, _ := mw.CreateFormFile(name, name+".jpg")
		_, _ = w.Write(data)
	}
	_ = mw.Close()
	return b.Bytes()
}

// FuzzUploadBody feeds arbitrary request bodies through the upload path as
// the handler runs it: the multipart reader with its byte limits, then the
// image pipeline. Nothing may panic; every refusal must be one the handler
// maps to a 4xx answer. The seeds run in every normal test run.
func FuzzUploadBody(f *testing.F) {
	jpg := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0}
	f.Add(multipartBody(map[string][]byte{"photo": jpg}))
	f.Add(multipartBody(map[string][]byte{"other": jpg}))
	f.Add(multipartBody(map[string][]byte{"photo": bytes.Repeat([]byte{1}, 5000)}))
	f.Add(multipartBody(map[string][]byte{"photo": []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic")}))
	f.Add([]byte("--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nabc"))
	f.Add([]byte("not multipart at all"))
	f.Add([]byte{})
	const maxBytes = 4096
	images := media.NewProcessor(media.Limits{MaxBytes: maxBytes, MaxPixels: 1_000_000, MaxSide: 2000, MinSide: 100}, 1)
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/api/photos.php", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary="+fuzzBoundary)
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, maxBytes+multipartSlack)
		data, err := readPhotoPart(r, maxBytes)
		if err == nil {
			if len(data) > maxBytes {
				t.Fatalf("read %d bytes past the limit", len(data))
			}
			_, err = images.Process(r.Context(), data)
			if err == nil {
				return
			}
		}
		if e := refusal.As(err); e == nil || httpx.Status(e.Kind) < 400 || httpx.Status(e.Kind) >= 500 {
			t.Fatalf("refusal %v is not answered 4xx", err)
		}
	})
}
