package chat

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/credits"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/limits"
	"rendezvous/engine/live"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
)

// SentPhoto is a photo already in the media store (an upload), sent as is.
type SentPhoto struct {
	Filename string
	Thumb    string
	// Hash is the upload's perceptual hash, for the trust check.
	Hash uint64
}

// SendInput is one message to send.
type SendInput struct {
	// Tenant is the tenant of the request: its settings price and bound the
	// message, its pool holds the profiles one may write to.
	Tenant   *tenancy.Tenant
	SenderID int64
	// ProfileID or ConversationID names the recipient.
	ProfileID      int64
	ConversationID int64
	// Exactly one of Text, GiftID, PhotoID and Photo.
	Text    string
	GiftID  string
	PhotoID int64
	Photo   *SentPhoto
	// ClientID makes the send idempotent per sender.
	ClientID string
	// AnsweredBy is the console's staff account writing for a house
	// profile (SenderID), recorded on the message.
	AnsweredBy int64
	// RateLimited counts the send against the sender's message limit
	// (limits.Message, Service.Limits) in the send's own transaction, with
	// its first statement: one round trip and one commit fewer than the
	// route's limit would cost. A send refused for any reason counts too.
	RateLimited bool
}

// SendResult is a sent message and the sender's balance after it.
type SendResult struct {
	Message Message `json:"message"`
	Credits int64   `json:"credits"`
	// FreeMessagesLeft is how many more text messages the sender may send
	// free (Service.FreeMessagesLeft).
	FreeMessagesLeft int `json:"free_messages_left"`
	// Replayed is true when ClientID named a message sent before: nothing
	// was sent or charged again.
	Replayed bool `json:"-"`
}

// Send sends a message and charges its price in one transaction: the
// message, the ledger row, the unread count, the live events and the push
// job all happen, or none does.
func (s *Service) Send(ctx context.Context, in SendInput) (SendResult, error) {
	in.Text = strings.TrimSpace(in.Text)
	in.ClientID = strings.TrimSpace(in.ClientID)
	if len(in.ClientID) > maxClientID {
		return SendResult{}, ErrClientID
	}
	kind, err := contentKind(in)
	if err != nil {
		return SendResult{}, err
	}
	if kind == KindText {
		if max := messageLength(in.Tenant); utf8.RuneCountInString(in.Text) > max {
			return SendResult{}, ErrTooLong.With(map[string]any{"max": max})
		}
	}
	// A free message counted by a send of the member's that committed
	// while this one read the count is known only at COMMIT: the send is
	// tried again, and then reads the count that is.
	res, err := s.sendOnce(ctx, in, kind)
	if errors.Is(err, errFreeMessageRaced) {
		res, err = s.sendOnce(ctx, in, kind)
	}
	return res, err
}

// sendOnce is one attempt of Send in one transaction.
func (s *Service) sendOnce(ctx context.Context, in SendInput, kind string) (SendResult, error) {
	// The live events of the send (both members' messages, the new
	// balance) go out together: through the hub's notifier once the send
	// committed (Service.Live), or else as one notification with COMMIT.
	ctx, outbox := live.WithOutbox(ctx)
	// BEGIN goes with the facts' statement and COMMIT with the last ones
	// (database.Pipelined).
	var out sending
	var hit *limits.QueuedHit
	err := database.Pipelined(ctx, s.Pool, func(tx pgx.Tx) (*pgx.Batch, error) {
		var err error
		if in.RateLimited {
			if hit, err = s.countHit(tx, in); err != nil {
				return nil, err
			}
		}
		if out, err = s.send(ctx, tx, in, kind, hit); err != nil {
			return nil, err
		}
		if out.res.Replayed {
			// Nothing of this send is kept: a mail job it queued before
			// finding the earlier message goes too.
			return nil, errReplayed
		}
		if s.Live == nil {
			outbox.Queue(out.last)
		}
		return out.last, nil
	})
	if err == nil && s.Live != nil {
		if aerr := s.Live.Announce(ctx, outbox); aerr != nil {
			// The message is sent; its live events are lost as while a
			// listener reconnects, and the apps poll.
			s.Log.Warn("chat: live events of a send", "err", aerr)
		}
	}
	if err != nil && hit != nil && !errors.Is(err, errFreeMessageRaced) {
		// The rollback undid the count, and refused sends count too (a
		// send tried again counts with its next attempt).
		if cerr := hit.Recount(ctx); cerr != nil {
			err = errors.Join(err, cerr)
		}
	}
	switch {
	case errors.Is(err, errReplayed):
		return out.res, nil
	case errors.Is(err, errClientIDUsed):
		// The client id was used by a send that committed while this one
		// waited for the sender's row: that send is the answer.
		res, err := s.replay(ctx, db.New(s.Pool), out.view, in, out.balance)
		res.FreeMessagesLeft = out.freeLeft
		return res, err
	case errors.Is(err, credits.ErrInsufficient):
		return SendResult{}, notEnoughCredits(out.recipientName, out.price, out.balance)
	}
	return out.res, err
}

