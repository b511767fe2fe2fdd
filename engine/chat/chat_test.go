package chat_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/chat"
	"rendezvous/engine/server/servertest"
)

// A conversation from the first message to reading the answer: costs,
// unread counts, the list and the thread of both members.
func TestConversationRoundTrip(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100, Name: "Adam"})
	b := newMember(t, env, accountstest.Member{Credits: 50, Name: "Bea", Gender: "female", Seeking: "male"})

	first := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "  Hoi Bea!  "})
	if first.Credits != 90 || first.Message.Text != "Hoi Bea!" || !first.Message.FromMe || first.Message.Credits != 10 {
		t.Fatalf("first send %+v", first)
	}
	conv := first.Message.ConversationID
	a.mustSend(t, map[string]any{"conversation": map[string]any{"id": conv}, "text": "Zin in een drankje?"})

	list := b.chats(t)
	if len(list) != 1 || list[0].Conversation.ID != conv || list[0].Profile.ID != a.ID || list[0].Profile.Name != "Adam" ||
		list[0].NumUnreadMessages != 2 || list[0].LastMessage == nil || list[0].LastMessage.Text != "Zin in een drankje?" {
		t.Fatalf("b's chats %+v", list)
	}
	th := b.thread(t, conv)
	if len(th.Messages) != 2 || th.Messages[0].Text != "Hoi Bea!" || th.Messages[0].FromMe || th.Messages[0].Credits != 0 ||
		th.OlderHidden || th.Profile.ID != a.ID {
		t.Fatalf("b's thread %+v", th)
	}
	if got := b.chats(t)[0].NumUnreadMessages; got != 0 {
		t.Fatalf("opening the conversation left %d unread", got)
	}

	reply := b.mustSend(t, map[string]any{"conversation": conv, "text": "Graag!"})
	if reply.Credits != 40 || reply.Message.ConversationID != conv {
		t.Fatalf("reply %+v", reply)
	}
	if got := a.chats(t); len(got) != 1 || got[0].NumUnreadMessages != 1 || got[0].Profile.Name != "Bea" {
		t.Fatalf("a's chats %+v", got)
	}
	res := a.Do(http.MethodGet, fmt.Sprintf("/api/chat.php?id=%d", conv), nil)
	var one chat.Chat
	res.JSON(t, &one)
	if res.Status != http.StatusOK || one.Conversation.ID != conv || one.NumUnreadMessages != 1 {
		t.Fatalf("chat.php: %d %s", res.Status, res.Body)
	}
	res = a.Do(http.MethodGet, fmt.Sprintf("/api/chat.php?profile_id=%d", b.ID), nil)
	res.JSON(t, &one)
	if res.Status != http.StatusOK || one.Conversation.ID != conv {
		t.Fatalf("chat.php?profile_id: %d %s", res.Status, res.Body)
	}
	ledgerBalances(t, env, a.TenantID)
}

