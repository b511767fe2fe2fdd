package notifications_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/live/livetest"
	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// amsterdam is the demo tenants' (LustLokaal's) time zone.
var amsterdam = mustZone("Europe/Amsterdam")

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// clock is a test clock the notification workers read while the test sets
// it.
type clock struct{ unix atomic.Int64 }

func (c *clock) now() time.Time { return time.Unix(c.unix.Load(), 0) }

// at sets the clock to today's hour:00 in Amsterdam.
func (c *clock) at(hour int) {
	now := time.Now().In(amsterdam)
	c.unix.Store(time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, amsterdam).Unix())
}

// at gives env's notifications a clock set to today's hour:00 in Amsterdam.
func at(env *servertest.Env, hour int) *clock {
	c := &clock{}
	c.at(hour)
	env.Notifications.Now = c.now
	return c
}

// member is a logged-in test member.
type member struct {
	*servertest.Client
	accountstest.Made
}

var clientIDs atomic.Int64

func newMember(t *testing.T, env *servertest.Env, m accountstest.Member) member {
	t.Helper()
	host := "localhost"
	if m.TenantSlug == "herzklopfen" {
		host = "herzklopfen.localhost"
	}
	c, made := env.LoggedIn(t, host, m)
	return member{Client: c, Made: made}
}

