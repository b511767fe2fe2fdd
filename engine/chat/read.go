package chat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/live"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// maxChats bounds the conversation list; members with more see their most
// recent ones.
const maxChats = 500

func (s *Service) viewFor(t *tenancy.Tenant, member int64) (view, error) {
	gifts, err := Gifts(t)
	if err != nil {
		return view{}, err
	}
	return view{member: member, cdnPrefix: t.Settings.CDNPrefix, gifts: gifts, now: s.now()}, nil
}

// List is the member's conversation list, most recent first, without the
// conversations they removed.
func (s *Service) List(ctx context.Context, t *tenancy.Tenant, member int64) ([]Chat, error) {
	rows, err := db.New(s.Pool).ChatList(ctx, db.ChatListParams{MemberID: member, MaxRows: maxChats})
	if err != nil {
		return nil, fmt.Errorf("chats of member %d: %w", member, err)
	}
	v, err := s.viewFor(t, member)
	if err != nil {
		return nil, err
	}
	out := make([]Chat, len(rows))
	for i, r := range rows {
		out[i] = v.chat(r)
	}
	return out, nil
}

// Get is one conversation of the member, for the chat's top bar.
func (s *Service) Get(ctx context.Context, t *tenancy.Tenant, member, conversation int64) (Chat, error) {
	rows, err := db.New(s.Pool).ChatList(ctx, db.ChatListParams{
		MemberID: member, ConversationID: pgtype.Int8{Int64: conversation, Valid: true}, MaxRows: 1,
	})
	if err != nil {
		return Chat{}, fmt.Errorf("chat %d of member %d: %w", conversation, member, err)
	}
	if len(rows) == 0 {
		return Chat{}, ErrNotFound
	}
	v, err := s.viewFor(t, member)
	if err != nil {
		return Chat{}, err
	}
	return v.chat(rows[0]), nil
}

// With is the member's conversation with a profile (/members/{id}/chat);
// without one yet it has conversation id 0 and the profile's card, as long
// as the profile is one the member could write to.
func (s *Service) With(ctx context.Context, t *tenancy.Tenant, member, profile int64) (Chat, error) {
	q := db.New(s.Pool)
	c, err := q.ConversationWith(ctx, db.ConversationWithParams{MemberID: member, OtherID: profile})
	switch {
	case err == nil:
		chat, err := s.Get(ctx, t, member, c.ID)
		if !errors.Is(err, ErrNotFound) {
			return chat, err
		}
		// Removed from the member's list: shown as a fresh start.
	case !errors.Is(err, pgx.ErrNoRows):
		return Chat{}, err
	}
	party, err := q.PartyByID(ctx, profile)
	if err != nil {
		return Chat{}, notFound(err)
	}
	if profile == member || reachable(party, t, false) != nil {
		return Chat{}, ErrNotFound
	}
	card, err := q.CardOfProfile(ctx, profile)
	if err != nil {
		return Chat{}, notFound(err)
	}
	blocked, err := q.BlockExists(ctx, db.BlockExistsParams{BlockerID: profile, BlockedID: member})
	if err != nil {
		return Chat{}, err
	}
	if blocked {
		// A blocked member may not even see the blocker's profile.
		return Chat{}, profiles.Blocked(card.Name)
	}
	v, err := s.viewFor(t, member)
	if err != nil {
		return Chat{}, err
	}
	ch := Chat{Profile: cardOf(v, card)}
	if c.ID != 0 {
		ch.Conversation.ID = c.ID
	}
	return ch, nil
}

func (v view) chat(r db.ChatListRow) Chat {
	c := Chat{
		Conversation:      ConversationRef{ID: r.ConversationID},
		Profile:           v.card(r.OtherID, r.Name, r.DateOfBirth, r.City, r.Country, r.ProfileStatus, r.IsHouse, r.PhotoFilename, r.PhotoThumb),
		NumUnreadMessages: int(r.Unread),
		UpdatedAt:         r.LastMessageAt,
		Blocked:           r.Blocked,
	}
	if r.LastID.Valid {
		m := v.message(db.Message{
			ID: r.LastID.Int64, ConversationID: r.ConversationID, SenderID: r.LastSenderID.Int64,
			Kind: r.LastKind.String, Body: r.LastBody.String, GiftID: r.LastGiftID.String, CreatedAt: r.LastCreatedAt.Time,
		})
		// The list shows a preview only; the thread has the details.
		m.ClientID, m.Credits = "", 0
		c.LastMessage = &m
	}
	return c
}

// Thread is GET /api/messages.php: the visible messages of a conversation,
// oldest first.
type Thread struct {
	Conversation ConversationRef `json:"conversation"`
	Profile      Card            `json:"profile"`
	Messages     []Message       `json:"messages"`
	// OlderHidden is true when the history window cut older messages;
	// OlderHiddenText is then the notice to show above the first one.
	OlderHidden     bool   `json:"older_hidden"`
	OlderHiddenText string `json:"older_hidden_text,omitempty"`
	Blocked         bool   `json:"blocked"`
	// FreeMessagesLeft is how many more text messages the member may send
	// free (Service.FreeMessagesLeft), so the composer tells the price
	// before a send.
	FreeMessagesLeft int `json:"free_messages_left"`
}