// Every refusal of POST /api/messages.php has its status, code and text,
// and charges nothing.
func TestSendRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	sender := newMember(t, env, accountstest.Member{Credits: 100})
	poor := newMember(t, env, accountstest.Member{Credits: 5})
	recipient := newMember(t, env, accountstest.Member{Name: "Carla", Gender: "female", Seeking: "male"})
	blocker := newMember(t, env, accountstest.Member{Name: "Dana", Gender: "female", Seeking: "male"})
	invisible := newMember(t, env, accountstest.Member{Name: "Eva", Gender: "female", Seeking: "male", Invisible: true})
	otherPool := newMember(t, env, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female", Seeking: "male"})
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", blocker.ID, sender.ID)
	var strangerPhoto int64
	if err := env.Pool.QueryRow(t.Context(), `INSERT INTO photos (profile_id, filename, thumb_filename) VALUES ($1, 'ab/x.jpg', 'ab/x_t.jpg') RETURNING id`,
		recipient.ID).Scan(&strangerPhoto); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		from    member
		body    map[string]any
		status  int
		code    string
		message string
	}{
		{"not enough credits", poor, map[string]any{"profile_id": recipient.ID, "text": "hi"}, 402, "not_enough_credits",
			"You do not have enough credits to send this message to Carla."},
		{"blocked", sender, map[string]any{"profile_id": blocker.ID, "text": "hi"}, 403, "blocked",
			"You're blocked by Dana. You do not have access to this page."},
		{"invisible", sender, map[string]any{"profile_id": invisible.ID, "text": "hi"}, 403, "invisible", ""},
		{"too long", sender, map[string]any{"profile_id": recipient.ID, "text": strings.Repeat("é", 1001)}, 422, "message_too_long", ""},
		{"empty", sender, map[string]any{"profile_id": recipient.ID, "text": "   "}, 422, "message_empty", ""},
		{"text and gift", sender, map[string]any{"profile_id": recipient.ID, "text": "hi", "gift_id": "rose"}, 422, "message_content", ""},
		{"unknown gift", sender, map[string]any{"profile_id": recipient.ID, "gift_id": "yacht"}, 422, "gift_unknown", ""},
		{"someone else's photo", sender, map[string]any{"profile_id": recipient.ID, "photo": strangerPhoto}, 422, "photo_unknown", ""},
		{"to self", sender, map[string]any{"profile_id": sender.ID, "text": "hi"}, 422, "message_self", ""},
		{"other pool", sender, map[string]any{"profile_id": otherPool.ID, "text": "hi"}, 404, "not_found", ""},
		{"unknown profile", sender, map[string]any{"profile_id": 999999, "text": "hi"}, 404, "not_found", ""},
		{"not my conversation", sender, map[string]any{"conversation": 999999, "text": "hi"}, 404, "not_found", ""},
		{"unknown field", sender, map[string]any{"profile_id": recipient.ID, "txt": "hi"}, 400, "unknown_field", ""},
		{"client id too long", sender, map[string]any{"profile_id": recipient.ID, "text": "hi", "client_id": strings.Repeat("x", 101)}, 422, "client_id_invalid", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := balance(t, env, c.from.ID)
			res, _ := c.from.send(t, c.body)
			var e struct{ Error, Message, Name string }
			res.JSON(t, &e)
			if res.Status != c.status || e.Error != c.code || (c.message != "" && e.Message != c.message) {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			if c.code == "not_enough_credits" && e.Name != "Carla" {
				t.Fatalf("no name field: %s", res.Body)
			}
			if after := balance(t, env, c.from.ID); after != before {
				t.Fatalf("charged %d on a refusal", before-after)
			}
		})
	}
	logout := env.Client(t, host)
	if res := logout.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": recipient.ID, "text": "hi"}); res.Status != 403 || res.ErrorCode() != "authentication_required" {
		t.Fatalf("logged out: %d %s", res.Status, res.Body)
	}
	ledgerBalances(t, env, sender.TenantID)
}

// Gifts and photos cost their own prices; the gift catalogue comes from the
// tenant file.
func TestGiftsAndPhotos(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	var gifts []chat.Gift
	res := env.Client(t, host).Do(http.MethodGet, "/api/gifts.php", nil)
	res.JSON(t, &gifts)
	if res.Status != http.StatusOK || len(gifts) != 5 || gifts[0] != (chat.Gift{ID: "rose", Name: "Rose", Icon: "rose", Credits: 25}) {
		t.Fatalf("gifts %d %s", res.Status, res.Body)
	}
	var photo int64
	if err := env.Pool.QueryRow(t.Context(), `INSERT INTO photos (profile_id, filename, thumb_filename) VALUES ($1, 'ab/me.jpg', 'ab/me_t.jpg') RETURNING id`,
		a.ID).Scan(&photo); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		body    map[string]any
		kind    string
		balance int64
	}{
		{map[string]any{"profile_id": b.ID, "gift_id": "champagne"}, chat.KindGift, 60},
		{map[string]any{"profile_id": b.ID, "photo": photo}, chat.KindPhoto, 45},
		{map[string]any{"profile_id": b.ID, "text": "x"}, chat.KindText, 35},
	}
	for _, s := range steps {
		got := a.mustSend(t, s.body)
		if got.Message.Kind != s.kind || got.Credits != s.balance {
			t.Fatalf("%v: %+v", s.body, got)
		}
	}
	th := b.thread(t, b.chats(t)[0].Conversation.ID)
	if g := th.Messages[0].Gift; g == nil || g.ID != "champagne" || g.Icon != "champagne" {
		t.Fatalf("gift message %+v", th.Messages[0])
	}
	if p := th.Messages[1].Photo; p == nil || p.URL != "/media/ab/me.jpg" || p.ThumbURL != "/media/ab/me_t.jpg" {
		t.Fatalf("photo message %+v", th.Messages[1])
	}
	ledgerBalances(t, env, a.TenantID)
}

