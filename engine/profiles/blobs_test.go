package profiles_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/media"
	"rendezvous/engine/media/mediatest"
	"rendezvous/engine/server/servertest"
)

// blobEnvs are the engines the blob tests run on: photos on local disk and
// photos in the test run's real S3 server.
func blobEnvs(t *testing.T) map[string]func(t *testing.T) *servertest.Env {
	return map[string]func(t *testing.T) *servertest.Env{
		"local": func(t *testing.T) *servertest.Env { return servertest.New(t) },
		"s3": func(t *testing.T) *servertest.Env {
			store, err := media.NewS3(context.Background(), mediatest.S3(t))
			if err != nil {
				t.Fatal(err)
			}
			return servertest.NewWithMedia(t, store)
		},
	}
}

// chatMessage is the part of a messages.php answer the blob tests read.
type chatMessage struct {
	Message struct {
		ID    int64 `json:"id"`
		Photo *struct {
			URL      string `json:"url"`
			ThumbURL string `json:"thumb_url"`
		} `json:"photo"`
	} `json:"message"`
}

// keyOf is the store key a photo URL serves.
func keyOf(t *testing.T, url string) string {
	t.Helper()
	_, key, ok := strings.Cut(url, media.URLPath)
	if !ok {
		t.Fatalf("%s is no media URL", url)
	}
	return key
}

// sendChatUpload sends data as a photo uploaded in chat to profileID.
func sendChatUpload(t *testing.T, c *servertest.Client, env *servertest.Env, profileID int64, data []byte) chatMessage {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("profile_id", fmt.Sprint(profileID))
	_ = mw.WriteField("client_id", fmt.Sprintf("upload-%d", time.Now().UnixNano()))
	fw, _ := mw.CreateFormFile("photo", "me.jpg")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/messages.php", &buf)
	req.Host = c.Host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res := c.Send(req)
	wantStatus(t, res, 201, "")
	m := decode[chatMessage](t, res)
	if m.Message.Photo == nil {
		t.Fatalf("chat upload answered no photo: %s", res.Body)
	}
	return m
}

// awaitBlobJobs waits until no blob deletion is queued or running, so what
// the store holds afterwards is final.
func awaitBlobJobs(t *testing.T, env *servertest.Env) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var pending int
		err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind = 'media_blob_delete' AND state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&pending)
		if err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d blob deletions still pending", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stored reports whether the engine's store still holds key.
func stored(t *testing.T, env *servertest.Env, key string) bool {
	t.Helper()
	r, _, err := env.Profiles.Store.Open(context.Background(), key)
	if errors.Is(err, media.ErrNotFound) {
		return false
	}
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	r.Close()
	return true
}

// purgeNow makes member's deletion final and purges them.
func purgeNow(t *testing.T, env *servertest.Env, c *servertest.Client, memberID int64) {
	t.Helper()
	wantStatus(t, c.Do(http.MethodDelete, "/api/account.php", nil), 202, "")
	env.Exec(t, "UPDATE members SET deletion_requested_at = now() - interval '15 days' WHERE id = $1", memberID)
	env.Purge(t, memberID)
}

// TestSharedBlobOutlivesProfilePhoto: a profile photo sent in chat shares
// its blobs with the message. Deleting the profile photo releases one
// reference and the chat still shows the image; the blobs go with the last
// reference (the sender's purge removes the conversation).
func TestSharedBlobOutlivesProfilePhoto(t *testing.T) {
	t.Parallel()
	for name, start := range blobEnvs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := start(t)
			sender, made := env.LoggedIn(t, nlHost, accountstest.Member{Credits: 100})
			reader, other := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
			a := decode[photosAnswer](t, upload(t, sender, env, "photo", photoJPEG(t, 300, 300)))
			photo := a.Photos[0]

			res := sender.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": other.ID, "photo": photo.ID, "client_id": "shared-1"})
			wantStatus(t, res, 201, "")
			msg := decode[chatMessage](t, res)
			if msg.Message.Photo == nil || keyOf(t, msg.Message.Photo.URL) != photo.Filename {
				t.Fatalf("sent photo: %s", res.Body)
			}

			wantStatus(t, sender.Do(http.MethodDelete, "/api/photos.php?id="+strconv.FormatInt(photo.ID, 10), nil), 200, "")
			awaitBlobJobs(t, env)
			for _, key := range []string{photo.Filename, photo.ThumbFilename} {
				if !stored(t, env, key) {
					t.Fatalf("deleting the profile photo deleted %s, which the chat still shows", key)
				}
			}
			wantStatus(t, get(t, reader, env, msg.Message.Photo.URL), 200, "")
			wantStatus(t, get(t, reader, env, msg.Message.Photo.ThumbURL), 200, "")

			purgeNow(t, env, sender, made.ID)
			awaitBlobJobs(t, env)
			for _, key := range []string{photo.Filename, photo.ThumbFilename} {
				if stored(t, env, key) {
					t.Fatalf("%s outlived its last reference", key)
				}
			}
		})
	}
}

// TestPurgeLeavesNoBlob: after a purge no blob of the member remains, not
// their profile photos nor the photos they sent in chat, on disk or in S3.
// The other member's own profile photo stays.
func TestPurgeLeavesNoBlob(t *testing.T) {
	t.Parallel()
	for name, start := range blobEnvs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := start(t)
			c, made := env.LoggedIn(t, nlHost, accountstest.Member{Credits: 100})
			otherClient, other := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "female", Seeking: "male"})
			mine := decode[photosAnswer](t, upload(t, c, env, "photo", photoJPEG(t, 300, 300))).Photos[0]
			theirs := decode[photosAnswer](t, upload(t, otherClient, env, "photo", photoJPEG(t, 200, 200))).Photos[0]
			sentUpload := sendChatUpload(t, c, env, other.ID, photoJPEG(t, 400, 300)).Message.Photo
			keys := []string{mine.Filename, mine.ThumbFilename, keyOf(t, sentUpload.URL), keyOf(t, sentUpload.ThumbURL)}
			for _, key := range keys {
				if !stored(t, env, key) {
					t.Fatalf("%s not stored before the purge", key)
				}
			}

			purgeNow(t, env, c, made.ID)
			awaitBlobJobs(t, env)
			for _, key := range keys {
				if stored(t, env, key) {
					t.Errorf("%s of the purged member is still in the %s store", key, name)
				}
			}
			for _, key := range []string{theirs.Filename, theirs.ThumbFilename} {
				if !stored(t, env, key) {
					t.Errorf("the other member's photo %s went with the purge", key)
				}
			}
		})
	}
}
