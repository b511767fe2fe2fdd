package profiles_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"testing"

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

// TestMain runs the tests on a real PostgreSQL; the MinIO server of the S3
// test dies with the test binary (mediatest starts it with a parent-death
// signal).
func TestMain(m *testing.M) { pgtest.Main(m) }

// Hosts of the demo tenants.
const (
	nlHost = "localhost"    // lustlokaal, pool benelux, logged_out_search on
	deHost = "de.localhost" // herzklopfen, pool dach, photo moderation, logged out only with a traffic source
	usHost = "us.localhost" // sparkusa, pool us
)

// photoJPEG is a w x h JPEG with an EXIF block holding a GPS position and a
// camera serial, like a phone's photo.
func photoJPEG(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x0f\x00\x02\x00\x00\x00\x18\x00\x00\x00\x1a\x00\x00\x00\x00")
	tiff = append(tiff, "GPS 52.3676N SERIAL-XYZ\x00"...)
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, raw[:2]...)
	out = append(append(out, seg...), payload...)
	return append(out, raw[2:]...)
}

// pngBomb is a valid PNG header announcing w x h pixels and no data: the
// first bytes of a decompression bomb.
func pngBomb(w, h uint32) []byte {
	chunk := binary.BigEndian.AppendUint32(nil, 13)
	chunk = append(chunk, "IHDR"...)
	chunk = binary.BigEndian.AppendUint32(chunk, w)
	chunk = binary.BigEndian.AppendUint32(chunk, h)
	chunk = append(chunk, 8, 6, 0, 0, 0)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return append([]byte("\x89PNG\r\n\x1a\n"), chunk...)
}

// upload posts data as the multipart field "photo".
func upload(t testing.TB, c *servertest.Client, env *servertest.Env, field string, data []byte) servertest.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile(field, "photo.jpg")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/photos.php", &body)
	req.Host = c.Host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.Send(req)
}

// photosAnswer is the answer of photos.php.
type photosAnswer struct {
	Photos []struct {
		ID            int64  `json:"id"`
		Filename      string `json:"filename"`
		ThumbFilename string `json:"thumb_filename"`
		Status        string `json:"status"`
		URL           string `json:"url"`
		ThumbURL      string `json:"thumb_url"`
	} `json:"photos"`
	PhotoLimit int `json:"photo_limit"`
	Photo      *struct {
		ID     int64  `json:"id"`
		Status string `json:"status"`
		URL    string `json:"url"`
	} `json:"photo"`
}

func decode[T any](t testing.TB, r servertest.Response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
	return v
}

// wantStatus checks an answer's status and error code.
func wantStatus(t testing.TB, r servertest.Response, status int, code string) {
	t.Helper()
	r.Want(t, status, code)
}

// get fetches a path (a photo URL) on the client's host.
func get(t testing.TB, c *servertest.Client, env *servertest.Env, path string) servertest.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, env.URL+path, nil)
	req.Host = c.Host
	return c.Send(req)
}
