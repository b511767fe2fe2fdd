package chat

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/tenancy"
)

// maxInbox bounds the staff inbox.
const maxInbox = 200

// AddStaff gives member the staff role on tenant: they may answer for the
// tenant's house profiles. The operators' console will manage this later.
func AddStaff(ctx context.Context, conn db.DBTX, member, tenant int64) error {
	if err := db.New(conn).StaffAdd(ctx, db.StaffAddParams{MemberID: member, TenantID: tenant}); err != nil {
		return fmt.Errorf("add staff %d: %w", member, err)
	}
	return nil
}

// AddStaffByEmail gives the tenant's member with this login email the staff
// role and returns their id; ErrNotFound when the tenant has no such
// member who can log in.
func (s *Service) AddStaffByEmail(ctx context.Context, tenant int64, email string) (int64, error) {
	id, err := db.New(s.Pool).StaffAddByEmail(ctx, db.StaffAddByEmailParams{TenantID: tenant, Email: email})
	if err != nil {
		return 0, notFound(fmt.Errorf("add staff %s: %w", email, err))
	}
	return id, nil
}

// RequireStaff fails with ErrNotStaff unless member is staff of tenant; a
// staff role of one tenant is worthless on another.
func (s *Service) RequireStaff(ctx context.Context, member, tenant int64) error {
	t, err := db.New(s.Pool).StaffTenant(ctx, member)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && t != tenant) {
		return ErrNotStaff
	}
	return err
}

// House names the house profile a conversation of the inbox belongs to.
type House struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// InboxEntry is one conversation of a house profile in the staff inbox.
type InboxEntry struct {
	Conversation      ConversationRef `json:"conversation"`
	House             House           `json:"house"`
	Profile           Card            `json:"profile"`
	NumUnreadMessages int             `json:"num_unread_messages"`
	LastMessage       *Message        `json:"last_message"`
	UpdatedAt         time.Time       `json:"updated_at"`
}

// Inbox lists the conversations of the tenant's house profiles, those with
// unread messages first.
func (s *Service) Inbox(ctx context.Context, t *tenancy.Tenant, staff int64) ([]InboxEntry, error) {
	if err := s.RequireStaff(ctx, staff, t.ID); err != nil {
		return nil, err
	}
	rows, err := db.New(s.Pool).StaffInbox(ctx, db.StaffInboxParams{TenantID: t.ID, MaxRows: maxInbox})
	if err != nil {
		return nil, fmt.Errorf("staff inbox of tenant %d: %w", t.ID, err)
	}
	out := make([]InboxEntry, len(rows))
	for i, r := range rows {
		v := s.viewFor(t, r.HouseID)
		e := InboxEntry{
			Conversation:      ConversationRef{ID: r.ConversationID},
			House:             House{ID: r.HouseID, Name: r.HouseName},
			Profile:           v.card(r.OtherID, r.Name, r.DateOfBirth, r.City, r.Country, "", false, "", ""),
			NumUnreadMessages: int(r.Unread),
			UpdatedAt:         r.LastMessageAt,
		}
		if r.LastID.Valid {
			m := v.message(db.Message{
				ID: r.LastID.Int64, ConversationID: r.ConversationID, SenderID: r.LastSenderID.Int64,
				Kind: r.LastKind.String, Body: r.LastBody.String, GiftID: r.LastGiftID.String, CreatedAt: r.LastCreatedAt.Time,
			})
			e.LastMessage = &m
		}
		out[i] = e
	}
	return out, nil
}

// houseOf finds the tenant's house profile in a conversation, checking
// that staff may answer for it.
func (s *Service) houseOf(ctx context.Context, t *tenancy.Tenant, staff, conversation int64) (int64, error) {
	if err := s.RequireStaff(ctx, staff, t.ID); err != nil {
		return 0, err
	}
	house, err := db.New(s.Pool).HouseOfConversation(ctx, db.HouseOfConversationParams{TenantID: t.ID, ConversationID: conversation})
	if err != nil {
		return 0, notFound(err)
	}
	return house, nil
}

// StaffOpen reads a house profile's conversation as that profile and marks
// it read.
func (s *Service) StaffOpen(ctx context.Context, t *tenancy.Tenant, staff, conversation int64) (Thread, error) {
	house, err := s.houseOf(ctx, t, staff, conversation)
	if err != nil {
		return Thread{}, err
	}
	return s.Open(ctx, t, house, conversation)
}

// Reply sends a message as the house profile of a conversation, written by
// staff; in names the content and client id.
func (s *Service) Reply(ctx context.Context, staff int64, in SendInput) (SendResult, error) {
	house, err := s.houseOf(ctx, in.Tenant, staff, in.ConversationID)
	if err != nil {
		return SendResult{}, err
	}
	in.SenderID, in.StaffID, in.ProfileID = house, staff, 0
	return s.Send(ctx, in)
}