// sending is a send whose rules passed in its transaction: its answer,
// made before the message is written, and the batch that writes the
// message and its charge with COMMIT.
type sending struct {
	res  SendResult
	last *pgx.Batch
	// view and balance (the sender's, read with the facts) answer a replay
	// the batch finds out about (errClientIDUsed); with the recipient's name
	// and the price they make the refusal should the charge meet a balance
	// too low.
	view          view
	balance       int64
	recipientName string
	price         int
	// freeLeft is the sender's free messages left, read with the facts.
	freeLeft int
}

// errFreeMessageRaced is the free message's count meeting the allowance
// at COMMIT (free_messages_used_not_negative): another send of the member's
// took the last free message after this one read the count.
var errFreeMessageRaced = errors.New("chat: free message taken while the send waited")

func freeMessageRaced(err error) error {
	if database.Violated(err, "free_messages_used_not_negative") {
		return errFreeMessageRaced
	}
	return fmt.Errorf("count free message: %w", err)
}

// errClientIDUsed is the message's statement meeting an earlier message
// of the sender's client id (messages_client): the send rolls back and
// answers that message.
var errClientIDUsed = errors.New("chat: client id used while the send waited")

func clientIDUsed(err error) error {
	if database.Violated(err, "messages_client") {
		return errClientIDUsed
	}
	return fmt.Errorf("insert message: %w", err)
}

// countHit counts the send against the sender's message limit with the
// transaction's first statement.
func (s *Service) countHit(tx pgx.Tx, in SendInput) (*limits.QueuedHit, error) {
	b := &pgx.Batch{}
	hit, err := s.Limits.QueueHit(b, in.Tenant.ID, limits.Message, limits.MemberSubject(in.SenderID))
	if err != nil {
		return nil, err
	}
	return hit, database.Ahead(tx, b)
}

// errReplayed rolls back the transaction of a send that turned out to be a
// retry.
var errReplayed = errors.New("chat: send replayed")

func contentKind(in SendInput) (string, error) {
	n, kind := 0, ""
	if in.Text != "" {
		n, kind = n+1, KindText
	}
	if in.GiftID != "" {
		n, kind = n+1, KindGift
	}
	if in.PhotoID != 0 || in.Photo != nil {
		n, kind = n+1, KindPhoto
	}
	switch {
	case n == 0:
		return "", ErrEmpty
	case n > 1:
		return "", ErrContent
	}
	return kind, nil
}

func messageLength(t *tenancy.Tenant) int {
	if t.Settings.MessageLength > 0 {
		return t.Settings.MessageLength
	}
	return defaultMessageLength
}