// A free member starts at most two conversations; answering conversations
// others started stays possible, and premium members start as many as they
// like while still paying every message.
func TestFreeMembersStartTwoConversations(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	free := newMember(t, env, accountstest.Member{Credits: 100})
	paid := newMember(t, env, accountstest.Member{Credits: 100, PaidUser: true})
	var women []member
	for i := 0; i < 4; i++ {
		women = append(women, newMember(t, env, accountstest.Member{Credits: 20, Gender: "female", Seeking: "male"}))
	}
	free.mustSend(t, map[string]any{"profile_id": women[0].ID, "text": "1"})
	free.mustSend(t, map[string]any{"profile_id": women[1].ID, "text": "2"})
	res, _ := free.send(t, map[string]any{"profile_id": women[2].ID, "text": "3"})
	var e struct{ Error, Message string }
	res.JSON(t, &e)
	if res.Status != 403 || e.Error != "premium_only" || e.Message != "This feature is only available for premium members." {
		t.Fatalf("third conversation: %d %s", res.Status, res.Body)
	}
	// Writing on in a started conversation is fine, and so is answering.
	free.mustSend(t, map[string]any{"profile_id": women[0].ID, "text": "again"})
	w := women[3].mustSend(t, map[string]any{"profile_id": free.ID, "text": "hoi"})
	free.mustSend(t, map[string]any{"conversation": w.Message.ConversationID, "text": "hoi terug"})

	for i, wm := range women {
		got := paid.mustSend(t, map[string]any{"profile_id": wm.ID, "text": "hello"})
		if got.Credits != int64(90-10*i) {
			t.Fatalf("premium message %d: balance %d", i, got.Credits)
		}
	}
	ledgerBalances(t, env, free.TenantID)
}

// Removing a conversation hides it for that member only; a new message
// brings it back without the messages before the removal.
func TestHideConversation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Credits: 100, Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "old"}).Message.ConversationID

	for _, body := range []any{map[string]any{"conversation": map[string]any{"id": conv}}} {
		if res := a.Do(http.MethodDelete, "/api/chat.php", body); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
	}
	if res := b.Do(http.MethodDelete, "/api/chat.php", map[string]any{"conversation": map[string]any{"id": 999999}}); res.Status != 404 {
		t.Fatalf("delete unknown: %d", res.Status)
	}
	if got := a.chats(t); len(got) != 0 {
		t.Fatalf("a still lists %+v", got)
	}
	if got := b.chats(t); len(got) != 1 {
		t.Fatalf("b lost the conversation: %+v", got)
	}
	b.mustSend(t, map[string]any{"conversation": conv, "text": "new"})
	got := a.chats(t)
	if len(got) != 1 || got[0].NumUnreadMessages != 1 {
		t.Fatalf("a's list after a new message %+v", got)
	}
	th := a.thread(t, conv)
	if len(th.Messages) != 1 || th.Messages[0].Text != "new" {
		t.Fatalf("a sees %+v", th.Messages)
	}
	if th := b.thread(t, conv); len(th.Messages) != 2 {
		t.Fatalf("b sees %+v", th.Messages)
	}
}

// The thread shows the tenant's chat_history newest messages and says that
// older ones are no longer visible.
func TestHistoryWindow(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 1000})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	var conv int64
	for i := 1; i <= 5; i++ {
		conv = a.mustSend(t, map[string]any{"profile_id": b.ID, "text": fmt.Sprint(i)}).Message.ConversationID
	}
	lust := tenantBySlug(t, env, "lustlokaal")
	cases := []struct {
		history int
		texts   string
		hidden  bool
	}{
		{3, "345", true},
		{5, "12345", false},
		{100, "12345", false},
	}
	for _, c := range cases {
		tn := *lust
		tn.Settings.ChatHistory = c.history
		th, err := env.Chat.Open(t.Context(), &tn, b.ID, conv)
		if err != nil {
			t.Fatal(err)
		}
		var texts strings.Builder
		for _, m := range th.Messages {
			texts.WriteString(m.Text)
		}
		if texts.String() != c.texts || th.OlderHidden != c.hidden || (c.hidden && th.OlderHiddenText != "Older messages are no longer visible") {
			t.Fatalf("history %d: %q hidden %v %q", c.history, texts.String(), th.OlderHidden, th.OlderHiddenText)
		}
	}
}

