package deploy

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

// A rolling upgrade from the last release (the newest v* tag) to the
// current tree, on one database, while two members keep chatting: the old
// release migrates and serves; the new one starts beside it, migrating
// forward while the old one serves; both serve side by side, each reading
// what the other wrote; the old one stops. Every message sent is in the
// conversation once, in order, and the sessions made on the old release
// hold on the new one. Without a v* tag the current tree stands in for
// the old release (the test says so in its log).
func TestUpgradeWhileAMemberChats(t *testing.T) {
	t.Parallel()
	oldBinary, oldTenants, oldName := lastRelease(t)
	newBinary := engineBinary(t, nextVersion)
	// An empty database: the old release migrates it from nothing, as on
	// its first install.
	dbURL := pgtest.NewEmptyURL(t)

	// The old release alone: it migrates the empty database and imports
	// its demo brands.
	oldAddr, oldOps := freeAddr(t), freeAddr(t)
	old := start(t, instance(t, oldBinary, dbURL, oldTenants, oldAddr, oldOps))
	awaitHealthy(t, oldAddr, old.exited, old.out.String)

	pool, err := database.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	annMade := accountstest.NewMember(t, pool, accountstest.Member{Name: "Ann", Credits: 100000, PaidUser: true})
	beaMade := accountstest.NewMember(t, pool, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male", Credits: 100000, PaidUser: true})
	// Each member's client goes to the instance its front names, as a
	// load balancer would send it.
	annFront, beaFront := &servertest.Env{URL: "http://" + oldAddr}, &servertest.Env{URL: "http://" + oldAddr}
	ann, bea := annFront.Client(t, "localhost"), beaFront.Client(t, "localhost")
	ann.Login(annMade.Email, annMade.Password)
	bea.Login(beaMade.Email, beaMade.Password)

	var sent []string
	var conversation int64
	say := func(from *servertest.Client, to int64, text string) {
		t.Helper()
		got := send(t, from, to, text)
		if conversation == 0 {
			conversation = got
		}
		if got != conversation {
			t.Fatalf("%q went to conversation %d, want %d", text, got, conversation)
		}
		sent = append(sent, text)
	}
	for i := range 3 {
		say(ann, beaMade.ID, fmt.Sprintf("old %d", i))
	}

	// The new release starts on the same database and migrates it forward
	// while the members chat on the old one.
	newAddr, newOps := freeAddr(t), freeAddr(t)
	next := start(t, instance(t, newBinary, dbURL, t.TempDir(), newAddr, newOps))
	deadline := time.Now().Add(45 * time.Second)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for i := 0; !healthy(newAddr); i++ {
		select {
		case <-next.exited:
			t.Fatalf("the new release exited while the old one served:\n%s", next.out.String())
		case <-tick.C:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the new release never became healthy:\n%s", next.out.String())
		}
		if i%2 == 0 {
			say(ann, beaMade.ID, fmt.Sprintf("during the upgrade %d", i))
		} else {
			say(bea, annMade.ID, fmt.Sprintf("during the upgrade %d", i))
		}
	}
	if got := buildOf(t, newOps); got != nextVersion {
		t.Fatalf("the new instance says it is %q, want %q", got, nextVersion)
	}

	// Side by side: Ann on the old release, Bea on the new; each reads
	// what the other wrote on the other instance.
	beaFront.URL = "http://" + newAddr
	for i := range 3 {
		say(ann, beaMade.ID, fmt.Sprintf("side by side, on the old %d", i))
		say(bea, annMade.ID, fmt.Sprintf("side by side, on the new %d", i))
		if got := thread(t, ann, conversation); !slices.Equal(got, sent) {
			t.Fatalf("Ann's conversation on the old release:\n%q\nwant\n%q", got, sent)
		}
		if got := thread(t, bea, conversation); !slices.Equal(got, sent) {
			t.Fatalf("Bea's conversation on the new release:\n%q\nwant\n%q", got, sent)
		}
	}

	// The old release leaves the rotation and stops; Ann goes on, on the
	// new one, with the session the old one made.
	annFront.URL = "http://" + newAddr
	old.stop(t)
	for i := range 3 {
		say(ann, beaMade.ID, fmt.Sprintf("new %d", i))
	}
	if got := thread(t, bea, conversation); !slices.Equal(got, sent) {
		t.Fatalf("the conversation after the upgrade (%s to the current tree):\n%q\nwant every message sent, once, in order:\n%q", oldName, got, sent)
	}
	t.Logf("%d messages across the upgrade from %s", len(sent), oldName)
}

// lastRelease is the engine binary of the newest v* tag, built once per
// tag and kept in the system's temporary folder, the folder of that
// release's demo brand files, and the release's name. Without a tag it is
// the current tree's.
func lastRelease(t *testing.T) (binary, tenantsDir, name string) {
	t.Helper()
	tags, err := exec.Command("git", "-C", repoRoot, "tag", "--list", "v*", "--sort=-version:refname").Output()
	if err != nil {
		t.Fatalf("git tag: %v", err)
	}
	tag, _, _ := strings.Cut(strings.TrimSpace(string(tags)), "\n")
	if tag == "" {
		t.Log("the repository has no v* tag: the current tree stands in for the last release")
		return engineBinary(t, firstVersion), filepath.Join(repoRoot, "tenants", "demo"), "the current tree"
	}
	commit, err := exec.Command("git", "-C", repoRoot, "rev-parse", tag+"^{commit}").Output()
	if err != nil {
		t.Fatalf("git rev-parse %s: %v", tag, err)
	}
	cache := filepath.Join(os.TempDir(), "rdv-release-"+tag+"-"+strings.TrimSpace(string(commit))[:12])
	binary, tenantsDir = filepath.Join(cache, "rendezvous"), filepath.Join(cache, "tenants")
	if _, err := os.Stat(binary); err == nil {
		t.Logf("the last release %s, built earlier in %s", tag, cache)
		return binary, tenantsDir, tag
	}
	// Build it in a folder of its own and move it into place whole, so a
	// run beside this one finds either nothing or a complete build.
	src := t.TempDir()
	archive := exec.Command("git", "-C", repoRoot, "archive", "--format=tar", tag)
	untar := exec.Command("tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	untar.Stdin = pipe
	if err := archive.Start(); err != nil {
		t.Fatal(err)
	}
	if out, err := untar.CombinedOutput(); err != nil {
		t.Fatalf("git archive %s | tar: %v %s", tag, err, out)
	}
	if err := archive.Wait(); err != nil {
		t.Fatalf("git archive %s: %v", tag, err)
	}
	staging, err := os.MkdirTemp(os.TempDir(), "rdv-release-build-")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := buildEngine(src, filepath.Join(staging, "rendezvous"), strings.TrimPrefix(tag, "v")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(staging, "tenants"), os.DirFS(filepath.Join(src, "tenants", "demo"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(staging, cache); err != nil && !os.IsExist(err) {
		_ = os.RemoveAll(staging)
		if _, statErr := os.Stat(binary); statErr != nil {
			t.Fatalf("keep the build of %s: %v", tag, err)
		}
	}
	t.Logf("built the last release %s into %s", tag, cache)
	return binary, tenantsDir, tag
}

// instance is an engine process serving on addr (and its operations
// address ops) with the database dbURL and the brand files of tenantsDir.
func instance(t *testing.T, binary, dbURL, tenantsDir, addr, ops string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(binary, "serve")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "DATABASE_URL=" + dbURL, "MAIL_DISABLED=1", "ADDR=" + addr, "OPS_ADDR=" + ops,
		"TENANTS_DIR=" + tenantsDir, "DATA_DIR=" + t.TempDir(), "RATE_LIMITS=message=100000/1m", "SHUTDOWN_GRACE=10s"}
	return cmd
}

// healthy says whether the engine at addr answers /healthz now.
func healthy(addr string) bool {
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}
