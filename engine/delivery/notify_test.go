package delivery_test

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes/themestest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func tenant(slug, name string) *tenancy.Tenant {
	return &tenancy.Tenant{ID: 1, Slug: slug, Name: name, PrimaryHost: slug + ".example",
		Settings: tenancy.Settings{MailName: name}, Company: tenancy.Company{Name: "Lokaal Media B.V.", City: "Amsterdam"}}
}

// keys flattens a catalogue's message ids.
func keys(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for id := range catalogue(t, path) {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Every language has every text of en, and nothing en lacks.
func TestCataloguesAreComplete(t *testing.T) {
	t.Parallel()
	want := strings.Join(keys(t, "locales/en.yaml"), "\n")
	files, _ := filepath.Glob("locales/*.yaml")
	if len(files) < 4 {
		t.Fatalf("catalogues %v", files)
	}
	for _, f := range files {
		if got := strings.Join(keys(t, f), "\n"); got != want {
			t.Errorf("%s has other ids than en.yaml:\n%s", f, got)
		}
	}
}

func TestRender(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, slug, locale, template string
		subject                      string
		text                         []string
	}{
		{"english", "lustlokaal", "en", delivery.Activation, "Confirm your email address for LustLokaal", []string{"Hi Eve,", "works for 7 days"}},
		{"french", "lustlokaal", "fr", delivery.PasswordReset, "Réinitialisez votre mot de passe sur LustLokaal", []string{"Bonjour Eve,", "24 heures"}},
		{"dutch", "lustlokaal", "nl", delivery.Deletion, "Je LustLokaal-account wordt verwijderd", []string{"Hoi Eve,", "2 januari 2030"}},
		{"german", "sparkusa", "de", delivery.MailChange, "Bestätige deine neue E-Mail-Adresse für Spark", []string{"eve@new.example"}},
		{"danish", "lustlokaal", "da", delivery.Activation, "Bekræft din e-mailadresse til LustLokaal", []string{"Hej Eve,", "virker i 7 dage"}},
		{"polish", "lustlokaal", "pl", delivery.PasswordReset, "Zresetuj hasło w serwisie LustLokaal", []string{"Cześć Eve,", "24 godz."}},
		{"swedish", "lustlokaal", "sv", delivery.Activation, "Bekräfta din e-postadress för LustLokaal", []string{"Hej Eve!", "gäller i 7 dagar"}},
		{"unknown language falls back to en", "lustlokaal", "pt", delivery.Activation, "Confirm your email address for LustLokaal", nil},
		{"a tenant's own wording", "herzklopfen", "de", delivery.Activation, "Nur noch ein Klick: Bestätige deine E-Mail-Adresse für Herzklopfen",
			[]string{"Herzliche Grüße, dein Herzklopfen-Team", "Willkommen bei Herzklopfen"}},
		{"a tenant's wording stays in its language", "herzklopfen", "en", delivery.Activation, "Confirm your email address for Herzklopfen",
			[]string{"The Herzklopfen team"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			name := map[string]string{"herzklopfen": "Herzklopfen", "sparkusa": "Spark"}[tc.slug]
			if name == "" {
				name = "LustLokaal"
			}
			msg, err := tpl.Render(delivery.Mail{
				Tenant: tenant(tc.slug, name), Locale: tc.locale, To: "eve@example.com", Template: tc.template,
				BaseURL: "https://" + tc.slug + ".example",
				Data:    map[string]any{"Name": "Eve", "Email": "eve@new.example", "Date": time.Date(2030, time.January, 2, 0, 0, 0, 0, time.UTC), "Days": 7, "Hours": 24},
				Action:  "https://" + tc.slug + ".example/go?token=abc",
			}, "")
			if err != nil {
				t.Fatal(err)
			}
			if msg.Subject != tc.subject {
				t.Errorf("subject %q", msg.Subject)
			}
			for _, w := range tc.text {
				if !strings.Contains(msg.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, msg.Text)
				}
			}
			if msg.From != `"`+name+`" <noreply@`+tc.slug+`.example>` || len(msg.Links) != 1 || msg.Headers != nil {
				t.Errorf("from %q links %v headers %v", msg.From, msg.Links, msg.Headers)
			}
			if !strings.Contains(msg.HTML, `href="https://`+tc.slug+`.example/go?token=abc"`) {
				t.Errorf("html lacks the button:\n%s", msg.HTML)
			}
		})
	}
}