// An invisible member must write or like first; a blocked member cannot write
// to the blocker, and a blocker must unblock before writing.
func TestInvisibleAndBlockedRules(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 200, PaidUser: true})
	shy := newMember(t, env, accountstest.Member{Credits: 50, Gender: "female", Seeking: "male", Invisible: true})
	liker := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male", Invisible: true})
	blocked := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male", Name: "Greta"})
	env.Exec(t, "INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)", liker.ID, a.ID)
	env.Exec(t, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", a.ID, blocked.ID)

	steps := []struct {
		name   string
		from   member
		body   map[string]any
		status int
		code   string
	}{
		{"invisible, not reached out", a, map[string]any{"profile_id": shy.ID, "text": "hi"}, 403, "invisible"},
		{"invisible writes first", shy, map[string]any{"profile_id": a.ID, "text": "hi there"}, 201, ""},
		{"then the other may answer", a, map[string]any{"profile_id": shy.ID, "text": "hello"}, 201, ""},
		{"invisible who liked first", a, map[string]any{"profile_id": liker.ID, "text": "thanks"}, 201, ""},
		{"blocker writes to the blocked", a, map[string]any{"profile_id": blocked.ID, "text": "hi"}, 403, "you_blocked"},
		{"blocked writes to the blocker", blocked, map[string]any{"profile_id": a.ID, "text": "hi"}, 403, "blocked"},
	}
	for _, s := range steps {
		res, _ := s.from.send(t, s.body)
		if res.Status != s.status || (s.code != "" && res.ErrorCode() != s.code) {
			t.Fatalf("%s: %d %s", s.name, res.Status, res.Body)
		}
	}
	res := blocked.Do(http.MethodGet, fmt.Sprintf("/api/chat.php?profile_id=%d", a.ID), nil)
	if res.Status != 403 || res.ErrorCode() != "blocked" {
		t.Fatalf("blocked member opens the blocker's chat: %d %s", res.Status, res.Body)
	}
}

// A photo uploaded with the message is re-encoded, stored, served and
// charged photo_credits; a file that is no image is refused uncharged.
func TestUploadedPhoto(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	upload := func(file []byte, clientID string) servertest.Response {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("profile_id", fmt.Sprint(b.ID))
		_ = mw.WriteField("client_id", clientID)
		fw, _ := mw.CreateFormFile("photo", "me.jpg")
		_, _ = fw.Write(file)
		_ = mw.Close()
		req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/messages.php", &buf)
		req.Host = a.Host
		req.Header.Set("Content-Type", mw.FormDataContentType())
		return a.Send(req)
	}
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for x := 0; x < 400; x++ {
		for y := 0; y < 300; y++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, img, nil); err != nil {
		t.Fatal(err)
	}

	res := upload([]byte("not an image at all"), cid())
	if res.Status != http.StatusUnsupportedMediaType || res.ErrorCode() != "photo_not_image" {
		t.Fatalf("not an image: %d %s", res.Status, res.Body)
	}
	// A damaged photo is refused as on photos.php, not failed.
	if res := upload(jpg.Bytes()[:jpg.Len()/2], cid()); res.Status != http.StatusUnprocessableEntity || res.ErrorCode() != "photo_broken" {
		t.Fatalf("truncated photo: %d %s", res.Status, res.Body)
	}
	id := cid()
	res = upload(jpg.Bytes(), id)
	var s sent
	res.JSON(t, &s)
	if res.Status != http.StatusCreated || s.Message.Kind != chat.KindPhoto || s.Message.Photo == nil || s.Credits != 85 {
		t.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	if again := upload(jpg.Bytes(), id); again.Status != http.StatusOK {
		t.Fatalf("retried upload: %d %s", again.Status, again.Body)
	}
	for _, u := range []string{s.Message.Photo.URL, s.Message.Photo.ThumbURL} {
		got := b.Do(http.MethodGet, u, nil)
		if got.Status != http.StatusOK || got.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("GET %s: %d %s", u, got.Status, got.Header.Get("Content-Type"))
		}
	}
	if got := balance(t, env, a.ID); got != 85 {
		t.Fatalf("balance %d", got)
	}
	ledgerBalances(t, env, a.TenantID)
}
