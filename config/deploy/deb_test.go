package deploy

import (
	"bufio"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
	"rendezvous/tenants"
)

// The paths the package installs.
const (
	unitPath    = "/lib/systemd/system/rendezvous.service"
	envPath     = "/etc/rendezvous/rendezvous.env"
	tenantsPath = "/etc/rendezvous/tenants"
	statePath   = "/var/lib/rendezvous"
)

// The Debian package installs on this machine (dpkg -i): its user, its
// hardened unit and its settings file with every setting of the
// configuration reference commented out. The unit's ExecStart, run as the
// unit's user with its environment and the settings file an operator
// filled in, serves; the next version installed over it (dpkg -i again)
// serves the same members, sessions and messages and keeps the settings.
func TestDebInstallsServesAndUpgrades(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Fatal("this test installs a Debian package on the machine: run it as root (the CI machine is)")
	}
	first := Deb{Dir: ".", Version: firstVersion, Arch: "amd64", Binary: engineBinary(t, firstVersion)}
	next := Deb{Dir: ".", Version: nextVersion, Arch: "amd64", Binary: engineBinary(t, nextVersion)}
	out := t.TempDir()
	firstDeb, err := first.Build(out)
	if err != nil {
		t.Fatal(err)
	}
	nextDeb, err := next.Build(out)
	if err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string]string{"Package": "rendezvous", "Version": firstVersion, "Architecture": "amd64", "Recommends": "postgresql"} {
		if got := strings.TrimSpace(run(t, "dpkg-deb", "--field", firstDeb, field)); got != want {
			t.Errorf("the package's %s is %q, want %q", field, got, want)
		}
	}

	// The package is installed on the machine itself: one such test at a
	// time, and the machine as it was afterwards.
	lockMachine(t)
	if exec.Command("dpkg-query", "--status", "rendezvous").Run() == nil {
		t.Log("a rendezvous package is installed (an earlier run that died?); purging it")
		dpkg(t, "--purge", "rendezvous")
	}
	_, userErr := user.Lookup("rendezvous")
	_, stateErr := os.Stat(statePath)
	t.Cleanup(func() {
		dpkg(t, "--purge", "rendezvous")
		_ = os.RemoveAll(tenantsPath)
		_ = os.Remove(filepath.Dir(envPath))
		if stateErr != nil {
			_ = os.RemoveAll(statePath)
		}
		if userErr != nil {
			_ = exec.Command("userdel", "rendezvous").Run()
		}
	})

	dpkg(t, "--install", "--force-unsafe-io", firstDeb)
	checkInstalled(t)
	unit := readUnit(t)

	// The operator's settings: a PostgreSQL, no mail, addresses of this test.
	pool, dbURL := pgtest.NewWithURL(t)
	addr, opsAddr := freeAddr(t), freeAddr(t)
	appendFile(t, envPath, "\n# set by the operator\nDATABASE_URL="+dbURL+"\nMAIL_DISABLED=1\nADDR="+addr+"\nOPS_ADDR="+opsAddr+"\n")
	lustlokaal, err := fs.ReadFile(tenants.Demo(), "lustlokaal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tenantsPath, "lustlokaal.yaml"), lustlokaal, 0o644); err != nil {
		t.Fatal(err)
	}

	engine := unit.start(t)
	awaitHealthy(t, addr, engine.exited, engine.out.String)
	if got := buildOf(t, opsAddr); got != firstVersion {
		t.Fatalf("the installed engine says it is %q, want %q", got, firstVersion)
	}
	// It serves the brand of the tenants folder, and a member chats.
	site := &servertest.Env{Pool: pool, URL: "http://" + addr}
	annMade := accountstest.NewMember(t, pool, accountstest.Member{Name: "Ann", Credits: 100, PaidUser: true})
	beaMade := accountstest.NewMember(t, pool, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	ann := site.Client(t, "localhost")
	ann.Do(http.MethodGet, "/", nil).Want(t, http.StatusOK, "")
	ann.Login(annMade.Email, annMade.Password)
	conversation := send(t, ann, beaMade.ID, "before the upgrade")

	// The next version is installed while the engine runs; the service's
	// restart (systemctl try-restart in the package's postinst) runs it.
	dpkg(t, "--install", "--force-unsafe-io", "--force-confdef", "--force-confold", nextDeb)
	if got := run(t, "dpkg-query", "--show", "--showformat=${Version}", "rendezvous"); got != nextVersion {
		t.Fatalf("installed version %q after the upgrade, want %q", got, nextVersion)
	}
	if settings := readFile(t, envPath); !strings.Contains(settings, "DATABASE_URL="+dbURL+"\n") {
		t.Fatalf("the upgrade lost the operator's settings:\n%s", settings)
	}
	engine.stop(t)
	engine = unit.start(t)
	awaitHealthy(t, addr, engine.exited, engine.out.String)
	if got := buildOf(t, opsAddr); got != nextVersion {
		t.Fatalf("after the upgrade the engine says it is %q, want %q", got, nextVersion)
	}
	// Ann's session and message are there: she sends another, and Bea
	// reads both.
	if got := send(t, ann, beaMade.ID, "after the upgrade"); got != conversation {
		t.Fatalf("the message after the upgrade went to conversation %d, want %d", got, conversation)
	}
	bea := site.Client(t, "localhost")
	bea.Login(beaMade.Email, beaMade.Password)
	if got := thread(t, bea, conversation); !slices.Equal(got, []string{"before the upgrade", "after the upgrade"}) {
		t.Fatalf("Bea's conversation after the upgrade: %q", got)
	}
	engine.stop(t)
	if st, err := os.Stat(statePath); err != nil || !owned(st, "rendezvous") {
		t.Errorf("%s after the upgrade: %v, want it the service user's", statePath, err)
	}
}