// send runs the rules in tx with as few round trips as they allow
// (TestSendRoundTrips counts them): one statement, which goes with BEGIN,
// reads every fact the rules look at; the answer and the live events are
// made from those facts, and the batch it returns, which goes with COMMIT,
// writes the message and its delivery and books the charge. The first
// message of a mail's batch window queues the mail, a photo holds its
// blobs, and a push is queued for a recipient who subscribed and has no
// stream open: a round trip each.
func (s *Service) send(ctx context.Context, tx pgx.Tx, in SendInput, kind string, hit *limits.QueuedHit) (sending, error) {
	q := db.New(tx)
	now := s.now()
	// The gift catalogue is read from the tenant's whole settings document
	// (a twentieth of the engine's time per send when every send read it):
	// only a gift needs it.
	var gifts []Gift
	if kind == KindGift {
		var err error
		if gifts, err = Gifts(in.Tenant); err != nil {
			return sending{}, err
		}
	}
	v := view{member: in.SenderID, cdnPrefix: in.Tenant.Settings.CDNPrefix, gifts: gifts, now: now}

	// The sender is a member of in.Tenant (a session holds for its tenant
	// only; a signup's message and a house profile's answer go out on
	// their member's tenant).
	allowance, err := s.freeMessages.Of(in.Tenant, FreeMessagesOf)
	if err != nil {
		return sending{}, err
	}
	f, err := q.SendStart(ctx, db.SendStartParams{
		SenderID: in.SenderID, ClientID: in.ClientID, ConversationID: in.ConversationID, ProfileID: in.ProfileID,
		FreshSeconds: live.ConnectedWithin.Seconds(), FreeMessagesAllowance: int32(allowance),
	})
	if err != nil {
		return sending{}, notFound(err)
	}
	if hit != nil {
		// Counted with SendStart: a send over the limit goes no further.
		if err := hit.Done(); err != nil {
			return sending{}, err
		}
	}
	freeLeft := max(0, int(f.FreeMessagesAllowance-f.FreeMessagesUsed))
	if f.ReplayID != 0 {
		res, err := s.replay(ctx, q, v, in, f.Credits)
		res.FreeMessagesLeft = freeLeft
		return sending{res: res}, err
	}

	// The conversation and the recipient.
	switch {
	case in.ConversationID != 0:
		if f.ConversationID == 0 {
			return sending{}, ErrNotFound
		}
	case in.ProfileID == in.SenderID:
		return sending{}, ErrSelf
	case in.ProfileID == 0:
		return sending{}, ErrNotFound
	}
	if f.RecipientID == 0 {
		return sending{}, ErrNotFound
	}
	recipient := db.PartyByIDRow{
		ID: f.RecipientID, TenantID: f.RecipientTenantID, Status: f.RecipientStatus, IsHouse: f.RecipientIsHouse,
		Name: f.RecipientName, Pool: f.RecipientPool, ProfileStatus: f.RecipientProfileStatus, Invisible: f.RecipientInvisible,
	}
	convID := f.ConversationID
	if err := reachable(recipient, in.Tenant, convID != 0); err != nil {
		return sending{}, err
	}
	if err := allowed(in.SenderID, recipient, convID, f); err != nil {
		return sending{}, err
	}

	// A new conversation: free members start only a few.
	started := false
	if convID == 0 {
		if !f.PaidUser && !f.IsHouse {
			n, err := q.ConversationsStarted(ctx, in.SenderID)
			if err != nil {
				return sending{}, err
			}
			if n >= FreeConversations {
				return sending{}, ErrPremiumOnly
			}
		}
		if convID, started, err = openConversation(ctx, q, in.SenderID, recipient.ID); err != nil {
			return sending{}, err
		}
	}

	// What is sent and what it costs. House profiles answer for the site
	// and pay nothing; every member pays every message, premium or not.
	msg := db.MessageDeliverParams{ConversationID: convID, SenderID: in.SenderID, RecipientID: recipient.ID, Kind: kind, ClientID: in.ClientID}
	price, ledgerKind := 0, credits.Message
	switch kind {
	case KindText:
		msg.Body, price = in.Text, in.Tenant.Settings.MessageCredits
	case KindGift:
		g, ok := findGift(gifts, in.GiftID)
		if !ok {
			return sending{}, ErrGiftUnknown
		}
		msg.GiftID, price, ledgerKind = g.ID, g.Credits, credits.Gift
	case KindPhoto:
		if in.Photo != nil {
			msg.PhotoFilename, msg.PhotoThumb = in.Photo.Filename, in.Photo.Thumb
		} else {
			p, err := q.PhotoOfProfile(ctx, db.PhotoOfProfileParams{ID: in.PhotoID, ProfileID: in.SenderID})
			if errors.Is(err, pgx.ErrNoRows) {
				return sending{}, ErrPhotoUnknown
			}
			if err != nil {
				return sending{}, err
			}
			msg.PhotoFilename, msg.PhotoThumb = p.Filename, p.ThumbFilename
		}
		price, ledgerKind = in.Tenant.Settings.PhotoCredits, credits.Photo
	}
	// A photo follows the brand's photo moderation like a profile photo:
	// on a brand that pre-moderates, it waits for an operator before the
	// recipient sees it. House profiles' photos are the brand's own.
	msg.PhotoStatus = PhotoActive
	if kind == KindPhoto && in.Tenant.Settings.PhotoModeration && !f.IsHouse {
		msg.PhotoStatus = PhotoPending
	}
	held := msg.PhotoStatus != PhotoActive
	// A member's text is free while the brand's free messages last: they
	// are spent before credits, and only on texts that cost credits.
	free := false
	switch {
	case f.IsHouse:
		price = 0
	case kind == KindText && price > 0 && freeLeft > 0:
		price, free, freeLeft = 0, true, freeLeft-1
	}
	msg.ID = f.MessageID
	msg.Credits = int32(price)
	msg.AnsweredBy = answeredBy(in.AnsweredBy)
	// The message's charge and then the message go with COMMIT, in one
	// batch: the charge names the message by the id SendStart drew for it,
	// and a refusal there, or the message's client id used meanwhile, rolls
	// the whole send back. The sender's row is locked, so the balance read
	// with the facts is the one the charge meets: a send it cannot pay is
	// refused before anything is written.
	out := sending{last: &pgx.Batch{}, view: v, balance: f.Credits, recipientName: recipient.Name, price: price, freeLeft: freeLeft}
	balance := f.Credits
	if price > 0 {
		ref := "message:" + strconv.FormatInt(msg.ID, 10)
		balance, err = credits.ChargeAtCommit(ctx, tx, out.last, in.SenderID, f.Credits, int64(price), ledgerKind, ref)
		if errors.Is(err, credits.ErrInsufficient) {
			return sending{}, notEnoughCredits(recipient.Name, price, f.Credits)
		}
		if err != nil {
			return sending{}, err
		}
	}
	// The mail goes before the message, so the message's statement records
	// the job it queued (TestSendRoundTrips).
	if !held {
		if msg.MailJob, err = s.queueMail(ctx, tx, recipient, convID, started, f); err != nil {
			return sending{}, err
		}
	}
	// The message as it will be written, at the transaction's time.
	row := db.Message{
		ID: msg.ID, ConversationID: convID, SenderID: in.SenderID, Kind: kind, Body: msg.Body, GiftID: msg.GiftID,
		PhotoFilename: msg.PhotoFilename, PhotoThumb: msg.PhotoThumb, Credits: msg.Credits, ClientID: msg.ClientID,
		CreatedAt: f.SentAt, AnsweredBy: msg.AnsweredBy, PhotoStatus: msg.PhotoStatus,
	}
	if kind == KindPhoto {
		// The message holds its blobs: deleting the profile photo it was
		// sent from leaves them for the chat.
		if err := media.Hold(ctx, tx, messageHolder(row.ID), row.PhotoFilename, row.PhotoThumb); err != nil {
			return sending{}, err
		}
	}
	if free {
		spend := db.FreeMessageSpendParams{MemberID: in.SenderID, Allowance: f.FreeMessagesAllowance}
		if err := db.New(database.Execs{Batch: out.last, Refused: freeMessageRaced}).FreeMessageSpend(ctx, spend); err != nil {
			return sending{}, err
		}
	}
	if err := db.New(database.Execs{Batch: out.last, Refused: clientIDUsed}).MessageDeliver(ctx, msg); err != nil {
		return sending{}, err
	}
	if err := s.queueTrustCheck(out.last, in, kind, msg.ID, f.IsHouse); err != nil {
		return sending{}, err
	}
	out.res = SendResult{Message: v.message(row), Credits: balance, FreeMessagesLeft: freeLeft}
	senderCard := db.CardOfProfileRow{
		ID: in.SenderID, Name: f.SenderName, DateOfBirth: f.SenderDateOfBirth, City: f.SenderCity, Country: f.SenderCountry,
		ProfileStatus: f.SenderProfileStatus, IsHouse: f.IsHouse, PhotoFilename: f.SenderPhoto, PhotoThumb: f.SenderThumb,
	}
	recipientCard := db.CardOfProfileRow{
		ID: recipient.ID, Name: f.RecipientName, DateOfBirth: f.RecipientDateOfBirth, City: f.RecipientCity, Country: f.RecipientCountry,
		ProfileStatus: f.RecipientProfileStatus, IsHouse: f.RecipientIsHouse, PhotoFilename: f.RecipientPhoto, PhotoThumb: f.RecipientThumb,
	}
	// The recipient's unread count with this message: the sender's row is
	// locked, so no other message of theirs counts meanwhile; the recipient
	// reading the conversation meanwhile leaves the event's count one
	// reload stale.
	unread := f.RecipientUnread + 1
	if err := s.announce(ctx, tx, v, row, recipient, parties{sender: senderCard, recipient: recipientCard,
		connected: f.RecipientConnected, pushSubscribed: f.RecipientPushSubscribed, held: held},
		unread, started); err != nil {
		return sending{}, err
	}
	return out, nil
}

