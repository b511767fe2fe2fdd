package chat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// maxReviewed bounds the messages a moderator sees of one conversation.
const maxReviewed = 500

// ErrNoConversation: the two members never wrote to each other.
var ErrNoConversation = refusal.New(refusal.NotFound, "conversation_none", "These two members have no conversation.")

// Reviewed is a conversation as a moderator reads it for a complaint: every
// message (also those a member removed from their own view), oldest first,
// as the complaining member's side of it.
type Reviewed struct {
	Thread
	// MemberID is the member the thread is seen from (from_me).
	MemberID int64 `json:"member_id"`
}

// Review reads the conversation between member and other for a moderator:
// nothing is marked read and nobody is told. The caller (the console) reads
// it only for a complaint about it and writes the audit row.
func (s *Service) Review(ctx context.Context, t *tenancy.Tenant, member, other int64) (Reviewed, error) {
	q := db.New(s.Pool)
	c, err := q.ConversationWith(ctx, db.ConversationWithParams{MemberID: member, OtherID: other})
	if errors.Is(err, pgx.ErrNoRows) {
		return Reviewed{}, ErrNoConversation
	}
	if err != nil {
		return Reviewed{}, fmt.Errorf("conversation of %d with %d: %w", member, other, err)
	}
	rows, err := q.MessageList(ctx, db.MessageListParams{ConversationID: c.ID, ClearedThrough: 0, MaxRows: maxReviewed + 1})
	if err != nil {
		return Reviewed{}, fmt.Errorf("messages of conversation %d: %w", c.ID, err)
	}
	out := Reviewed{MemberID: member, Thread: Thread{Conversation: ConversationRef{ID: c.ID}, Messages: make([]Message, 0, len(rows))}}
	if len(rows) > maxReviewed {
		rows = rows[:maxReviewed]
		out.OlderHidden = true
	}
	slices.Reverse(rows)
	v, err := s.viewFor(t, member)
	if err != nil {
		return Reviewed{}, err
	}
	for _, r := range rows {
		out.Messages = append(out.Messages, v.message(r))
	}
	card, err := q.CardOfProfile(ctx, other)
	if err != nil {
		return Reviewed{}, notFound(err)
	}
	out.Profile = cardOf(v, card)
	return out, nil
}

// Photos sent in chat follow the brand's photo moderation (Send holds them
// pending on a brand that pre-moderates); operators decide on them in the
// console like on profile photos.

// ErrChatPhotoNotFound: no photo sent in chat by the tenant's members has this id.
var ErrChatPhotoNotFound = refusal.New(refusal.NotFound, "chat_photo_not_found", "This photo could not be found.")

// QueuedChatPhoto is a photo sent in chat as the console's card shows it:
// its sender (name, age, brand, their profile photos to compare with), to
// whom and when it was sent.
type QueuedChatPhoto struct {
	MessageID      int64            `json:"message_id"`
	ConversationID int64            `json:"conversation_id"`
	SenderID       int64            `json:"sender_id"`
	SenderName     string           `json:"sender_name"`
	Age            *int             `json:"age"`
	Brand          string           `json:"brand"`
	RecipientID    int64            `json:"recipient_id"`
	RecipientName  string           `json:"recipient_name"`
	Status         string           `json:"status"`
	RejectReason   string           `json:"reject_reason,omitempty"`
	URL            string           `json:"url"`
	ThumbURL       string           `json:"thumb_url"`
	SentAt         time.Time        `json:"sent_at"`
	OtherPhotos    []profiles.Image `json:"other_photos"`
}

// ChatPhotoQueue lists the chat photos of one status sent by t's members,
// oldest first, after the message afterID (0 from the start).
func ChatPhotoQueue(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, status string, afterID int64, limit int, now time.Time) ([]QueuedChatPhoto, error) {
	if !slices.Contains([]string{PhotoPending, PhotoActive, PhotoRejected}, status) {
		return nil, profiles.ErrPhotoStatus
	}
	rows, err := db.New(conn).ChatPhotoQueue(ctx, db.ChatPhotoQueueParams{TenantID: t.ID, Status: status, AfterID: afterID, MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("chat photo queue of tenant %d: %w", t.ID, err)
	}
	senders := make([]int64, len(rows))
	for i, r := range rows {
		senders[i] = r.SenderID
	}
	photos, err := profiles.MembersPhotos(ctx, conn, senders)
	if err != nil {
		return nil, err
	}
	prefix := t.Settings.CDNPrefix
	out := make([]QueuedChatPhoto, len(rows))
	for i, r := range rows {
		out[i] = QueuedChatPhoto{
			MessageID: r.ID, ConversationID: r.ConversationID, SenderID: r.SenderID, SenderName: r.SenderName,
			Age: profiles.AgeOn(r.SenderDateOfBirth, now), Brand: t.Name, RecipientID: r.RecipientID, RecipientName: r.RecipientName,
			Status: r.PhotoStatus, RejectReason: r.PhotoRejectReason, URL: mediaURL(prefix, r.PhotoFilename),
			ThumbURL: mediaURL(prefix, r.PhotoThumb), SentAt: r.CreatedAt, OtherPhotos: profiles.OtherThan(photos[r.SenderID], 0),
		}
	}
	return out, nil
}

// ChatPhotoDecision is a chat photo's status before and after an
// operator's decision, for the audit log.
type ChatPhotoDecision struct {
	MessageID    int64  `json:"message_id"`
	SenderID     int64  `json:"sender_id"`
	Status       string `json:"status"`
	RejectReason string `json:"reject_reason,omitempty"`
}

// ModerateChatPhoto is an operator's decision on a photo sent in chat by
// one of tenantID's members: active approves it (a photo that waited
// reaches its recipient now, counted unread), rejected keeps it from the
// recipient (or takes it down) with a reason its sender sees.
func ModerateChatPhoto(ctx context.Context, tx db.DBTX, tenantID, messageID int64, status, reason string) (ChatPhotoDecision, ChatPhotoDecision, error) {
	reason, err := profiles.DecisionReason(status, reason)
	if err != nil {
		return ChatPhotoDecision{}, ChatPhotoDecision{}, err
	}
	q := db.New(tx)
	row, err := q.ChatPhotoModerate(ctx, db.ChatPhotoModerateParams{ID: messageID, TenantID: tenantID, Status: status, Reason: reason})
	if errors.Is(err, pgx.ErrNoRows) {
		return ChatPhotoDecision{}, ChatPhotoDecision{}, ErrChatPhotoNotFound
	}
	if err != nil {
		return ChatPhotoDecision{}, ChatPhotoDecision{}, fmt.Errorf("moderate chat photo %d: %w", messageID, err)
	}
	if status == PhotoActive && row.StatusBefore != PhotoActive {
		// The recipient never saw it: it arrives now.
		if err := q.ChatPhotoDelivered(ctx, db.ChatPhotoDeliveredParams{MessageID: row.ID, ConversationID: row.ConversationID, SenderID: row.SenderID}); err != nil {
			return ChatPhotoDecision{}, ChatPhotoDecision{}, fmt.Errorf("deliver chat photo %d: %w", messageID, err)
		}
	}
	before := ChatPhotoDecision{MessageID: row.ID, SenderID: row.SenderID, Status: row.StatusBefore}
	after := ChatPhotoDecision{MessageID: row.ID, SenderID: row.SenderID, Status: row.PhotoStatus, RejectReason: row.PhotoRejectReason}
	return before, after, nil
}