// checkInstalled checks what the package put on the machine.
func checkInstalled(t *testing.T) {
	t.Helper()
	u, err := user.Lookup("rendezvous")
	if err != nil {
		t.Fatalf("the package made no rendezvous user: %v", err)
	}
	if u.Uid == "0" || u.HomeDir != statePath {
		t.Errorf("the rendezvous user: %+v", u)
	}
	if st, err := os.Stat(statePath); err != nil || !owned(st, "rendezvous") || st.Mode().Perm() != 0o750 {
		t.Errorf("%s: %v %v, want a folder of the rendezvous user, mode 0750", statePath, st, err)
	}
	st, err := os.Stat(envPath)
	if err != nil || st.Mode().Perm() != 0o640 || st.Sys().(*syscall.Stat_t).Gid != gid(t, "rendezvous") {
		t.Errorf("%s: %v %v, want mode 0640 and group rendezvous (it holds secrets)", envPath, st, err)
	}
	// Every setting of the configuration reference is in the settings
	// file, commented out, and none is set.
	settings := readFile(t, envPath)
	reference := ReferenceSettings([]byte(readFile(t, filepath.Join(repoRoot, "config", "README.md"))))
	if len(reference) < 20 {
		t.Fatalf("only %d settings in the configuration reference: %v", len(reference), reference)
	}
	for _, name := range reference {
		if !strings.Contains(settings, "\n# "+name+"=") {
			t.Errorf("%s lacks the commented-out setting # %s=", envPath, name)
		}
	}
	for line := range strings.SplitSeq(settings, "\n") {
		if m := exampleSetting.FindStringSubmatch(line); m != nil && !strings.HasPrefix(line, "#") {
			t.Errorf("%s sets %s; a fresh install sets nothing", envPath, line)
		}
	}
	// systemd's own check of the unit: every directive known, the binary there.
	if out, err := exec.Command("systemd-analyze", "verify", unitPath).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify %s: %v\n%s", unitPath, err, out)
	}
	unit := readFile(t, unitPath)
	for _, want := range []string{"User=rendezvous", "ProtectSystem=strict", "NoNewPrivileges=yes", "StateDirectory=rendezvous",
		"PrivateTmp=yes", "ProtectHome=yes", "CapabilityBoundingSet=\n", "EnvironmentFile=" + envPath} {
		if !strings.Contains(unit, want) {
			t.Errorf("%s lacks %q", unitPath, want)
		}
	}
}

