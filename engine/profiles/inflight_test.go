package profiles_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/limits"
	"rendezvous/engine/server/servertest"
)

// slowUpload is an upload to photos.php whose photo arrives when finish is
// called: until then the engine holds it in flight.
type slowUpload struct {
	pw     *io.PipeWriter
	mw     *multipart.Writer
	answer chan servertest.Response
}

func startSlowUpload(t *testing.T, c *servertest.Client, env *servertest.Env) *slowUpload {
	t.Helper()
	pr, pw := io.Pipe()
	u := &slowUpload{pw: pw, mw: multipart.NewWriter(pw), answer: make(chan servertest.Response, 1)}
	req, err := http.NewRequest(http.MethodPost, env.URL+"/api/photos.php", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = c.Host
	req.Header.Set("Content-Type", u.mw.FormDataContentType())
	go func() { u.answer <- c.Send(req) }()
	// A test that fails midway ends the upload, so the server can close.
	t.Cleanup(func() { _ = pw.CloseWithError(io.ErrUnexpectedEOF) })
	return u
}

// finish sends the photo and returns the engine's answer (status 0 when
// there was none within 30 seconds).
func (u *slowUpload) finish(data []byte) servertest.Response {
	go func() {
		fw, _ := u.mw.CreateFormFile("photo", "photo.jpg")
		_, _ = io.Copy(fw, bytes.NewReader(data))
		_ = u.mw.Close()
		_ = u.pw.Close()
	}()
	select {
	case res := <-u.answer:
		return res
	case <-time.After(30 * time.Second):
		return servertest.Response{}
	}
}

// awaitInFlight waits until member has want uploads in flight.
func awaitInFlight(t *testing.T, env *servertest.Env, member int64, want int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for env.Uploads.InFlight(limits.MemberSubject(member)) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%d uploads in flight, want %d", env.Uploads.InFlight(limits.MemberSubject(member)), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A member has at most two uploads in flight: a third, to photos.php or
// sent in chat, is refused with 429 uploads_in_flight before its body is
// read; other members upload meanwhile, and once one of the two is done
// the member uploads again.
func TestUploadsInFlightPerMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, nlHost, accountstest.Member{})
	photo := photoJPEG(t, 400, 300)
	var slow [limits.UploadsPerMember]*slowUpload
	for i := range slow {
		slow[i] = startSlowUpload(t, c, env)
	}
	awaitInFlight(t, env, made.ID, limits.UploadsPerMember)

	res := upload(t, c, env, "photo", photo)
	wantStatus(t, res, http.StatusTooManyRequests, limits.UploadsCode)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	var chat bytes.Buffer
	mw := multipart.NewWriter(&chat)
	_ = mw.WriteField("profile_id", "1")
	fw, _ := mw.CreateFormFile("photo", "me.jpg")
	_, _ = fw.Write(photo)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/messages.php", &chat)
	req.Host = c.Host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	wantStatus(t, c.Send(req), http.StatusTooManyRequests, limits.UploadsCode)

	other, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	wantStatus(t, upload(t, other, env, "photo", photo), http.StatusCreated, "")

	var answers [len(slow)]servertest.Response
	var wg sync.WaitGroup
	for i, u := range slow {
		wg.Go(func() { answers[i] = u.finish(photo) })
	}
	wg.Wait()
	for _, res := range answers {
		wantStatus(t, res, http.StatusCreated, "")
	}
	awaitInFlight(t, env, made.ID, 0)
	wantStatus(t, upload(t, c, env, "photo", photo), http.StatusCreated, "")
}
