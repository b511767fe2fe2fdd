package membership

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/identity"
	"rendezvous/engine/likes"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/webapp"
)

// User is the member as GET /api/user.php answers it: the account's fields
// with the member's own profile.
type User struct {
	*accounts.AccountView
	Profile *profiles.Profile `json:"profile"`
	// ActivationReminder says the member is reminded to confirm the address:
	// not confirmed, profile disabled and email not switched off.
	ActivationReminder bool `json:"activation_reminder"`
}

// Of builds m's user object as of now.
func Of(ctx context.Context, pool *pgxpool.Pool, m *accounts.Account, now time.Time) (*User, error) {
	a, err := accounts.AccountOf(ctx, pool, m, now)
	if err != nil {
		return nil, err
	}
	u := &User{AccountView: a}
	p, err := profiles.Own(ctx, pool, m.ID, now)
	switch {
	case errors.Is(err, profiles.ErrNotFound):
	case err != nil:
		return nil, err
	default:
		u.Profile = &p
	}
	u.ActivationReminder = m.Status == accounts.StatusNotConfirmed && u.Profile != nil &&
		u.Profile.Status == "disabled" && len(m.NotificationsDisabled) == 0
	return u, nil
}

// Viewer tells the web app who is logged in, for the first paint: the same
// user object GET /api/user.php answers, and the navigation's badges (unread
// messages, new likes) so they show at once rather than after the first
// refresh.
func Viewer(svc *accounts.Service, chats *chat.Service, liked *likes.Service) webapp.ViewerFunc {
	return func(r *http.Request) (webapp.Viewer, error) {
		m := accounts.CurrentMember(r.Context())
		if m == nil {
			return webapp.Viewer{}, nil
		}
		u, err := Of(r.Context(), svc.Pool, m, svc.Now())
		if err != nil {
			return webapp.Viewer{}, err
		}
		unread, err := chats.Unread(r.Context(), m.ID)
		if err != nil {
			return webapp.Viewer{}, fmt.Errorf("unread messages of %d: %w", m.ID, err)
		}
		newLikes, err := liked.NewCount(r.Context(), tenancy.FromContext(r.Context()), m.ID)
		if err != nil {
			return webapp.Viewer{}, err
		}
		return webapp.Viewer{User: u, Language: m.Language, Counts: &webapp.NavCounts{UnreadMessages: unread, NewLikes: newLikes},
			Credits: u.Credits}, nil
	}
}

// ChatThread opens a conversation for the web app's first paint of its page
// (/chats/{id}): messages.php's answer (chat.Service.Open, so only a member
// of the conversation gets it and it is marked read as the app's call would)
// and the partner and messages the static first paint draws.
func ChatThread(chats *chat.Service) webapp.ChatFunc {
	return func(r *http.Request, conversation int64) (webapp.ChatThread, error) {
		m := identity.Current(r.Context())
		if m == nil {
			return webapp.ChatThread{}, identity.ErrAuthenticationRequired
		}
		th, err := chats.Open(r.Context(), tenancy.FromContext(r.Context()), m.ID, conversation)
		if err != nil {
			return webapp.ChatThread{}, fmt.Errorf("conversation %d of %d: %w", conversation, m.ID, err)
		}
		p := webapp.ChatPaint{
			Partner:     webapp.ChatPartner{ID: th.Profile.ID, Name: th.Profile.Name, Age: th.Profile.Age, Fictional: th.Profile.Fictional},
			OlderHidden: th.OlderHidden,
			Blocked:     th.Blocked,
			Messages:    make([]webapp.ChatPaintMessage, 0, len(th.Messages)),

			FreeMessagesLeft: th.FreeMessagesLeft,
		}
		if img := th.Profile.MainImage; img != nil {
			p.Partner.Thumb = img.ThumbURL
			if p.Partner.Thumb == "" {
				p.Partner.Thumb = img.URL
			}
		}
		for _, msg := range th.Messages {
			pm := webapp.ChatPaintMessage{Mine: msg.FromMe, Kind: msg.Kind, Text: msg.Text}
			if msg.Gift != nil {
				pm.GiftID, pm.GiftName = msg.Gift.ID, msg.Gift.Name
			}
			if msg.Photo != nil {
				pm.Photo = msg.Photo.ThumbURL
				if pm.Photo == "" {
					pm.Photo = msg.Photo.URL
				}
			}
			p.Messages = append(p.Messages, pm)
		}
		return webapp.ChatThread{Answer: th, Paint: p}, nil
	}
}
