package chat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/limits"
	"rendezvous/engine/live"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// FreeConversations is how many conversations a free member may start;
// premium members start as many as they like.
const FreeConversations = 2

// DefaultFreeMessages is how many text messages a member of a brand whose
// file sets no free_messages sends before paying credits for them.
const DefaultFreeMessages = 5

// MaxFreeMessages bounds a brand's free_messages.
const MaxFreeMessages = 1000

// Defaults for tenants whose settings leave a bound at zero.
const (
	defaultHistory       = 100
	defaultMessageLength = 1000
	maxClientID          = 100
)

// OlderHiddenText is shown above a conversation whose history was cut.
const OlderHiddenText = "Older messages are no longer visible"

// Message kinds.
const (
	KindText  = "text"
	KindGift  = "gift"
	KindPhoto = "photo"
)

// States of a photo sent in chat, as of a profile photo.
const (
	PhotoActive   = "active"
	PhotoPending  = "pending"
	PhotoRejected = "rejected"
)

// The chat rules' refusals. Blocks between members are profiles' own
// (profiles.ErrBlocked, profiles.ErrYouBlocked).
var (
	// ErrNotFound means no such conversation or profile for this member.
	ErrNotFound = refusal.New(refusal.NotFound, "not_found", "This page could not be found")
	// ErrPremiumOnly means a free member tried to start one conversation
	// more than FreeConversations.
	ErrPremiumOnly = refusal.New(refusal.Forbidden, "premium_only", "This feature is only available for premium members.")
	// ErrInvisible means the recipient is invisible and has not contacted
	// the sender first.
	ErrInvisible = profiles.ErrInvisible
	// ErrSelf means a member wrote to themselves.
	ErrSelf = refusal.New(refusal.Invalid, "message_self", "You cannot send a message to yourself.")
	// ErrEmpty means a text message without text.
	ErrEmpty = refusal.New(refusal.Invalid, "message_empty", "Write a message first.")
	// ErrContent means not exactly one of text, gift and photo.
	ErrContent = refusal.New(refusal.Invalid, "message_content", "Send one text, gift or photo at a time.")
	// ErrGiftUnknown means a gift id the tenant's catalogue lacks.
	ErrGiftUnknown = refusal.New(refusal.Invalid, "gift_unknown", "This gift does not exist.")
	// ErrPhotoUnknown means a photo that is not the sender's own active photo.
	ErrPhotoUnknown = refusal.New(refusal.Invalid, "photo_unknown", "This photo does not exist.")
	// ErrClientID means a client id that is too long.
	ErrClientID = refusal.New(refusal.Invalid, "client_id_invalid", "The client_id is too long.")
	// ErrNotEnoughCredits means the sender's balance does not pay for the
	// message; notEnoughCredits fills it in.
	ErrNotEnoughCredits = refusal.New(refusal.PaymentRequired, "not_enough_credits",
		"You do not have enough credits to send this message to {name}.")
	// ErrTooLong means a text longer than the tenant's message_length.
	ErrTooLong = refusal.New(refusal.Invalid, "message_too_long", "The message is longer than {max} characters.")
	// ErrNoUploads means the service has no media store for uploaded photos.
	ErrNoUploads = refusal.New(refusal.Unavailable, "uploads_unavailable", "Photo uploads are not available right now.")
)

// notEnoughCredits refuses a message to recipient name that costs price
// when the sender has balance.
func notEnoughCredits(name string, price int, balance int64) error {
	return ErrNotEnoughCredits.With(map[string]any{"name": name, "price": price, "credits": balance})
}

// Pusher queues web pushes; push.Queuer is the engine's. A send reads
// whether the recipient subscribed with its other facts and passes it on.
type Pusher interface {
	QueueIfSubscribed(ctx context.Context, tx pgx.Tx, n push.Notification, subscribed bool) error
}

// Service runs the chat rules on the database.
type Service struct {
	Pool *pgxpool.Pool
	// Push, when set, notifies recipients who have no live stream open.
	Push Pusher
	// Mail, when set, queues the new-conversation and new-message mails of
	// recipients who have no live stream open (engine/notifications sends
	// them after the batch window, unless the message was read).
	Mail *delivery.Events
	Log  *slog.Logger
	Now  func() time.Time
	// Store and Images keep and re-encode photos uploaded in chat; without
	// them only the sender's profile photos can be sent.
	Store  media.Store
	Images *media.Processor
	// Blobs releases the blobs of purged conversations' photos.
	Blobs *media.Blobs
	// Limits counts the sends that are rate limited (SendInput.RateLimited).
	Limits *limits.Limiter
	// Live, when set, sends a send's live events after its commit through
	// the hub's notifier (live.Hub.Announce), so that sends do not queue
	// on PostgreSQL's notify lock; without it they go with the COMMIT.
	Live *live.Hub

	// freeMessages are the brands' free messages (FreeMessagesOf), read
	// once per tenant the directory loads rather than on every send (nil:
	// read every time).
	freeMessages *tenancy.Kept[int]
}

// Deps are what the chat takes from the rest of the engine; each field is
// described on Service. Every one is named where the service is built, so
// none is forgotten by a later assignment.
type Deps struct {
	Pool   *pgxpool.Pool
	Push   Pusher
	Mail   *delivery.Events
	Live   *live.Hub
	Limits *limits.Limiter
	Store  media.Store
	Images *media.Processor
	Blobs  *media.Blobs
	Log    *slog.Logger
}