// send sends a text message to the member to and returns its conversation.
func (m member) send(t *testing.T, to member, text string) int64 {
	t.Helper()
	res := m.Do(http.MethodPost, "/api/messages.php", map[string]any{
		"profile_id": to.ID, "text": text, "client_id": fmt.Sprintf("n-%d", clientIDs.Add(1)),
	})
	var out struct {
		Message struct {
			ConversationID int64 `json:"conversation_id"`
		} `json:"message"`
	}
	if res.Status != http.StatusCreated {
		t.Fatalf("send: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &out)
	return out.Message.ConversationID
}

// read opens a conversation, which marks it read.
func (m member) read(t *testing.T, conv int64) {
	t.Helper()
	if res := m.Do(http.MethodGet, fmt.Sprintf("/api/messages.php?conversation=%d", conv), nil); res.Status != http.StatusOK {
		t.Fatalf("open conversation: %d %s", res.Status, res.Body)
	}
}

func (m member) like(t *testing.T, other member) {
	t.Helper()
	if res := m.Do(http.MethodPost, "/api/like.php", map[string]any{"profile_id": other.ID}); res.Status != http.StatusOK {
		t.Fatalf("like: %d %s", res.Status, res.Body)
	}
}

// eventJobs are the ids of the mail event jobs of a member that have not
// been worked to the end.
func eventJobs(t *testing.T, env *servertest.Env, memberID int64) []int64 {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), `SELECT id FROM river_job WHERE kind = 'notify_event'
		AND (args->>'member_id')::bigint = $1 AND state NOT IN ('completed', 'cancelled', 'discarded') ORDER BY id`, memberID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// flush ends the batch window of a member's waiting event mails: the jobs
// run now, and flush waits until each is done or deferred again.
func flush(t *testing.T, env *servertest.Env, memberID int64) {
	t.Helper()
	ctx := context.Background()
	ids := eventJobs(t, env, memberID)
	for _, id := range ids {
		if _, err := env.Jobs.JobRetry(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for _, id := range ids {
		for {
			var state string
			var errs []byte
			if err := env.Pool.QueryRow(ctx, "SELECT state, coalesce(errors::text, '')::bytea FROM river_job WHERE id = $1", id).Scan(&state, &errs); err != nil {
				t.Fatal(err)
			}
			if state == "completed" || state == "scheduled" {
				break
			}
			if state == "retryable" || state == "discarded" {
				t.Fatalf("event job %d: %s %s", id, state, errs)
			}
			if time.Now().After(deadline) {
				t.Fatalf("event job %d still %s", id, state)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// queued are the templates of the notification mails queued to email, in
// order (the send jobs; the mailbox gets them a moment later).
func queued(t *testing.T, env *servertest.Env, email string) []string {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), `SELECT args->'message'->>'template' FROM river_job
		WHERE kind = 'notify_send_mail' AND lower(args->'message'->>'to') = lower($1) ORDER BY id`, email)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// The event mails go out once each, in the member's language and with the
// brand's name: a new conversation, the messages of a conversation within
// the batch window in one mail, nothing for messages read meanwhile, a
// like, and a match.
func TestEventMails(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	at(env, 12)
	anton := newMember(t, env, accountstest.Member{Name: "Anton", Credits: 1000})
	bea := newMember(t, env, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})

	conv := anton.send(t, bea, "Hoi Bea")
	anton.send(t, bea, "Ben je er?")
	if n := len(eventJobs(t, env, bea.ID)); n != 1 {
		t.Fatalf("two messages within the window make %d mail jobs, want 1", n)
	}
	flush(t, env, bea.ID)
	mail := deliverytest.Await(t, env.Pool, bea.Email, "new_conversations", 0)
	if mail.Subject != "Anton is een gesprek met je begonnen" || !strings.Contains(mail.Text, "LustLokaal") ||
		!strings.Contains(mail.Text, fmt.Sprintf("/chats/%d", conv)) {
		t.Fatalf("new conversation mail %q:\n%s", mail.Subject, mail.Text)
	}

	// Bea reads; three more messages within the window are one mail.
	bea.read(t, conv)
	for _, text := range []string{"Een", "Twee", "Drie"} {
		anton.send(t, bea, text)
	}
	if n := len(eventJobs(t, env, bea.ID)); n != 1 {
		t.Fatalf("three messages make %d mail jobs, want 1", n)
	}
	flush(t, env, bea.ID)
	batch := deliverytest.Await(t, env.Pool, bea.Email, "new_messages_batch", mail.ID)
	if batch.Subject != "3 nieuwe berichten van Anton" {
		t.Fatalf("batch subject %q", batch.Subject)
	}

	// A message read before the window ends is not mailed.
	anton.send(t, bea, "Nog eentje")
	bea.read(t, conv)
	flush(t, env, bea.ID)
	if got := queued(t, env, bea.Email); !slices.Equal(got, []string{"new_conversations", "new_messages_batch"}) {
		t.Fatalf("mails to Bea %v", got)
	}

	// A like, then a match (Anton likes back), in the recipients' language.
	bea.like(t, anton)
	flush(t, env, anton.ID)
	like := deliverytest.Await(t, env.Pool, anton.Email, "like", 0)
	if like.Subject != "Bea vindt je leuk" {
		t.Fatalf("like subject %q", like.Subject)
	}
	anton.like(t, bea)
	flush(t, env, bea.ID)
	match := deliverytest.Await(t, env.Pool, bea.Email, "match", 0)
	if match.Subject != "Het is een match: Anton vindt jou ook leuk" {
		t.Fatalf("match subject %q", match.Subject)
	}

	// A Danish and a Polish member get theirs in their language.
	for _, tc := range []struct{ lang, subject string }{
		{"da", "Bea kan lide dig"},
		{"pl", "Bea cię lubi"},
	} {
		m := newMember(t, env, accountstest.Member{})
		env.Exec(t, `UPDATE members SET language = $2 WHERE id = $1`, m.ID, tc.lang)
		bea.like(t, m)
		flush(t, env, m.ID)
		if mail := deliverytest.Await(t, env.Pool, m.Email, "like", 0); mail.Subject != tc.subject {
			t.Errorf("%s like mail %q, want %q", tc.lang, mail.Subject, tc.subject)
		}
	}

	// German on Herzklopfen, with its own signature.
	hans := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen", Name: "Hans"})
	greta := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen", Name: "Greta", Gender: "female", Seeking: "male"})
	greta.like(t, hans)
	flush(t, env, hans.ID)
	de := deliverytest.Await(t, env.Pool, hans.Email, "like", 0)
	if de.Subject != "Greta mag dich" || !strings.Contains(de.Text, "dein Herzklopfen-Team") {
		t.Fatalf("german mail %q:\n%s", de.Subject, de.Text)
	}
}

// No mail where none must go: to a member connected to the live stream (no
// job at all), who switched the type off, whose e-mail is disabled by a
// complaint, a bounce or an unsubscribe, whose deletion is pending, who is
// banned, or who had the day's cap of the type.
func TestEventMailsSuppressed(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	at(env, 12)
	env.Notifications.Caps["like"] = 2
	disable := func(reason string) func(t *testing.T, m member) {
		return func(t *testing.T, m member) {
			env.Exec(t, `UPDATE members SET notifications_disabled = array_append(notifications_disabled, $2) WHERE id = $1`, m.ID, reason)
		}
	}
	cases := []struct {
		name   string
		setup  func(t *testing.T, m member)
		likes  int
		mailed int
		jobs   bool
	}{
		{"sent", func(*testing.T, member) {}, 1, 1, true},
		{"connected", func(t *testing.T, m member) {
			sub := env.Live.Subscribe(m.ID)
			t.Cleanup(func() { env.Live.Unsubscribe(sub) })
			livetest.AwaitConnected(t, env.Pool, m.ID, true)
		}, 1, 0, false},
		{"type switched off", func(t *testing.T, m member) {
			if res := m.Do(http.MethodPut, "/api/notifications.php", map[string]any{"disabled": []string{"like"}}); res.Status != http.StatusOK {
				t.Fatalf("settings: %d", res.Status)
			}
		}, 1, 0, true},
		{"fbl", disable("fbl"), 1, 0, true},
		{"bounce", disable("bounce"), 1, 0, true},
		{"list-unsubscribe", disable("list_unsubscribe"), 1, 0, true},
		{"deletion pending", func(t *testing.T, m member) {
			env.Exec(t, `UPDATE members SET status = 'deletion_pending', deletion_requested_at = now() WHERE id = $1`, m.ID)
		}, 1, 0, true},
		{"banned", func(t *testing.T, m member) { env.Exec(t, `UPDATE members SET banned_at = now() WHERE id = $1`, m.ID) }, 1, 0, true},
		{"suspended", func(t *testing.T, m member) {
			env.Exec(t, `UPDATE members SET suspended_until = now() + interval '1 day' WHERE id = $1`, m.ID)
		}, 1, 0, true},
		{"daily cap", func(*testing.T, member) {}, 3, 2, true},
	}
	for _, tc := range cases {
		target := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
		tc.setup(t, target)
		for i := 0; i < tc.likes; i++ {
			liker := newMember(t, env, accountstest.Member{})
			liker.like(t, target)
		}
		if jobs := len(eventJobs(t, env, target.ID)) > 0; jobs != tc.jobs {
			t.Errorf("%s: mail jobs queued %v, want %v", tc.name, jobs, tc.jobs)
		}
		flush(t, env, target.ID)
		if got := queued(t, env, target.Email); len(got) != tc.mailed {
			t.Errorf("%s: mails %v, want %d", tc.name, got, tc.mailed)
		}
	}
}

// In the quiet hours of the tenant's time zone a mail waits (the job is
// deferred to their end) and goes out afterwards.
func TestQuietHoursDefer(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := at(env, 23)
	target := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	newMember(t, env, accountstest.Member{Name: "Nachtuil"}).like(t, target)
	flush(t, env, target.ID)
	if got := queued(t, env, target.Email); len(got) != 0 {
		t.Fatalf("mailed in the quiet hours: %v", got)
	}
	var scheduled time.Time
	if err := env.Pool.QueryRow(context.Background(), `SELECT scheduled_at FROM river_job WHERE kind = 'notify_event'
		AND (args->>'member_id')::bigint = $1 AND state = 'scheduled'`, target.ID).Scan(&scheduled); err != nil {
		t.Fatalf("the mail is not deferred: %v", err)
	}
	// From 23:00 the quiet hours end at 08:00: nine hours on.
	if wait := time.Until(scheduled); wait < 8*time.Hour || wait > 10*time.Hour {
		t.Fatalf("deferred by %v, want until the end of the quiet hours", wait)
	}
	c.at(9)
	flush(t, env, target.ID)
	if mail := deliverytest.Await(t, env.Pool, target.Email, "like", 0); mail.Subject != "Nachtuil vindt je leuk" {
		t.Fatalf("after the quiet hours: %q", mail.Subject)
	}
}

func TestQuietHoursWait(t *testing.T) {
	t.Parallel()
	day := func(h, m int) time.Time { return time.Date(2026, 3, 28, h, m, 0, 0, amsterdam) }
	cases := []struct {
		q    notifications.QuietHours
		now  time.Time
		want time.Duration
	}{
		{notifications.DefaultQuietHours, day(12, 0), 0},
		{notifications.DefaultQuietHours, day(21, 59), 0},
		{notifications.DefaultQuietHours, time.Date(2026, 3, 20, 22, 0, 0, 0, amsterdam), 10 * time.Hour},
		// The night summer time begins has 23 hours: 22:00 to 08:00 is 9.
		{notifications.DefaultQuietHours, day(22, 0), 9 * time.Hour},
		{notifications.DefaultQuietHours, day(7, 30), 30 * time.Minute},
		{notifications.DefaultQuietHours, day(8, 0), 0},
		{notifications.DefaultQuietHours, day(23, 0), 8 * time.Hour},
		{notifications.QuietHours{From: 1, To: 6}, day(3, 0), 3 * time.Hour},
		{notifications.QuietHours{From: 1, To: 6}, day(23, 0), 0},
		{notifications.QuietHours{}, day(3, 0), 0},
	}
	for _, tc := range cases {
		if got := tc.q.Wait(tc.now); got != tc.want {
			t.Errorf("%+v at %s: %v, want %v", tc.q, tc.now.Format("15:04"), got, tc.want)
		}
	}
}

// Two engine instances on one database run the periodic job, each as a
// River job and at once by hand, several times: every reminder, unread-
// message reminder and weekly update goes out once, in the member's
// language; members who switched them off get none.
func TestPeriodicMailsOnceWithTwoInstances(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	twin := env.Twin(t)
	c := at(env, 12)
	twin.Notifications.Now = c.now
	ctx := context.Background()
	now := time.Now()

	unconfirmed := newMemberOnly(t, env, accountstest.Member{Status: "not_confirmed", SignupDate: now.Add(-48 * time.Hour)})
	unfinished := newMemberOnly(t, env, accountstest.Member{SignupDate: now.Add(-72 * time.Hour)})
	sender := newMember(t, env, accountstest.Member{Name: "Anton", Credits: 1000})
	reader := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	conv := sender.send(t, reader, "Hallo?")
	env.Exec(t, `UPDATE conversation_members SET last_message_at = now() - interval '2 days' WHERE conversation_id = $1`, conv)
	weekly := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male", SignupDate: now.Add(-10 * 24 * time.Hour)})
	sender.like(t, weekly)
	off := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male", SignupDate: now.Add(-10 * 24 * time.Hour)})
	if res := off.Do(http.MethodPut, "/api/notifications.php", map[string]any{"disabled": []string{"weekly_updates", "reminders"}}); res.Status != http.StatusOK {
		t.Fatalf("settings: %d", res.Status)
	}
	sender.like(t, off)

	// Both instances' job clients get digest jobs; both services also run
	// it by hand, all at the same time.
	done := make(chan error, 4)
	for _, e := range []*servertest.Env{env, twin, env, twin} {
		go func() { _, err := e.Notifications.Digest(ctx); done <- err }()
		if _, err := e.Jobs.Insert(ctx, notifications.DigestArgs{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var waiting int
		if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'notifications_digest' AND state <> 'completed'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d digest jobs not done", waiting)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var instances int
	if err := env.Pool.QueryRow(ctx, `SELECT count(DISTINCT attempted_by[1]) FROM river_job WHERE kind = 'notifications_digest'`).Scan(&instances); err != nil {
		t.Fatal(err)
	}
	t.Logf("digest jobs worked by %d clients", instances)
	// The likes' own mails come from their event jobs, which the instances
	// work beside the digests: they must be done before the mails are read.
	for {
		var working int
		if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'notify_event'
			AND state IN ('available', 'pending', 'running', 'retryable')`).Scan(&working); err != nil {
			t.Fatal(err)
		}
		if working == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mail event jobs not done", working)
		}
		time.Sleep(20 * time.Millisecond)
	}

	want := map[string][]string{
		unconfirmed.Email: {"reminders_confirm_email"},
		unfinished.Email:  {"reminders_profile"},
		reader.Email:      {"unread_message_reminders"},
		// The likes' own mails went out at once (no batch window).
		weekly.Email: {"like", "reminders_profile", "weekly_updates_summary"},
		off.Email:    {"like"},
		sender.Email: {},
	}
	for email, templates := range want {
		got := queued(t, env, email)
		slices.Sort(got)
		if !slices.Equal(got, templates) {
			t.Errorf("%s: mails %v, want %v once each", email, got, templates)
		}
	}
	// A later run sends none of them again.
	if n, err := twin.Notifications.Digest(ctx); err != nil || n != 0 {
		t.Fatalf("second run sent %d: %v", n, err)
	}
	mail := deliverytest.Await(t, env.Pool, weekly.Email, "weekly_updates_summary", 0)
	if mail.Subject != "Jouw week op LustLokaal" || !strings.Contains(mail.Text, "Likes ontvangen: 1") {
		t.Fatalf("weekly update %q:\n%s", mail.Subject, mail.Text)
	}
	confirm := deliverytest.Await(t, env.Pool, unconfirmed.Email, "reminders_confirm_email", 0)
	if confirm.Subject != "Bevestig je e-mailadres voor LustLokaal" {
		t.Fatalf("confirm reminder %q", confirm.Subject)
	}
}

// Promotions and news reach every member of the tenant who takes them,
// once per campaign key, not in the quiet hours.
func TestCampaign(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := at(env, 23)
	ctx := context.Background()
	nl := newMember(t, env, accountstest.Member{})
	off := newMember(t, env, accountstest.Member{})
	off.Do(http.MethodPut, "/api/notifications.php", map[string]any{"disabled": []string{"promotions"}})
	de := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen"})
	campaign := notifications.CampaignArgs{TenantID: nl.TenantID, Type: notifications.TypePromotions, Key: "lente", Text: "Dit weekend 50% extra credits."}

	// Until 08:00 the next morning (nine hours, but for a night when the
	// clocks change).
	night := c.now().In(amsterdam)
	want := time.Date(night.Year(), night.Month(), night.Day()+1, 8, 0, 0, 0, amsterdam).Sub(night)
	wait, sent, err := env.Notifications.Campaign(ctx, campaign)
	if err != nil || sent != 0 || wait != want {
		t.Fatalf("in the quiet hours: wait %v, sent %d, %v", wait, sent, err)
	}
	c.at(10)
	if _, sent, err := env.Notifications.Campaign(ctx, campaign); err != nil || sent == 0 {
		t.Fatalf("sent %d: %v", sent, err)
	}
	if _, sent, err := env.Notifications.Campaign(ctx, campaign); err != nil || sent != 0 {
		t.Fatalf("again: sent %d: %v", sent, err)
	}
	for _, tc := range []struct {
		m    member
		want int
	}{{nl, 1}, {off, 0}, {de, 0}} {
		if got := queued(t, env, tc.m.Email); len(got) != tc.want {
			t.Errorf("%s: %v, want %d", tc.m.Email, got, tc.want)
		}
	}
	mail := deliverytest.Await(t, env.Pool, nl.Email, "promotions", 0)
	if mail.Subject != "Een speciale aanbieding van LustLokaal" || !strings.Contains(mail.Text, "50% extra credits") ||
		mail.Headers["List-Unsubscribe"] == "" {
		t.Fatalf("promotion %q %v:\n%s", mail.Subject, mail.Headers, mail.Text)
	}
	for _, bad := range []notifications.CampaignArgs{
		{TenantID: nl.TenantID, Type: "like", Key: "k", Text: "x"},
		{TenantID: nl.TenantID, Type: notifications.TypeNews, Text: "x"},
		{TenantID: nl.TenantID, Type: notifications.TypeNews, Key: "k"},
		{TenantID: nl.TenantID, Type: notifications.TypeNews, Key: "k", Text: "x", Path: "https://evil.example"},
	} {
		if _, _, err := env.Notifications.Campaign(ctx, bad); !errors.Is(err, notifications.ErrCampaign) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// newMemberOnly makes a member without logging in (an unconfirmed member
// cannot).
func newMemberOnly(t *testing.T, env *servertest.Env, m accountstest.Member) accountstest.Made {
	t.Helper()
	return accountstest.NewMember(t, env.Pool, m)
}

// The weekly update counts the visits to the member's profile in the past
// week (member.php opened by other members, each at most once a day), in
// the plural form of the member's language.
func TestWeeklyUpdateCountsVisits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	at(env, 12)
	ctx := context.Background()
	old := time.Now().Add(-10 * 24 * time.Hour)
	cases := []struct {
		lang   string
		visits int
		want   string
	}{
		{"nl", 3, "Je profiel is 3 keer bekeken."},
		{"pl", 1, "Twój profil odwiedzono 1 raz."},
		{"pl", 2, "Twój profil odwiedzono 2 razy."},
		{"pl", 5, "Twój profil odwiedzono 5 razy."},
		{"en", 1, "Your profile was visited 1 time."},
		{"da", 2, "Din profil blev besøgt 2 gange."},
	}
	visitors := make([]member, 5)
	for i := range visitors {
		visitors[i] = newMember(t, env, accountstest.Member{Gender: "male", Seeking: "male"})
	}
	visited := make([]accountstest.Made, len(cases))
	for i, c := range cases {
		visited[i] = newMemberOnly(t, env, accountstest.Member{Gender: "female", Seeking: "female", SignupDate: old})
		env.Exec(t, "UPDATE members SET language = $2 WHERE id = $1", visited[i].ID, c.lang)
		for _, v := range visitors[:c.visits] {
			v.Do(http.MethodGet, fmt.Sprintf("/api/member.php?id=%d", visited[i].ID), nil).Want(t, http.StatusOK, "")
		}
	}
	// A visit of eight days ago is not of this week.
	env.Exec(t, `INSERT INTO profile_visits (visited_id, visitor_id, day, visited_at)
		VALUES ($1, $2, (now() - interval '8 days')::date, now() - interval '8 days')`, visited[0].ID, visitors[4].ID)

	if _, err := env.Notifications.Digest(ctx); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		mail := deliverytest.Await(t, env.Pool, visited[i].Email, "weekly_updates_summary", 0)
		if !strings.Contains(mail.Text, c.want) || !strings.Contains(mail.HTML, c.want) {
			t.Errorf("%s with %d visits: weekly update lacks %q:\n%s", c.lang, c.visits, c.want, mail.Text)
		}
	}
}
