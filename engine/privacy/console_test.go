package privacy_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/privacy"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// The console builds a member's copy on request, with the same contents,
// audited at the build and every download; roles without members:write
// and other brands' staff reach none of it.
func TestConsoleBuildsTheCopyForAMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Femke", Credits: 30})
	spark := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "sparkusa"})
	support, s := env.Enrolled(t, staff.RoleSupport, "lustlokaal")
	moderator, _ := env.Enrolled(t, staff.RoleModerator, "lustlokaal")
	base := fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/data-export", made.ID)

	moderator.Do("POST", base, nil).Want(t, http.StatusForbidden, "")
	// Another brand's member is not found through this brand, and this
	// brand's staff have no say on the other.
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/data-export", spark.ID), nil).Want(t, http.StatusNotFound, "member_not_found")
	support.Do("POST", fmt.Sprintf("/admin/api/tenants/sparkusa/members/%d/data-export", spark.ID), nil).Want(t, http.StatusForbidden, "")

	res := support.Do("POST", base, nil)
	res.Want(t, http.StatusAccepted, "")
	if n := env.AuditCount(t, s.ID, "member.data_export"); n != 1 {
		t.Fatalf("%d audit rows of the build", n)
	}
	// Built without the member's daily limit, and without mailing them.
	support.Do("POST", base, nil).Want(t, http.StatusAccepted, "")
	var id int64
	deadline := time.Now().Add(15 * time.Second)
	for id == 0 && time.Now().Before(deadline) {
		var st export
		support.Do("GET", base, nil).JSON(t, &st)
		if st.Export != nil && st.Export.Status == "ready" {
			id = st.Export.ID
		}
		time.Sleep(20 * time.Millisecond)
	}
	if id == 0 {
		t.Fatal("the console's copy was not built")
	}
	if n := count(t, env, "SELECT count(*) FROM mailbox WHERE template = $1", privacy.Template); n != 0 {
		t.Fatalf("%d mails for the console's copies", n)
	}
	// The member's own status call shows only their own requests.
	var own export
	member.Do("GET", "/api/data-export.php", nil).JSON(t, &own)
	if own.Export != nil {
		t.Fatalf("the member sees the console's copy: %+v", own.Export)
	}
	member.Do("POST", "/api/data-export.php", nil).Want(t, http.StatusAccepted, "")

	file := fmt.Sprintf("%s/%d", base, id)
	moderator.Do("GET", file, nil).Want(t, http.StatusForbidden, "")
	res = support.Do("GET", file, nil)
	res.Want(t, http.StatusOK, "")
	z, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil {
		t.Fatal(err)
	}
	var got archive
	if err := json.Unmarshal(readZip(t, z, privacy.DataFile), &got); err != nil {
		t.Fatal(err)
	}
	if got.Account.ID != made.ID || got.Profile.Name != "Femke" || len(got.Ledger) != 1 {
		t.Fatalf("console copy: %+v %+v ledger %d", got.Account, got.Profile, len(got.Ledger))
	}
	if n := env.AuditCount(t, s.ID, "member.data_export_download"); n != 1 {
		t.Fatalf("%d audit rows of the download", n)
	}
	// The same copy through another member's path is not found.
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	support.Do("GET", fmt.Sprintf("/admin/api/tenants/lustlokaal/members/%d/data-export/%d", other.ID, id), nil).Want(t, http.StatusNotFound, "data_export_not_found")
}
