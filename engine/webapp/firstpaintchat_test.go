package webapp

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

var chatTexts = firstPaintTexts{
	"en": {"messenger.allConversations": "All conversations", "messenger.log": "Messages with {{name}}", "messenger.olderHidden": "Older messages are hidden",
		"messenger.noMessages": "Say hello to {{name}}!", "messenger.blockedBy": "Blocked by {{name}}.", "messenger.message.gift": "Gift: {{name}}",
		"messenger.message.photo": "Photo", "messenger.composer.placeholder": "Write to {{name}}…", "messenger.composer.send": "Send",
		"gifts.rose": "Rose", "profileNote.title": "Your note on {{name}}",
		"messenger.composer.cost_one": "A message costs {{count}} credit.", "messenger.composer.cost_other": "A message costs {{count}} credits.",
		"messenger.composer.balance_one": "You have {{count}} credit.", "messenger.composer.balance_other": "You have {{count}} credits.",
		"messenger.composer.counter": "{{length}} / {{max}} characters", "messenger.composer.more": "Add a gift or a photo",
		"messenger.composer.free_one":   "This message is free. You have {{count}} free message left.",
		"messenger.composer.free_other": "This message is free. You have {{count}} free messages left."},
	"nl": {"messenger.composer.send": "Verstuur", "gifts.rose": "Roos", "messenger.message.gift": "Cadeau: {{name}}"},
}

// The chat's first paint draws the partner, the messages and the composer
// in the page's language, escapes what members wrote and is drawn only for
// a logged-in member whose boot state holds the conversation.
func TestChatFirstPaint(t *testing.T) {
	t.Parallel()
	theme := json.RawMessage(`{"colors": {"primary": "#c2410c", "border": "red;}</style><script>alert(1)</script>"}}`)
	partner := ChatPartner{ID: 42, Name: "Bob <i>", Age: 41, Thumb: "/media/ab/bob_t.jpg"}
	chat := &ChatPaint{Partner: partner, OlderHidden: true, Messages: []ChatPaintMessage{
		{Kind: "text", Text: "hello </li><script>alert(2)</script>"},
		{Mine: true, Kind: "gift", GiftID: "rose", GiftName: "Rose"},
		{Kind: "gift", GiftID: "unicorn", GiftName: "Unicorn"},
		{Mine: true, Kind: "photo", Photo: "/media/cd/pic_t.jpg"},
	}}
	member := Boot{Tenant: bootTenant{Name: "LustLokaal"}, Theme: theme, Locale: "nl", User: map[string]any{"id": 1}, chat: chat}
	member.Settings.VisibleProfileNotes = true
	member.Settings.MessageCredits, member.Settings.MessageLength, member.credits = 10, 1000, 1
	member.Settings.FictionalSingular = "Fictief profiel"
	member.chat.Partner.Fictional = true
	empty := member
	empty.chat = &ChatPaint{Partner: ChatPartner{ID: 42, Name: "élodie"}}
	free := member
	free.chat = &ChatPaint{Partner: partner, FreeMessagesLeft: 2}
	blocked := member
	blocked.chat = &ChatPaint{Partner: partner, Blocked: true, Messages: chat.Messages[:1]}
	visitor := member
	visitor.User = nil
	noThread := member
	noThread.chat = nil
	for _, c := range []struct {
		name, path string
		boot       Boot
		want, not  []string
	}{
		{"conversation", "/chats/7", member,
			[]string{`data-first-paint-chat`, `href="/members/42"`, `<img src="/media/ab/bob_t.jpg" alt="" width="36" height="36" fetchpriority="high" decoding="async">`,
				`aria-label="All conversations"`, `Older messages are hidden`,
				`<li class="fp-msg" data-first-paint-message>hello &lt;/li&gt;&lt;script&gt;alert(2)&lt;/script&gt;<small>`,
				`<li class="fp-msg fp-mine" data-first-paint-message><span class="fp-gift"></span>Cadeau: Roos<small>`, `Cadeau: Unicorn`,
				`<img src="/media/cd/pic_t.jpg" alt="Photo" decoding="async">`, `Write to Bob &lt;i&gt;…`, `<span class="fp-send" title="Verstuur"><svg`, `<span class="fp-tool" title="Add a gift or a photo"><svg`, `background:#c2410c`,
				`<details class="fp-notes"><summary>Your note on Bob &lt;i&gt;</summary></details>`,
				`<span>Bob &lt;i&gt;, 41<small> · Fictief profiel</small></span>`,
				`<div class="fp-info"><span>A message costs 10 credits. You have 1 credit.</span><span>0 / 1000 characters</span></div>`},
			[]string{`<i>`, `<script`, `Say hello`, `class="fp-blocked"`}},
		{"free messages left", "/chats/7", free, []string{`<span>This message is free. You have 2 free messages left.</span>`}, []string{`A message costs`}},
		{"no messages yet", "/chats/7", empty, []string{`Say hello to élodie!`, `<span class="fp-av" aria-hidden="true">É</span>`, `class="fp-comp"`}, []string{`<img`, `Older`}},
		{"blocked", "/chats/7", blocked, []string{`<p class="fp-blocked">Blocked by Bob &lt;i&gt;.</p>`}, []string{`class="fp-comp"`, `class="fp-notes"`}},
		{"a visitor", "/chats/7", visitor, nil, nil},
		{"not the member's conversation", "/chats/7", noThread, []string{`data-first-paint-shell`}, []string{`data-first-paint-chat`}},
		{"the conversation list", "/chats", member, []string{`data-first-paint-shell`}, []string{`data-first-paint-chat`}},
	} {
		got := string(firstPaint(chatTexts, c.boot, c.path))
		if c.want == nil {
			if got != "" {
				t.Errorf("%s: a first paint where the app draws the page: %s", c.name, got)
			}
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %s in %s", c.name, w, got)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: %s in %s", c.name, n, got)
			}
		}
	}
}