// NewService returns the chat rules over d.
func NewService(d Deps) *Service {
	return &Service{Pool: d.Pool, Push: d.Push, Mail: d.Mail, Live: d.Live, Limits: d.Limits, Log: d.Log,
		Store: d.Store, Images: d.Images, Blobs: d.Blobs, freeMessages: &tenancy.Kept[int]{}}
}

// FreeMessagesOf is the brand's free_messages (DefaultFreeMessages when its
// file sets none), read from its settings document as PostgreSQL reads a
// JSON number into an integer (rounded; the brand file holds a whole
// number).
func FreeMessagesOf(t *tenancy.Tenant) (int, error) {
	var doc struct {
		FreeMessages any `json:"free_messages"`
	}
	if len(t.RawSettings) > 0 {
		if err := json.Unmarshal(t.RawSettings, &doc); err != nil {
			return 0, fmt.Errorf("free messages of tenant %d: %w", t.ID, err)
		}
	}
	if n, ok := doc.FreeMessages.(float64); ok {
		return int(math.Round(n)), nil
	}
	return DefaultFreeMessages, nil
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// ConversationRef names a conversation in answers ({conversation: {id}}).
type ConversationRef struct {
	ID int64 `json:"id"`
}

// Card is the other member of a conversation as the chat screens show them.
type Card struct {
	ID        int64           `json:"id"`
	Name      string          `json:"name"`
	Age       int             `json:"age"`
	City      string          `json:"city"`
	Country   string          `json:"country"`
	Status    string          `json:"status"`
	MainImage *profiles.Image `json:"main_image"`
	// Fictional marks a house profile, which the client labels with the
	// tenant's fictional-profile settings.
	Fictional bool `json:"fictional"`
}

// Photo is a photo sent in a conversation.
type Photo struct {
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
	// Status is active, or for its sender only pending (waiting for an
	// operator on a brand that pre-moderates photos) or rejected, with the
	// operator's reason: the recipient sees a photo only once approved.
	Status       string `json:"status"`
	RejectReason string `json:"reject_reason,omitempty"`
}

// Message is one message as a member of its conversation sees it.
type Message struct {
	ID             int64  `json:"id"`
	ConversationID int64  `json:"conversation_id"`
	SenderID       int64  `json:"sender_id"`
	FromMe         bool   `json:"from_me"`
	Kind           string `json:"kind"`
	Text           string `json:"text"`
	Gift           *Gift  `json:"gift"`
	Photo          *Photo `json:"photo"`
	// Credits is what the message cost; shown to its sender only.
	Credits   int       `json:"credits"`
	ClientID  string    `json:"client_id,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	// Read tells the sender that the other member has opened the
	// conversation since this message arrived; false on received messages.
	Read bool `json:"read"`
}

// Chat is one entry of GET /api/chats.php.
type Chat struct {
	Conversation      ConversationRef `json:"conversation"`
	Profile           Card            `json:"profile"`
	NumUnreadMessages int             `json:"num_unread_messages"`
	LastMessage       *Message        `json:"last_message"`
	UpdatedAt         time.Time       `json:"updated_at"`
	// Blocked is true when the other member blocked this one, who then
	// cannot write to them.
	Blocked bool `json:"blocked"`
	// FreeMessagesLeft is the member's free messages left
	// (Service.FreeMessagesLeft), in the answer of one conversation only.
	FreeMessagesLeft *int `json:"free_messages_left,omitempty"`
}

// view renders stored rows for one member.
type view struct {
	member    int64
	cdnPrefix string
	gifts     []Gift
	now       time.Time
	// partnerRead is the newest message id the other member has seen.
	partnerRead int64
}

func (v view) message(m db.Message) Message {
	out := Message{
		ID: m.ID, ConversationID: m.ConversationID, SenderID: m.SenderID, FromMe: m.SenderID == v.member,
		Kind: m.Kind, Text: m.Body, CreatedAt: m.CreatedAt,
	}
	if out.FromMe {
		out.Credits, out.ClientID = int(m.Credits), m.ClientID
		out.Read = v.partnerRead > 0 && m.ID <= v.partnerRead
	}
	if m.Kind == KindGift {
		out.Gift = v.gift(m.GiftID)
	}
	if m.Kind == KindPhoto && m.PhotoFilename != "" {
		out.Photo = &Photo{URL: mediaURL(v.cdnPrefix, m.PhotoFilename), ThumbURL: mediaURL(v.cdnPrefix, m.PhotoThumb),
			Status: m.PhotoStatus, RejectReason: m.PhotoRejectReason}
	}
	return out
}

// gift finds a gift of the catalogue; a gift the operator removed since
// still shows by its id.
func (v view) gift(id string) *Gift {
	for _, g := range v.gifts {
		if g.ID == id {
			return &g
		}
	}
	return &Gift{ID: id, Name: id, Icon: "gift"}
}

func (v view) card(id int64, name string, dob pgtype.Date, city, country, status string, house bool, photo, thumb string) Card {
	c := Card{ID: id, Name: name, City: city, Country: country, Status: status, Fictional: house}
	if dob.Valid {
		c.Age = tenancy.Age(dob.Time, v.now)
	}
	if photo != "" {
		url := mediaURL(v.cdnPrefix, photo)
		c.MainImage = &profiles.Image{
			Filename: photo, ThumbFilename: thumb, Status: "active", Match: url,
			URL: url, ThumbURL: mediaURL(v.cdnPrefix, thumb),
		}
	}
	return c
}

// mediaURL is where the engine (or the tenant's CDN) serves a media key.
func mediaURL(cdnPrefix, key string) string {
	if key == "" {
		return ""
	}
	return media.URL(cdnPrefix, key)
}

// notFound turns the database's "no row" into the domain's ErrNotFound at
// the one place rows are read.
func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
