package profiles_test

import (
	"context"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// TestPurgeRemovesPhotos: when a deleted account is purged, its photos
// leave the store too, so their URLs stop answering.
func TestPurgeRemovesPhotos(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	c, made := env.LoggedIn(t, nlHost, accountstest.Member{})
	a := decode[photosAnswer](t, upload(t, c, env, "photo", photoJPEG(t, 300, 300)))
	viewer := env.Client(t, nlHost)
	wantStatus(t, get(t, viewer, env, a.Photos[0].URL), 200, "")

	wantStatus(t, c.Do(http.MethodDelete, "/api/account.php", nil), 202, "")
	// The 14 days have passed.
	if _, err := env.Pool.Exec(ctx, "UPDATE members SET deletion_requested_at = now() - interval '15 days' WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	env.Purge(t, made.ID)
	awaitBlobJobs(t, env)
	var rows int
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM photos WHERE profile_id = $1", made.ID).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("%d photo rows after purge (%v)", rows, err)
	}
	wantStatus(t, get(t, viewer, env, a.Photos[0].URL), 404, "")
	wantStatus(t, get(t, viewer, env, a.Photos[0].ThumbURL), 404, "")
}
