package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// TwilioBaseURL is Twilio's REST API.
const TwilioBaseURL = "https://api.twilio.com"

// twilioTimeout bounds one call to Twilio.
const twilioTimeout = 15 * time.Second

// TwilioConfig configures the Twilio gateway (TWILIO_* variables).
type TwilioConfig struct {
	// AccountSID (AC...) names the account and is the Basic auth user.
	AccountSID string
	// AuthToken is the Basic auth password; it appears in no error or log.
	AuthToken string
	// From is the sender: a Twilio number in E.164 form or an alphanumeric
	// sender id. Either From or MessagingServiceSID is needed.
	From string
	// MessagingServiceSID (MG...) sends through a messaging service, which
	// picks the sender itself.
	MessagingServiceSID string
	// BaseURL is the API's root; TwilioBaseURL when empty (tests point it
	// at a local server).
	BaseURL string
	// HTTPClient makes the calls; nil is a client that follows no
	// redirects.
	HTTPClient *http.Client
}

// Twilio is the gateway over Twilio's Programmable Messaging REST API:
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json with the form
// fields To, Body and From (or MessagingServiceSid), authenticated with
// HTTP Basic (account SID, auth token). Twilio answers 201 with the
// message resource, or an error body {code, message, more_info, status}.
type Twilio struct {
	cfg    TwilioConfig
	base   string
	client *http.Client
}

var accountSIDPattern = regexp.MustCompile(`^AC[0-9a-fA-F]{32}$`)

// NewTwilio checks cfg and answers the gateway.
func NewTwilio(cfg TwilioConfig) (*Twilio, error) {
	if !accountSIDPattern.MatchString(cfg.AccountSID) {
		return nil, errors.New("sms: TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits")
	}
	if strings.TrimSpace(cfg.AuthToken) == "" || strings.ContainsAny(cfg.AuthToken, " \t\r\n") {
		return nil, errors.New("sms: TWILIO_AUTH_TOKEN is empty or contains white space")
	}
	if cfg.From == "" && cfg.MessagingServiceSID == "" {
		return nil, errors.New("sms: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID")
	}
	base := cfg.BaseURL
	if base == "" {
		base = TwilioBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("sms: Twilio base URL %q is not an http(s) URL", base)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	return &Twilio{cfg: cfg, base: strings.TrimRight(base, "/"), client: client}, nil
}

// TwilioError is Twilio's refusal of a request.
type TwilioError struct {
	Status   int    `json:"status"`
	Code     int    `json:"code"`
	Message  string `json:"message"`
	MoreInfo string `json:"more_info"`
	kind     error
}

func (e *TwilioError) Error() string {
	return fmt.Sprintf("twilio %d (error %d): %s", e.Status, e.Code, e.Message)
}

// Unwrap answers ErrRejected or ErrUnavailable.
func (e *TwilioError) Unwrap() error { return e.kind }

// Send posts m to Twilio's Messages resource.
func (t *Twilio) Send(ctx context.Context, m Message) error {
	ctx, cancel := context.WithTimeout(ctx, twilioTimeout)
	defer cancel()
	form := url.Values{}
	form.Set("To", m.To)
	form.Set("Body", m.Text)
	if t.cfg.MessagingServiceSID != "" {
		form.Set("MessagingServiceSid", t.cfg.MessagingServiceSID)
	} else {
		form.Set("From", t.cfg.From)
	}
	target := t.base + "/2010-04-01/Accounts/" + url.PathEscape(t.cfg.AccountSID) + "/Messages.json"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("sms: build request: %w", err)
	}
	req.SetBasicAuth(t.cfg.AccountSID, t.cfg.AuthToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%w: read answer: %w", ErrUnavailable, err)
	}
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		var msg struct {
			SID    string `json:"sid"`
			Status string `json:"status"`
		}
		if err := json.Unmarshal(raw, &msg); err != nil || msg.SID == "" {
			return fmt.Errorf("%w: answer %d is not a Twilio message", ErrUnavailable, res.StatusCode)
		}
		if msg.Status == "failed" || msg.Status == "undelivered" {
			return fmt.Errorf("%w: message %s is %s", ErrRejected, msg.SID, msg.Status)
		}
		return nil
	default:
		e := &TwilioError{kind: ErrRejected}
		if json.Unmarshal(raw, e) != nil || e.Message == "" {
			e.Message = "no Twilio error body"
		}
		e.Status = res.StatusCode
		if res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500 || res.StatusCode < 400 {
			e.kind = ErrUnavailable
		}
		return e
	}
}
