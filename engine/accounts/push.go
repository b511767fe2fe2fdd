package accounts

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/platform/outbound"
)

// PushSubscription is a browser's PushSubscription as its toJSON() gives
// it.
type PushSubscription struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// check refuses subscriptions a push service would not take or the
// engine will not call: the endpoint must be an https URL of a public
// address (push.CheckEndpoint) and the keys base64url of the right sizes.
func (p PushSubscription) check(ctx context.Context, guard *outbound.Guard) error {
	if err := push.CheckEndpoint(ctx, guard, p.Endpoint); err != nil {
		return ErrSubscriptionInvalid
	}
	key, err1 := base64.RawURLEncoding.DecodeString(trimPad(p.Keys.P256dh))
	auth, err2 := base64.RawURLEncoding.DecodeString(trimPad(p.Keys.Auth))
	if err1 != nil || err2 != nil || len(key) != 65 || len(auth) != 16 {
		return ErrSubscriptionInvalid
	}
	return nil
}

func trimPad(s string) string {
	for len(s) > 0 && s[len(s)-1] == '=' {
		s = s[:len(s)-1]
	}
	return s
}

// SavePush stores m's push subscription; an endpoint moves to whoever saved
// it last, and a member keeps push.MaxSubscriptions of them, the newest.
func (s *Service) SavePush(ctx context.Context, m *Account, p PushSubscription) error {
	if err := p.check(ctx, s.Outbound); err != nil {
		return err
	}
	return push.Subscribe(ctx, s.Pool, push.Subscription{
		MemberID: m.ID, Endpoint: p.Endpoint, P256dh: trimPad(p.Keys.P256dh), Auth: trimPad(p.Keys.Auth),
	}, s.Now())
}

// Alerts are the alerts a logged-in member can dismiss (time bonus, profile
// photo, push, disabled notifications), plus the activation reminder; a
// dismissal is stored with its time and suppresses the alert afterwards.
var Alerts = []string{"time_bonus", "profile_photo", "push", "notifications_disabled", "activation"}

// DismissAlert stores that m dismissed alert, now.
func (s *Service) DismissAlert(ctx context.Context, m *Account, alert string) error {
	if !slices.Contains(Alerts, alert) {
		return ErrAlertInvalid.With(map[string]any{"alerts": Alerts})
	}
	if err := db.New(s.Pool).AlertDismiss(ctx, db.AlertDismissParams{MemberID: m.ID, Alert: alert, Now: s.Now()}); err != nil {
		return fmt.Errorf("dismiss alert: %w", err)
	}
	return nil
}