func TestRenderEscapesAndMarksBulkMail(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := tpl.Render(delivery.Mail{
		Tenant: tenant("lustlokaal", "LustLokaal"), Locale: "en", To: "eve@example.com", Template: "new_messages",
		BaseURL: "https://lustlokaal.example", Data: map[string]any{"Name": "Eve", "Other": `<img src=x onerror=alert(1)>`},
		Action: "https://lustlokaal.example/chats/1", Unsubscribe: "https://lustlokaal.example/hooks/mail/unsubscribe?token=t",
	}, "mail@lustlokaal.example")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(msg.HTML, "<img") || !strings.Contains(msg.HTML, "&lt;img") {
		t.Fatalf("markup in a name reached the HTML:\n%s", msg.HTML)
	}
	if msg.Headers["List-Unsubscribe"] != "<https://lustlokaal.example/hooks/mail/unsubscribe?token=t>" ||
		msg.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" || len(msg.Links) != 2 ||
		!strings.Contains(msg.Text, "Unsubscribe from these emails: https://lustlokaal.example/hooks/mail/unsubscribe?token=t") {
		t.Fatalf("bulk mail %v %v\n%s", msg.Headers, msg.Links, msg.Text)
	}
	raw, err := delivery.Compose(msg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"List-Unsubscribe: <https://lustlokaal.example/hooks/mail/unsubscribe?token=t>\r\n",
		"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n", "From: \"LustLokaal\" <mail@lustlokaal.example>\r\n"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("composed mail lacks %q", want)
		}
	}
	if _, err := tpl.Render(delivery.Mail{Tenant: tenant("lustlokaal", "L"), Template: "no_such_mail"}, ""); err == nil {
		t.Fatal("an unknown template rendered")
	}
}