// unit is what the test reads of the installed systemd unit.
type unit struct {
	execStart []string
	user      string
	workDir   string
	env       []string
	envFile   string
}

func readUnit(t *testing.T) unit {
	t.Helper()
	var u unit
	sc := bufio.NewScanner(strings.NewReader(readFile(t, unitPath)))
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), "=")
		if !ok || strings.HasPrefix(key, "#") {
			continue
		}
		switch key {
		case "ExecStart":
			u.execStart = strings.Fields(value)
		case "User":
			u.user = value
		case "WorkingDirectory":
			u.workDir = value
		case "Environment":
			u.env = append(u.env, value)
		case "EnvironmentFile":
			u.envFile = value
		}
	}
	if len(u.execStart) == 0 || u.user == "" || u.envFile == "" {
		t.Fatalf("%s: ExecStart, User or EnvironmentFile missing: %+v", unitPath, u)
	}
	return u
}

// start runs the unit's ExecStart as systemd would: as its user, in its
// working directory, with its Environment= lines overridden by its
// EnvironmentFile.
func (u unit) start(t *testing.T) *process {
	t.Helper()
	env := append([]string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}, u.env...)
	for line := range strings.SplitSeq(readFile(t, u.envFile), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") && strings.Contains(line, "=") {
			env = append(env, line)
		}
	}
	args := append([]string{"--reuid=" + u.user, "--regid=" + u.user, "--init-groups", "--"}, u.execStart...)
	cmd := exec.Command("setpriv", args...)
	cmd.Dir, cmd.Env = u.workDir, env
	return start(t, cmd)
}

// send posts a message from c to a member and returns its conversation.
func send(t *testing.T, c *servertest.Client, to int64, text string) int64 {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": to, "text": text, "client_id": "c-" + text})
	res.Want(t, http.StatusCreated, "")
	var out struct {
		Message struct {
			ConversationID int64 `json:"conversation_id"`
		} `json:"message"`
	}
	res.JSON(t, &out)
	return out.Message.ConversationID
}

// thread is the texts of a conversation as c reads it, in order.
func thread(t *testing.T, c *servertest.Client, conversation int64) []string {
	t.Helper()
	res := c.Do(http.MethodGet, "/api/messages.php?conversation="+strconv.FormatInt(conversation, 10), nil)
	res.Want(t, http.StatusOK, "")
	var out struct {
		Messages []struct {
			Text string `json:"text"`
		} `json:"messages"`
	}
	res.JSON(t, &out)
	var texts []string
	for _, m := range out.Messages {
		texts = append(texts, m.Text)
	}
	return texts
}

// lockMachine holds a lock on the machine until the test ends: the
// package is installed on the machine, so two runs of this test (two
// checkouts testing at once) must take turns.
func lockMachine(t *testing.T) {
	t.Helper()
	f, err := os.OpenFile("/run/lock/rendezvous-deb-test.lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
}

// dpkg runs dpkg, waiting while another package manager holds its lock.
func dpkg(t *testing.T, args ...string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		out, err := exec.Command("dpkg", args...).CombinedOutput()
		if err == nil {
			return
		}
		if !strings.Contains(string(out), "lock") || time.Now().After(deadline) {
			t.Fatalf("dpkg %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func owned(st os.FileInfo, name string) bool {
	u, err := user.Lookup(name)
	return err == nil && strconv.FormatUint(uint64(st.Sys().(*syscall.Stat_t).Uid), 10) == u.Uid
}

func ownedBy(st os.FileInfo, uid int) bool { return int(st.Sys().(*syscall.Stat_t).Uid) == uid }

func gid(t *testing.T, name string) uint32 {
	t.Helper()
	g, err := user.LookupGroup(name)
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseUint(g.Gid, 10, 32)
	if err != nil {
		t.Fatal(err)
	}
	return uint32(id)
}
