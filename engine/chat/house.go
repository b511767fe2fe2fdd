package chat

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/tenancy"
)

// maxInbox bounds the chat operators' inbox.
const maxInbox = 200

// House names the house profile a conversation of the inbox belongs to.
type House struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// InboxEntry is one conversation of a house profile waiting for an answer
// in the chat operators' inbox of the operators' console.
type InboxEntry struct {
	Conversation      ConversationRef `json:"conversation"`
	House             House           `json:"house"`
	Profile           Card            `json:"profile"`
	NumUnreadMessages int             `json:"num_unread_messages"`
	LastMessage       *Message        `json:"last_message"`
	// WaitingSince is when the member's first unanswered message came.
	WaitingSince time.Time `json:"waiting_since"`
}

// HouseInbox lists the conversations of the tenant's house profiles whose
// last message is the member's, the one waiting longest first. The console
// decides who may see it.
func (s *Service) HouseInbox(ctx context.Context, t *tenancy.Tenant) ([]InboxEntry, error) {
	rows, err := db.New(s.Pool).HouseInbox(ctx, db.HouseInboxParams{TenantID: t.ID, MaxRows: maxInbox})
	if err != nil {
		return nil, fmt.Errorf("house inbox of tenant %d: %w", t.ID, err)
	}
	out := make([]InboxEntry, len(rows))
	for i, r := range rows {
		v, err := s.viewFor(t, r.HouseID)
		if err != nil {
			return nil, err
		}
		m := v.message(db.Message{
			ID: r.LastID, ConversationID: r.ConversationID, SenderID: r.LastSenderID,
			Kind: r.LastKind, Body: r.LastBody, GiftID: r.LastGiftID, CreatedAt: r.LastCreatedAt,
		})
		out[i] = InboxEntry{
			Conversation:      ConversationRef{ID: r.ConversationID},
			House:             House{ID: r.HouseID, Name: r.HouseName},
			Profile:           v.card(r.OtherID, r.Name, r.DateOfBirth, r.City, r.Country, "", false, "", ""),
			NumUnreadMessages: int(r.Unread),
			LastMessage:       &m,
			WaitingSince:      r.WaitingSince,
		}
	}
	return out, nil
}

// HouseThread is a house profile's conversation as the console shows it:
// the thread as the house profile sees it and, per message a house profile
// sent from the console, the staff account that wrote it.
type HouseThread struct {
	House House `json:"house"`
	Thread
	// AnsweredBy maps message ids to the login email of the staff account
	// that wrote them (absent for messages of members and of no account).
	AnsweredBy map[int64]string `json:"answered_by"`
}

// houseOf finds the tenant's house profile in a conversation: ErrNotFound
// for conversations of no house profile of this tenant.
func (s *Service) houseOf(ctx context.Context, t *tenancy.Tenant, conversation int64) (int64, error) {
	house, err := db.New(s.Pool).HouseOfConversation(ctx, db.HouseOfConversationParams{TenantID: t.ID, ConversationID: conversation})
	if err != nil {
		return 0, notFound(err)
	}
	return house, nil
}

// OpenAsHouse reads a house profile's conversation as that profile (marking
// it read for the profile), with who answered each of its messages.
func (s *Service) OpenAsHouse(ctx context.Context, t *tenancy.Tenant, conversation int64) (HouseThread, error) {
	house, err := s.houseOf(ctx, t, conversation)
	if err != nil {
		return HouseThread{}, err
	}
	th, err := s.Open(ctx, t, house, conversation)
	if err != nil {
		return HouseThread{}, err
	}
	q := db.New(s.Pool)
	card, err := q.CardOfProfile(ctx, house)
	if err != nil {
		return HouseThread{}, notFound(err)
	}
	answers, err := q.AnswersOfConversation(ctx, conversation)
	if err != nil {
		return HouseThread{}, fmt.Errorf("answers of conversation %d: %w", conversation, err)
	}
	out := HouseThread{House: House{ID: house, Name: card.Name}, Thread: th, AnsweredBy: map[int64]string{}}
	for _, a := range answers {
		out.AnsweredBy[a.ID] = a.AnsweredByEmail
	}
	return out, nil
}

// AnswerAsHouse sends a message as the house profile of in.ConversationID,
// written by the console's staff account answeredBy, recorded on the
// message. The member gets it live like any message; house profiles pay
// nothing.
func (s *Service) AnswerAsHouse(ctx context.Context, answeredBy int64, in SendInput) (SendResult, error) {
	house, err := s.houseOf(ctx, in.Tenant, in.ConversationID)
	if err != nil {
		return SendResult{}, err
	}
	in.SenderID, in.ProfileID = house, 0
	in.AnsweredBy = answeredBy
	return s.Send(ctx, in)
}

func answeredBy(id int64) pgtype.Int8 { return pgtype.Int8{Int64: id, Valid: id != 0} }