// replay answers a send whose client id named a message sent before: that
// message and the balance, nothing sent or charged again.
func (s *Service) replay(ctx context.Context, q *db.Queries, v view, in SendInput, balance int64) (SendResult, error) {
	if v.gifts == nil {
		// The earlier message may be a gift even if this one is not.
		var err error
		if v.gifts, err = Gifts(in.Tenant); err != nil {
			return SendResult{}, err
		}
	}
	prev, err := q.MessageByClientID(ctx, db.MessageByClientIDParams{SenderID: in.SenderID, ClientID: in.ClientID})
	if err != nil {
		return SendResult{}, fmt.Errorf("message of client id: %w", err)
	}
	return SendResult{Message: v.message(prev), Credits: balance, Replayed: true}, nil
}

// reachable refuses recipients outside the tenant's profile pool and
// members who are gone. A conversation that exists may go on while the
// other member's profile is not (yet) active, so a house profile can answer
// a member who has not confirmed their address.
func reachable(r db.PartyByIDRow, t *tenancy.Tenant, existing bool) error {
	if r.Status == "deleted" || r.Status == "deletion_pending" {
		return ErrNotFound
	}
	if !existing && (r.Pool != t.ProfilePool || r.ProfileStatus != "active") {
		return ErrNotFound
	}
	return nil
}