// FreeMessagesLeft is how many of their brand's free messages (the brand
// file's free_messages, DefaultFreeMessages when it sets none) the member
// may still send: their text messages cost no credits until these are
// spent. Never below 0.
func (s *Service) FreeMessagesLeft(ctx context.Context, member int64) (int, error) {
	n, err := db.New(s.Pool).FreeMessagesLeft(ctx, db.FreeMessagesLeftParams{MemberID: member, DefaultFreeMessages: DefaultFreeMessages})
	if err != nil {
		return 0, fmt.Errorf("free messages of member %d: %w", member, notFound(err))
	}
	return int(n), nil
}

// Open reads a conversation for the member and marks it read (opening a
// conversation sets its unread count to 0). Staff open house profiles'
// conversations through it too.
func (s *Service) Open(ctx context.Context, t *tenancy.Tenant, member, conversation int64) (Thread, error) {
	q := db.New(s.Pool)
	c, err := q.ConversationOfMember(ctx, db.ConversationOfMemberParams{ConversationID: conversation, MemberID: member})
	if err != nil {
		return Thread{}, notFound(err)
	}
	history := t.Settings.ChatHistory
	if history <= 0 {
		history = defaultHistory
	}
	rows, err := q.MessageList(ctx, db.MessageListParams{ConversationID: c.ID, ClearedThrough: c.ClearedThrough, ViewerID: member, MaxRows: int32(history + 1)})
	if err != nil {
		return Thread{}, fmt.Errorf("messages of conversation %d: %w", c.ID, err)
	}
	th := Thread{Conversation: ConversationRef{ID: c.ID}, Messages: make([]Message, 0, len(rows))}
	if len(rows) > history {
		rows = rows[:history]
		th.OlderHidden, th.OlderHiddenText = true, OlderHiddenText
	}
	slices.Reverse(rows)
	v, err := s.viewFor(t, member)
	if err != nil {
		return Thread{}, err
	}
	if v.partnerRead, err = q.PartnerReadThrough(ctx, db.PartnerReadThroughParams{ConversationID: c.ID, OtherID: c.OtherID}); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Thread{}, fmt.Errorf("read receipts of conversation %d: %w", c.ID, err)
	}
	for _, r := range rows {
		th.Messages = append(th.Messages, v.message(r))
	}
	card, err := q.CardOfProfile(ctx, c.OtherID)
	if err != nil {
		return Thread{}, notFound(err)
	}
	th.Profile = cardOf(v, card)
	if th.Blocked, err = q.BlockExists(ctx, db.BlockExistsParams{BlockerID: c.OtherID, BlockedID: member}); err != nil {
		return Thread{}, err
	}
	if th.FreeMessagesLeft, err = s.FreeMessagesLeft(ctx, member); err != nil {
		return Thread{}, err
	}
	if err := s.markRead(ctx, q, c.ID, member, c.OtherID); err != nil {
		return Thread{}, err
	}
	return th, nil
}

// ReadEvent is the data of a "read" event: the other member has read the
// conversation up to ReadThrough, so the receiver's messages up to it show
// as read.
type ReadEvent struct {
	Conversation ConversationRef `json:"conversation"`
	ReadThrough  int64           `json:"read_through"`
}

// markRead records that member has seen the conversation up to its last
// message and, when that is news, tells the other member live (a read
// receipt). A read needs no transaction: the receipt describes a row that
// is already committed.
func (s *Service) markRead(ctx context.Context, q *db.Queries, conversation, member, other int64) error {
	through, err := q.ConversationRead(ctx, db.ConversationReadParams{ConversationID: conversation, MemberID: member})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("mark conversation %d read: %w", conversation, err)
	}
	e := ReadEvent{Conversation: ConversationRef{ID: conversation}, ReadThrough: through}
	if err := live.Publish(ctx, s.Pool, other, live.Event{Type: live.TypeRead, Data: e}); err != nil {
		return fmt.Errorf("read receipt of conversation %d: %w", conversation, err)
	}
	return nil
}

// Hide removes a conversation from the member's list only (DELETE
// /api/chat.php); the other member keeps it.
func (s *Service) Hide(ctx context.Context, member, conversation int64) error {
	n, err := db.New(s.Pool).ConversationHide(ctx, db.ConversationHideParams{ConversationID: conversation, MemberID: member})
	if err != nil {
		return fmt.Errorf("hide conversation %d: %w", conversation, err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Unread is the member's total of unread messages.
func (s *Service) Unread(ctx context.Context, member int64) (int64, error) {
	return db.New(s.Pool).UnreadTotal(ctx, member)
}
