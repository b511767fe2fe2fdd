package sms_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"rendezvous/engine/delivery/sms"
)

const (
	testSID   = "AC0123456789abcdef0123456789abcdef"
	testToken = "s3cret-token"
)

// localTwilio is a local server speaking the part of Twilio's REST API the
// gateway uses: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
// HTTP Basic auth and a form body, answering 201 with the message resource
// or Twilio's error body. A To listed in fail answers that status.
type localTwilio struct {
	mu   sync.Mutex
	sent []map[string]string
	fail map[string]int
}

func (l *localTwilio) start(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2010-04-01/Accounts/{sid}/Messages.json", func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		if !ok || user != testSID || pass != testToken || r.PathValue("sid") != testSID {
			twilioError(w, 401, 20003, "Authenticate")
			return
		}
		if r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			twilioError(w, 400, 20001, "Unsupported content type")
			return
		}
		if err := r.ParseForm(); err != nil {
			twilioError(w, 400, 20001, "bad form")
			return
		}
		to, body := r.PostForm.Get("To"), r.PostForm.Get("Body")
		if to == "" {
			twilioError(w, 400, 21604, "A 'To' phone number is required.")
			return
		}
		if body == "" {
			twilioError(w, 400, 21602, "Message body is required.")
			return
		}
		if r.PostForm.Get("From") == "" && r.PostForm.Get("MessagingServiceSid") == "" {
			twilioError(w, 400, 21603, "A 'From' phone number is required.")
			return
		}
		if status, ok := l.fail[to]; ok {
			twilioError(w, status, 21211, "The 'To' number "+to+" is not a valid phone number.")
			return
		}
		l.mu.Lock()
		l.sent = append(l.sent, map[string]string{"To": to, "Body": body, "From": r.PostForm.Get("From"),
			"MessagingServiceSid": r.PostForm.Get("MessagingServiceSid")})
		l.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{"sid": "SM0123456789abcdef0123456789abcdef", "account_sid": testSID,
			"to": to, "from": r.PostForm.Get("From"), "body": body, "status": "queued", "error_code": nil, "error_message": nil,
			"api_version": "2010-04-01", "direction": "outbound-api"})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func twilioError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": code, "message": msg,
		"more_info": "https://www.twilio.com/docs/errors/" + strings.TrimSpace(http.StatusText(status)), "status": status})
}

func TestTwilioSendsTheFormWithBasicAuth(t *testing.T) {
	t.Parallel()
	local := &localTwilio{}
	base := local.start(t)
	g, err := sms.NewTwilio(sms.TwilioConfig{AccountSID: testSID, AuthToken: testToken, From: "+3197010000000", BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Send(context.Background(), sms.Message{TenantID: 1, To: "+31612345678", Text: "123456 is your code"}); err != nil {
		t.Fatal(err)
	}
	svc, err := sms.NewTwilio(sms.TwilioConfig{AccountSID: testSID, AuthToken: testToken, MessagingServiceSID: "MG0123", BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Send(context.Background(), sms.Message{To: "+4915123456789", Text: "654321"}); err != nil {
		t.Fatal(err)
	}
	local.mu.Lock()
	defer local.mu.Unlock()
	if len(local.sent) != 2 ||
		local.sent[0]["To"] != "+31612345678" || local.sent[0]["Body"] != "123456 is your code" || local.sent[0]["From"] != "+3197010000000" ||
		local.sent[1]["MessagingServiceSid"] != "MG0123" || local.sent[1]["From"] != "" {
		t.Fatalf("sent %v", local.sent)
	}
}

func TestTwilioErrors(t *testing.T) {
	t.Parallel()
	local := &localTwilio{fail: map[string]int{"+31600000000": 400, "+31600000429": 429, "+31600000500": 503}}
	base := local.start(t)
	good := sms.TwilioConfig{AccountSID: testSID, AuthToken: testToken, From: "Rendezvous", BaseURL: base}
	wrongToken := good
	wrongToken.AuthToken = "wrong"
	cases := []struct {
		name string
		cfg  sms.TwilioConfig
		to   string
		want error
		code int
	}{
		{"invalid number", good, "+31600000000", sms.ErrRejected, 21211},
		{"wrong credentials", wrongToken, "+31612345678", sms.ErrRejected, 20003},
		{"rate limited", good, "+31600000429", sms.ErrUnavailable, 21211},
		{"server failure", good, "+31600000500", sms.ErrUnavailable, 21211},
	}
	for _, c := range cases {
		g, err := sms.NewTwilio(c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		err = g.Send(context.Background(), sms.Message{To: c.to, Text: "x"})
		var te *sms.TwilioError
		if !errors.Is(err, c.want) || !errors.As(err, &te) || te.Code != c.code {
			t.Errorf("%s: %v, want %v with code %d", c.name, err, c.want, c.code)
		}
		if err != nil && strings.Contains(err.Error(), testToken) {
			t.Errorf("%s: the error shows the token: %v", c.name, err)
		}
	}
	// An unreachable gateway may be tried again.
	g, err := sms.NewTwilio(sms.TwilioConfig{AccountSID: testSID, AuthToken: testToken, From: "x", BaseURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Send(context.Background(), sms.Message{To: "+31612345678", Text: "x"}); !errors.Is(err, sms.ErrUnavailable) {
		t.Errorf("unreachable: %v", err)
	}
}

func TestNewTwilioChecksItsConfig(t *testing.T) {
	t.Parallel()
	for _, c := range []sms.TwilioConfig{
		{AccountSID: "AC123", AuthToken: testToken, From: "x"},
		{AccountSID: testSID, AuthToken: "", From: "x"},
		{AccountSID: testSID, AuthToken: testToken},
		{AccountSID: testSID, AuthToken: testToken, From: "x", BaseURL: "ftp://example.com"},
	} {
		if _, err := sms.NewTwilio(c); err == nil {
			t.Errorf("NewTwilio(%+v) took it", c)
		}
	}
}