// allowed applies the blocked and invisible rules (a blocked member cannot
// write to the blocker; nobody writes first to a member in invisible mode)
// through the profiles area's contact rules, on the facts the send read in
// its transaction. In a conversation that exists, the other member's
// profile need not be active (reachable decided that), and having written
// in it counts as reaching out to an invisible member's partner.
func allowed(sender int64, r db.PartyByIDRow, conversation int64, f db.SendStartRow) error {
	replying := conversation != 0 && (f.RecipientWrote || f.RecipientLiked)
	var err error = profiles.ErrSelf
	if sender != r.ID {
		err = profiles.ContactRule(profiles.ContactFacts{
			Name: r.Name, Pool: r.Pool, Status: r.ProfileStatus, Invisible: r.Invisible, FromPool: f.SenderPool,
			BlockedByTarget: f.BlockedByRecipient, TargetBlocked: f.RecipientBlocked, TargetLiked: f.RecipientLiked,
		}, replying)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, profiles.ErrBlocked):
		return err
	case errors.Is(err, profiles.ErrYouBlocked):
		// The chat names the member, so the app can offer to unblock them.
		return profiles.ErrYouBlocked.With(map[string]any{"name": r.Name})
	case errors.Is(err, profiles.ErrInvisible):
		if r.IsHouse {
			// House profiles answer whoever writes.
			return nil
		}
		return ErrInvisible
	case errors.Is(err, profiles.ErrSelf):
		return ErrSelf
	case errors.Is(err, profiles.ErrNotFound):
		if conversation != 0 {
			return nil
		}
		return ErrNotFound
	}
	return err
}

