package notifications_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/notifications"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
)

// campaignOf answers the console's view of campaign key of typ on lustlokaal.
func campaignOf(t *testing.T, c *servertest.Client, typ, key string) notifications.CampaignState {
	t.Helper()
	var st notifications.CampaignState
	res := c.Do("GET", "/admin/api/tenants/lustlokaal/campaigns?type="+typ+"&key="+key, nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &st)
	return st
}

// TestConsoleCampaign: an operator previews a promotion's audience (the
// brand's members who take promotions, no other brand's), sends it
// (audited, queued once per key, after the quiet hours) and follows it
// until every member of the audience had it. Bad campaigns are refused
// with their code and queue nothing; moderators may not send.
func TestConsoleCampaign(t *testing.T) {
	t.Parallel()
	e := servertest.OnClock(servertest.New(t), servertest.NewClock())
	clock := at(e.Env, 23)
	op, opStaff := e.Enrolled(t, staff.RoleOperator, "*")
	mod, _ := e.Enrolled(t, staff.RoleModerator, "*")

	before := campaignOf(t, op, notifications.TypePromotions, "")
	takes := newMember(t, e.Env, accountstest.Member{})
	off := newMember(t, e.Env, accountstest.Member{})
	off.Do(http.MethodPut, "/api/notifications.php", map[string]any{"disabled": []string{"promotions"}}).Want(t, http.StatusOK, "")
	newMember(t, e.Env, accountstest.Member{TenantSlug: "herzklopfen"})
	preview := campaignOf(t, op, notifications.TypePromotions, "")
	if preview.Audience != before.Audience+1 || preview.Sent != 0 || preview.Language == "" {
		t.Fatalf("preview %+v, was %+v: want one more member (not the one who opted out, nor another brand's)", preview, before)
	}
	if news := campaignOf(t, op, notifications.TypeNews, ""); news.Audience != preview.Audience+1 {
		t.Errorf("news audience %d, promotions %d: the member who opted out of promotions still takes news", news.Audience, preview.Audience)
	}

	for _, bad := range []struct {
		body map[string]string
		code string
	}{
		{map[string]string{"type": "likes", "key": "winter", "text": "x"}, "campaign_type_invalid"},
		{map[string]string{"type": "promotions", "key": "winter sale!", "text": "x"}, "campaign_key_invalid"},
		{map[string]string{"type": "promotions", "key": "winter", "text": "  "}, "campaign_text_invalid"},
		{map[string]string{"type": "promotions", "key": "winter", "text": "x", "path": "https://evil.example/"}, "campaign_path_invalid"},
	} {
		op.Do("POST", "/admin/api/tenants/lustlokaal/campaigns", bad.body).Want(t, http.StatusUnprocessableEntity, bad.code)
	}
	op.Do("GET", "/admin/api/tenants/lustlokaal/campaigns?type=likes", nil).Want(t, http.StatusUnprocessableEntity, "campaign_type_invalid")
	mod.Do("GET", "/admin/api/tenants/lustlokaal/campaigns?type=promotions", nil).Want(t, http.StatusForbidden, "console_forbidden")
	mod.Do("POST", "/admin/api/tenants/lustlokaal/campaigns", map[string]string{"type": "promotions", "key": "winter", "text": "x"}).
		Want(t, http.StatusForbidden, "console_forbidden")
	if n := e.AuditCount(t, opStaff.ID, "campaign.send"); n != 0 {
		t.Fatalf("%d campaign.send audit rows after refusals", n)
	}

	send := map[string]string{"type": "promotions", "key": "winter-2026", "text": "Dit weekend 50% extra credits.", "path": "/credits"}
	var sent struct {
		notifications.CampaignState
		AlreadyQueued bool `json:"already_queued"`
	}
	res := op.Do("POST", "/admin/api/tenants/lustlokaal/campaigns", send)
	res.Want(t, http.StatusAccepted, "")
	res.JSON(t, &sent)
	morning := time.Date(time.Now().In(amsterdam).Year(), time.Now().In(amsterdam).Month(), time.Now().In(amsterdam).Day()+1, 8, 0, 0, 0, amsterdam)
	if sent.Audience != preview.Audience || sent.AlreadyQueued || !sent.StartsAt.Equal(morning) {
		t.Errorf("sent %+v: want the preview's audience %d, queued now, starting at %s", sent, preview.Audience, morning)
	}
	op.Do("POST", "/admin/api/tenants/lustlokaal/campaigns", send).JSON(t, &sent)
	if !sent.AlreadyQueued {
		t.Errorf("the same campaign sent twice was queued twice")
	}
	if n := e.AuditCount(t, opStaff.ID, "campaign.send"); n != 2 {
		t.Errorf("%d campaign.send audit rows, want one per send", n)
	}

	// In the morning the engine sends it: the progress counts the mails.
	clock.at(10)
	if _, _, err := e.Notifications.Campaign(context.Background(), notifications.CampaignArgs{TenantID: takes.TenantID, Type: "promotions", Key: "winter-2026", Text: send["text"], Path: "/credits"}); err != nil {
		t.Fatal(err)
	}
	done := campaignOf(t, op, notifications.TypePromotions, "winter-2026")
	if done.Sent != preview.Audience || done.Audience != 0 {
		t.Errorf("after sending: %+v, want %d sent and nobody left", done, preview.Audience)
	}
}