func TestComposeKeepsHeadersOnOneLine(t *testing.T) {
	t.Parallel()
	raw, err := delivery.Compose(delivery.Message{From: "a@b.example", To: "c@d.example", Subject: "Hi\r\nBcc: evil@example.com",
		Text: "x", HTML: "<p>x</p>"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "\r\nBcc:") {
		t.Fatalf("header injection:\n%s", raw)
	}
}

// Mail goes over STARTTLS with the URL's credentials, and two messages share
// one connection.
func TestSMTPSender(t *testing.T) {
	t.Parallel()
	srv := deliverytest.NewSTARTTLSServer(t)
	s, err := delivery.NewSMTP("smtp://user:secret@"+srv.Addr, srv.ClientTLS())
	if err != nil {
		t.Fatal(err)
	}
	msg := delivery.Message{From: `"Spark" <noreply@spark.example>`, To: "eve@example.com", Subject: "Hallo Zoë", Text: "hi", HTML: "<p>hi</p>",
		Headers: map[string]string{"List-Unsubscribe": "<https://spark.example/u>"}}
	for range 2 {
		if err := s.Send(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
	got := srv.Await(t, 2)
	if got.Auth != "\x00user\x00secret" || got.From != "noreply@spark.example" || got.To[0] != "eve@example.com" || !got.TLS ||
		!strings.Contains(got.Data, "Subject: =?UTF-8?q?Hallo_Zo=C3=AB?=") || !strings.Contains(got.Data, "List-Unsubscribe: <https://spark.example/u>") ||
		!strings.Contains(got.Data, "@spark.example>") {
		t.Fatalf("%+v", got)
	}
	if n := srv.Connections(); n != 1 {
		t.Errorf("two messages took %d connections, want 1 kept open", n)
	}
	for _, bad := range []string{"", "http://mail.example", "smtp://", "::", "smtp://mail.example?tls=maybe", "smtp://mail.example:port"} {
		if _, err := delivery.NewSMTP(bad, nil); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A server that does not offer STARTTLS (or a man in the middle who strips
// it from the answer) gets no mail and no password, unless the URL says the
// relay is trusted without TLS.
func TestSMTPRequiresTLS(t *testing.T) {
	t.Parallel()
	srv := deliverytest.NewSMTPServer(t)
	msg := delivery.Message{From: "noreply@spark.example", To: "eve@example.com", Subject: "Hi", Text: "hi", HTML: "<p>hi</p>"}
	s, err := delivery.NewSMTP("smtp://user:secret@"+srv.Addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), msg); err == nil {
		t.Fatal("mail went to a server without STARTTLS")
	}
	plain, err := delivery.NewSMTP("smtp://"+srv.Addr+"?tls=none", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	if got := srv.Await(t, 1); got.TLS || got.Auth != "" || got.To[0] != "eve@example.com" {
		t.Fatalf("%+v", got)
	}
}

func TestMailboxKeepsMailPerTenantNewestFirst(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	if err := pool.QueryRow(ctx, "SELECT array_agg(id ORDER BY position) FROM tenants").Scan(&ids); err != nil {
		t.Fatal(err)
	}
	box := &delivery.Mailbox{Pool: pool}
	for i, subject := range []string{"first", "second"} {
		if err := box.Send(ctx, delivery.Message{TenantID: ids[0], To: "a@example.com", Subject: subject, Links: []string{"https://x/" + subject},
			Headers: map[string]string{"X-N": subject}}); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
	}
	if err := box.Send(ctx, delivery.Message{TenantID: ids[1], To: "b@example.com", Subject: "other"}); err != nil {
		t.Fatal(err)
	}
	got, err := box.List(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Subject != "second" || got[1].Links[0] != "https://x/first" || got[0].Headers["X-N"] != "second" {
		t.Fatalf("%+v", got)
	}
}

// The footer says which company a trade name belongs to, in the mail's
// language, with the brand's own trade name when the company lists it.
func TestRenderTradeName(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	lokaal := tenancy.Company{Name: "Lokaal Media B.V.", Address: "Herengracht 420", City: "Amsterdam", Country: "NL",
		KVK: "81234567", Tradenames: []string{"LustLokaal", "Lokaal Dates"}}
	identity := "Lokaal Media B.V., Herengracht 420, Amsterdam, NL, KvK 81234567"
	for _, c := range []struct {
		name, brand, locale string
		company             tenancy.Company
		want, notWant       string
	}{
		{"the brand's trade name", "Lokaal Dates", "en", lokaal, "Lokaal Dates is a trade name of " + identity + ".", ""},
		{"in Dutch", "LustLokaal", "nl", lokaal, "LustLokaal is een handelsnaam van " + identity + ".", ""},
		{"in Polish", "LustLokaal", "pl", lokaal, "LustLokaal jest nazwą handlową firmy " + identity + ".", ""},
		{"a brand not listed takes the first", "Flirt Fabriek", "en", lokaal, "LustLokaal is a trade name of " + identity + ".", ""},
		{"no trade names: the company", "Spark", "en", tenancy.Company{Name: "Spark Social LLC", City: "Austin", Country: "US"},
			"Spark Social LLC, Austin, US", "trade name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tn := &tenancy.Tenant{ID: 1, Slug: "brand", Name: c.brand, PrimaryHost: "brand.example", Company: c.company}
			msg, err := tpl.Render(delivery.Mail{Tenant: tn, Locale: c.locale, To: "eve@example.com", Template: delivery.Activation,
				BaseURL: "https://brand.example", Data: map[string]any{"Name": "Eve", "Days": 7}}, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, body := range []string{msg.Text, msg.HTML} {
				if !strings.Contains(body, c.want) {
					t.Errorf("mail lacks %q:\n%s", c.want, body)
				}
				if c.notWant != "" && strings.Contains(body, c.notWant) {
					t.Errorf("mail has %q", c.notWant)
				}
			}
		})
	}
}

// A date in a mail's data is written as the reader's language writes it:
// the deletion mail names the day of the purge in every site language.
func TestRenderWritesDatesInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"da": "24. november 2026", "de": "24. November 2026", "en": "November 24, 2026", "es": "24 de noviembre de 2026",
		"fi": "24. marraskuuta 2026", "fr": "24 novembre 2026", "it": "24 novembre 2026", "nb": "24. november 2026",
		"nl": "24 november 2026", "pl": "24 listopada 2026", "sv": "24 november 2026",
	}
	for _, lang := range siteLocales {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			msg, err := tpl.Render(delivery.Mail{
				Tenant: tenant("lustlokaal", "LustLokaal"), Locale: lang, To: "eve@example.com", Template: delivery.Deletion,
				BaseURL: "https://lustlokaal.example", Action: "https://lustlokaal.example/account-deleted?token=t",
				Data: map[string]any{"Name": "Eve", "Date": time.Date(2026, time.November, 24, 3, 0, 0, 0, time.UTC)},
			}, "")
			if err != nil {
				t.Fatal(err)
			}
			if want[lang] == "" || !strings.Contains(msg.Text, want[lang]) || !strings.Contains(msg.HTML, want[lang]) {
				t.Errorf("mail lacks %q:\n%s", want[lang], msg.Text)
			}
			if strings.Contains(msg.Text, "2026-11-24") {
				t.Errorf("mail has the ISO date:\n%s", msg.Text)
			}
		})
	}
}

// Money and counted texts in a push's data are written in the reader's
// language too.
func TestPhraseWritesMoneyAndCountsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, want string }{
		{"nl", "Ana heeft je een cadeau gestuurd: €\u00a012,50"},
		{"en", "Ana sent you a gift: €12.50"},
		{"de", "Ana hat dir ein Geschenk geschickt: 12,50\u00a0€"},
	} {
		got, err := tpl.Phrase("", c.lang, "push_gift.body", map[string]any{"Other": "Ana", "Gift": locale.Amount{Minor: 1250, Currency: "EUR"}})
		if err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.lang, got, err, c.want)
		}
	}
	for _, c := range []struct {
		lang  string
		count int
		want  string
	}{
		{"pl", 1, "Twój profil odwiedzono 1 raz."}, {"pl", 3, "Twój profil odwiedzono 3 razy."},
		{"en", 1, "Your profile was visited 1 time."}, {"en", 4, "Your profile was visited 4 times."},
		{"da", 2, "Din profil blev besøgt 2 gange."},
	} {
		got, err := tpl.Phrase("", c.lang, "push_gift.body", map[string]any{"Other": "Ana",
			"Gift": delivery.Counted{ID: "weekly_updates_summary.visits", Count: c.count}})
		if err != nil || !strings.HasSuffix(got, c.want) {
			t.Errorf("%s %d: %q, %v; want the suffix %q", c.lang, c.count, got, err, c.want)
		}
	}
}