// openConversation makes the conversation of a pair. When the other member
// opened it at the same moment, theirs is used and this one did not start it.
func openConversation(ctx context.Context, q *db.Queries, sender, recipient int64) (id int64, started bool, err error) {
	id, err = q.ConversationInsert(ctx, db.ConversationInsertParams{SenderID: sender, RecipientID: recipient})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		c, err := q.ConversationWith(ctx, db.ConversationWithParams{MemberID: sender, OtherID: recipient})
		if err != nil {
			return 0, false, fmt.Errorf("conversation opened concurrently: %w", err)
		}
		return c.ID, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("open conversation: %w", err)
	}
	if err := q.ConversationMembersInsert(ctx, db.ConversationMembersInsertParams{ConversationID: id, SenderID: sender, RecipientID: recipient}); err != nil {
		return 0, false, fmt.Errorf("open conversation: %w", err)
	}
	return id, true, nil
}

// MessageEvent is the data of a live "message" event: the message as the
// receiving member sees it, with the conversation's other member.
type MessageEvent struct {
	Conversation      ConversationRef `json:"conversation"`
	Profile           Card            `json:"profile"`
	Message           Message         `json:"message"`
	NumUnreadMessages int             `json:"num_unread_messages"`
}

// parties are the cards of a message's two members, read with the send's
// facts, whether the recipient has a live stream open and whether they
// subscribed to pushes.
type parties struct {
	sender, recipient db.CardOfProfileRow
	connected         bool
	pushSubscribed    bool
	// held: the message is a photo waiting for moderation, which only its
	// sender is told of.
	held bool
}

// announce publishes the message to both members' live streams (the
// sender's other devices too) and queues a mail and a push for a recipient
// who has no stream open; all of it happens only if the send commits.
func (s *Service) announce(ctx context.Context, tx pgx.Tx, v view, row db.Message, recipient db.PartyByIDRow, p parties, unread int32, started bool) error {
	senderCard, recipientCard := p.sender, p.recipient
	conv := ConversationRef{ID: row.ConversationID}
	rv := v
	rv.member = recipient.ID
	if !p.held {
		toRecipient := MessageEvent{Conversation: conv, Profile: cardOf(rv, senderCard), Message: rv.message(row), NumUnreadMessages: int(unread)}
		if err := live.Publish(ctx, tx, recipient.ID, live.Event{Type: live.TypeMessage, Data: toRecipient}); err != nil {
			return err
		}
	}
	toSender := MessageEvent{Conversation: conv, Profile: cardOf(v, recipientCard), Message: v.message(row)}
	if err := live.Publish(ctx, tx, row.SenderID, live.Event{Type: live.TypeMessage, Data: toSender}); err != nil {
		return err
	}
	if p.held {
		return nil
	}
	// The charge itself announced the new balance (credits.Post); the mail
	// was queued with the message (queueMail).
	if recipient.IsHouse {
		return nil
	}
	typ := push.TypeNewMessages
	if started {
		typ = push.TypeNewConversations
	}
	path := chatPath(row.ConversationID)
	// A push goes only to a member without an open stream, as the mail.
	if s.Push == nil || p.connected {
		return nil
	}
	n := push.Notification{
		MemberID: recipient.ID, TenantID: recipient.TenantID, Type: typ,
		Title: senderCard.Name, Body: preview(row, v.gifts),
		URL: path, Tag: "chat-" + strconv.FormatInt(row.ConversationID, 10),
	}
	// A gift or a photo is told in the recipient's language.
	switch row.Kind {
	case KindGift:
		gift := "🎁"
		if g, ok := findGift(v.gifts, row.GiftID); ok {
			gift = g.Icon + " " + g.Name
		}
		n.Text, n.Data = "gift", map[string]any{"Other": senderCard.Name, "Gift": gift}
	case KindPhoto:
		n.Text, n.Data = "photo", map[string]any{"Other": senderCard.Name}
	}
	return s.Push.QueueIfSubscribed(ctx, tx, n, p.pushSubscribed)
}

