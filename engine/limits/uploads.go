package limits

import (
	"net/http"
	"sync"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

// UploadsPerMember is how many uploads (photos.php, photos sent in chat)
// one member may have in flight at once on one engine instance. A person
// picks a photo and waits for it; two leaves room for a second tab.
const UploadsPerMember = 2

// UploadsCode is the error code (429) of an upload started while the
// member's others are still being received or processed.
const UploadsCode = "uploads_in_flight"

var errUploads = refusal.New(refusal.TooMany, UploadsCode,
	"Please wait until your other photos have finished uploading.").With(map[string]any{"retry_after": 1})

// Uploads bounds the uploads each subject has in flight, counted in this
// instance's memory: what it protects (the memory and CPU an upload takes
// while it is read and decoded) is the instance's own. An upload is
// refused before its body is read, so a member cannot make the engine hold
// more than Max bodies of theirs.
type Uploads struct {
	// Max is how many uploads one subject may have in flight.
	Max int

	mu       sync.Mutex
	inFlight map[string]int
}

// NewUploads returns a bound of max uploads in flight per subject.
func NewUploads(max int) *Uploads {
	return &Uploads{Max: max, inFlight: map[string]int{}}
}

// InFlight says how many uploads subject has in flight.
func (u *Uploads) InFlight(subject string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.inFlight[subject]
}

// enter counts an upload of subject in, false when it has Max in flight.
func (u *Uploads) enter(subject string) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.inFlight[subject] >= u.Max {
		return false
	}
	u.inFlight[subject]++
	return true
}

func (u *Uploads) leave(subject string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.inFlight[subject]--; u.inFlight[subject] <= 0 {
		delete(u.inFlight, subject)
	}
}

// Limit answers 429 uploads_in_flight to a request of by's subject while
// that subject has Max uploads in flight, before the handler (and so
// before the body is read); the upload counts until the handler returns.
// Requests by leaves uncounted pass.
func (u *Uploads) Limit(by Subject) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			subject, ok := by(r)
			if !ok {
				next.ServeHTTP(w, r)
				return
			}
			if !u.enter(subject) {
				w.Header().Set("Connection", "close")
				httpx.WriteError(w, r, errUploads)
				return
			}
			defer u.leave(subject)
			next.ServeHTTP(w, r)
		})
	}
}
