package chat

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat/internal/db"
)

// PurgeMember erases what the chat area keeps of a member whose deletion
// became final, in the purge transaction tx: every conversation of theirs
// with its messages (the photos sent in them are released, and their blobs
// go once nothing else holds them) and the count of their free messages.
func (s *Service) PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	q := db.New(tx)
	ids, err := q.PhotoMessagesOfMember(ctx, member)
	if err != nil {
		return fmt.Errorf("photo messages of %d: %w", member, err)
	}
	holders := make([]string, len(ids))
	for i, id := range ids {
		holders[i] = messageHolder(id)
	}
	if err := s.Blobs.Release(ctx, tx, holders...); err != nil {
		return err
	}
	if err := q.ConversationsPurge(ctx, member); err != nil {
		return fmt.Errorf("purge conversations of %d: %w", member, err)
	}
	if err := q.FreeMessagesPurge(ctx, member); err != nil {
		return fmt.Errorf("purge free messages of %d: %w", member, err)
	}
	return nil
}

// FirstMessage writes a house profile's text to a member, sent at sentAt,
// as the start of their conversation: unread for the member, free for the
// house profile, with no events or pushes. It is for demo data; nothing
// happens when the two have a conversation already.
func FirstMessage(ctx context.Context, tx pgx.Tx, house, member int64, text string, sentAt time.Time) error {
	err := db.New(tx).FirstMessageInsert(ctx, db.FirstMessageInsertParams{HouseID: house, MemberID: member, Body: text, SentAt: sentAt})
	if err != nil {
		return fmt.Errorf("first message %d -> %d: %w", house, member, err)
	}
	return nil
}