// queueMail queues the mail of a message for a recipient who has no live
// stream open, or lets the message join the mail an earlier message of the
// conversation queued if that still waits (the send's facts read its
// state); it returns the id of a job it queued, which the message's
// statement records, or 0. House profiles get no mail.
func (s *Service) queueMail(ctx context.Context, tx pgx.Tx, recipient db.PartyByIDRow, conv int64, started bool, f db.SendStartRow) (int64, error) {
	if recipient.IsHouse {
		return 0, nil
	}
	typ := delivery.TypeNewMessages
	if started {
		typ = delivery.TypeNewConversations
	}
	return s.Mail.QueueUnlessWaiting(ctx, tx, delivery.EventArgs{
		TenantID: recipient.TenantID, MemberID: recipient.ID, Type: typ, Ref: conv,
		Other: f.SenderName, Path: chatPath(conv),
	}, f.RecipientConnected, f.RecipientMailWaiting)
}

// queueTrustCheck queues the scam and spam check of a member's text (with
// the member's other texts of a few seconds, trust.QueueTextAtCommit), or
// of a photo uploaded with the message, with the send's COMMIT (no round
// trip of its own). House profiles are exempt; a profile photo sent again was
// checked when it was uploaded.
func (s *Service) queueTrustCheck(batch *pgx.Batch, in SendInput, kind string, messageID int64, house bool) error {
	switch {
	case house:
		return nil
	case kind == KindText:
		return trust.QueueTextAtCommit(batch, in.SenderID, messageID)
	case kind == KindPhoto && in.Photo != nil:
		return trust.QueueMessageAtCommit(batch, in.SenderID, messageID, in.Photo.Filename, in.Photo.Hash)
	}
	return nil
}

// chatPath is where a member's mail or push about a conversation leads.
func chatPath(conv int64) string { return "/chats/" + strconv.FormatInt(conv, 10) }

func cardOf(v view, c db.CardOfProfileRow) Card {
	return v.card(c.ID, c.Name, c.DateOfBirth, c.City, c.Country, c.ProfileStatus, c.IsHouse, c.PhotoFilename, c.PhotoThumb)
}

// preview is the push text of a message: the start of a text, or what
// kind of thing arrived.
func preview(m db.Message, gifts []Gift) string {
	switch m.Kind {
	case KindGift:
		if g, ok := findGift(gifts, m.GiftID); ok {
			return g.Icon + " " + g.Name
		}
		return "🎁"
	case KindPhoto:
		return "📷"
	}
	if utf8.RuneCountInString(m.Body) > 120 {
		r := []rune(m.Body)
		return string(r[:120]) + "…"
	}
	return m.Body
}

// SendUpload sends a photo uploaded with the message: it is re-encoded
// (metadata stripped) and stored, then sent like any photo. Blobs of a send
// that fails or turns out to be a retry are removed again.
func (s *Service) SendUpload(ctx context.Context, in SendInput, upload []byte) (SendResult, error) {
	if s.Store == nil || s.Images == nil {
		return SendResult{}, ErrNoUploads
	}
	out, err := s.Images.Process(ctx, upload)
	if err != nil {
		return SendResult{}, err
	}
	key := media.NewKey()
	in.Photo = &SentPhoto{Filename: key + ".jpg", Thumb: key + "_t.jpg", Hash: out.Hash}
	if err := s.Store.Put(ctx, in.Photo.Filename, out.Display, "image/jpeg"); err != nil {
		return SendResult{}, err
	}
	if err := s.Store.Put(ctx, in.Photo.Thumb, out.Thumb, "image/jpeg"); err != nil {
		s.dropBlobs(in.Photo)
		return SendResult{}, err
	}
	res, err := s.Send(ctx, in)
	if err != nil || res.Replayed {
		s.dropBlobs(in.Photo)
	}
	return res, err
}

// messageHolder names a photo message as the holder of its blobs.
func messageHolder(id int64) string { return media.Holder("message", id) }

// dropBlobs removes the blobs of an upload no message holds (the send
// failed or was a retry); a failure leaves an orphan blob, never a broken
// message.
func (s *Service) dropBlobs(p *SentPhoto) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, key := range []string{p.Filename, p.Thumb} {
		if err := s.Store.Delete(ctx, key); err != nil && s.Log != nil {
			s.Log.Warn("chat: drop photo blob", "key", key, "err", err)
		}
	}
}