// index.html of a conversation's page carries the thread and its first
// paint for a logged-in member only; the chat is not even asked for a
// visitor, and a refusal (not the member's conversation) leaves the page to
// the app.
func TestServeIndexChat(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html":      {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body><div id="root"></div></body></html>`)},
		"firstpaint.json": {Data: []byte(`{"en": {"messenger.composer.send": "Send"}}`)},
	}
	app, err := New(dist, themes.FS, tenancy.Locator{}, func(r *http.Request) (Viewer, error) {
		if identity.Current(r.Context()) == nil {
			return Viewer{}, nil
		}
		return Viewer{User: map[string]any{"id": 1}}, nil
	}, Parts{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	app.Chat = func(r *http.Request, id int64) (ChatThread, error) {
		asked++
		if id != 7 {
			return ChatThread{}, refusal.New(refusal.NotFound, "not_found", "Not found")
		}
		return ChatThread{Answer: map[string]any{"conversation": map[string]any{"id": 7}, "messages": []any{map[string]any{"text": "secret-words"}}},
			Paint: ChatPaint{Partner: ChatPartner{ID: 3, Name: "Bob", Thumb: "/media/b_t.jpg"}, Messages: []ChatPaintMessage{{Kind: "text", Text: "secret-words"}}}}, nil
	}
	tenant := &tenancy.Tenant{Slug: "t", Name: "T", Theme: "amber", Locales: []string{"en"}, DefaultLocale: "en", Countries: []string{"US"}}
	serve := func(path string, member bool) string {
		r := httptest.NewRequest("GET", path, nil)
		ctx := tenancy.WithTenant(r.Context(), tenant)
		if member {
			ctx = identity.WithMember(ctx, identity.Member{ID: 1})
		}
		w := httptest.NewRecorder()
		app.ServeIndex(w, r.WithContext(ctx))
		if w.Code != 200 {
			t.Fatalf("%s: %d", path, w.Code)
		}
		return w.Body.String()
	}
	body := serve("/chats/7", true)
	for _, w := range []string{`<div id="root"><div class="fp fp-chat" data-first-paint data-first-paint-chat>`, `"thread":{"conversation":{"id":7}`,
		`<link rel="preload" as="image" href="/media/b_t.jpg" fetchpriority="high">`, `data-first-paint-message>secret-words<small>`} {
		if !strings.Contains(body, w) {
			t.Errorf("member: no %s in %s", w, body)
		}
	}
	if asked != 1 {
		t.Errorf("the chat was asked %d times, want 1", asked)
	}
	for name, page := range map[string]string{"a visitor": serve("/chats/7", false), "a refused conversation": serve("/chats/8", true)} {
		if strings.Contains(page, "secret-words") || strings.Contains(page, "data-first-paint-chat") || !strings.Contains(page, `"thread":null`) {
			t.Errorf("%s: %s", name, page)
		}
	}
	// A member's refused conversation still paints the header and a skeleton; the app shows the refusal.
	if page := serve("/chats/8", true); !strings.Contains(page, "data-first-paint-shell") {
		t.Errorf("a refused conversation: no first paint of the member's page: %s", page)
	}
	if asked != 3 {
		t.Errorf("the chat was asked %d times, want 3 (not for the visitor)", asked)
	}
}

// The composer's line takes the catalogues' plural forms as i18next names them.
func TestPluralOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		locale string
		n      int64
		want   string
	}{
		{"en", 1, "one"}, {"en", 0, "other"}, {"en", 10, "other"}, {"fr", 0, "one"}, {"fr", 2, "other"}, {"de", 1, "one"},
		{"pl", 1, "one"}, {"pl", 3, "few"}, {"pl", 22, "few"}, {"pl", 12, "many"}, {"pl", 5, "many"}, {"pl", 0, "many"},
		{"nl", 1, "one"}, {"nl", 2, "other"}, {"da", 1, "one"}, {"fi", 0, "other"}, {"it", 1, "one"}, {"it", 7, "other"},
	} {
		if got := pluralOf(c.locale, c.n); got != c.want {
			t.Errorf("pluralOf(%s, %d) = %s, want %s", c.locale, c.n, got, c.want)
		}
	}
}
