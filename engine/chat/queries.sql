-- name: SendStart :one
-- Everything a send decides on, in one round trip: the sender (row locked
-- as the charge's update would lock it, so the sends of one member take
-- turns and see one balance, while rows that only refer to the member, such
-- as another member's like of them, are not held up), an earlier
-- message of the same client id, the conversation (by id, or with the
-- profile), the recipient and both cards, the contact facts of the
-- profiles area's rules (blocks, invisible, likes), whether the recipient
-- wrote in the conversation, whether they have a live stream open and
-- whether any browser of theirs subscribed to pushes (push.QueueIfSubscribed
-- then needs no statement of its own for the many who did not). No
-- row: the sender or their profile is gone. recipient_id 0: no such
-- member or profile. message_id is the id the message will have, so the
-- charge naming it goes in one batch with the message (a send that writes
-- nothing leaves a gap in the ids; the sequence is named, as looking it
-- up with pg_get_serial_sequence read the catalogue on every send:
-- TestSendReadsNoCatalogue). sent_at is the transaction's time, which
-- the message's created_at will be, and recipient_unread the recipient's
-- unread count before it: the send's live events are made before the
-- message is written, which goes with COMMIT. free_messages_allowance is
-- the sender's brand's free_messages as the engine's tenant holds them
-- (FreeMessagesOf; reading them from the brand's settings document here
-- was an eighth of this statement's time) and free_messages_used how many
-- of them the sender has sent; only the sender's row is locked, so a send
-- racing another of the same member may read a count that is one behind
-- (FreeMessageSpend refuses it then).
SELECT s.id, s.tenant_id, s.paid_user, s.is_house, s.credits,
       @free_messages_allowance::int AS free_messages_allowance,
       coalesce(fu.used, 0)::int AS free_messages_used,
       nextval('messages_id_seq')::bigint AS message_id,
       now()::timestamptz AS sent_at,
       coalesce(rcm.unread, 0)::int AS recipient_unread,
       coalesce(prev.id, 0)::bigint AS replay_id,
       coalesce(conv.id, 0)::bigint AS conversation_id,
       coalesce(rp.id, 0)::bigint AS recipient_id,
       coalesce(r.tenant_id, 0)::bigint AS recipient_tenant_id,
       coalesce(r.status, '')::text AS recipient_status,
       coalesce(r.is_house, false)::bool AS recipient_is_house,
       coalesce(rp.name, '')::text AS recipient_name,
       coalesce(rp.pool, '')::text AS recipient_pool,
       coalesce(rp.status, '')::text AS recipient_profile_status,
       coalesce(rp.invisible, false)::bool AS recipient_invisible,
       rp.date_of_birth AS recipient_date_of_birth,
       coalesce(rp.city, '')::text AS recipient_city,
       coalesce(rp.country, '')::text AS recipient_country,
       coalesce(rph.filename, '')::text AS recipient_photo, coalesce(rph.thumb_filename, '')::text AS recipient_thumb,
       sp.name AS sender_name, sp.pool AS sender_pool, sp.date_of_birth AS sender_date_of_birth,
       sp.city AS sender_city, sp.country AS sender_country, sp.status AS sender_profile_status,
       coalesce(sph.filename, '')::text AS sender_photo, coalesce(sph.thumb_filename, '')::text AS sender_thumb,
       EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = rp.id AND b.blocked_id = s.id) AS blocked_by_recipient,
       EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = s.id AND b.blocked_id = rp.id) AS recipient_blocked,
       EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = rp.id AND l.liked_id = s.id) AS recipient_liked,
       EXISTS (SELECT 1 FROM messages w WHERE w.conversation_id = conv.id AND w.sender_id = rp.id) AS recipient_wrote,
       EXISTS (
           SELECT 1 FROM live_presence lp JOIN live_instances li ON li.id = lp.instance_id
           WHERE lp.member_id = rp.id AND li.seen_at > now() - make_interval(secs => @fresh_seconds::float8)
       ) AS recipient_connected,
       EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.member_id = rp.id) AS recipient_push_subscribed,
       -- The mail job an earlier message queued for the recipient about
       -- this conversation still waits (the states are those of
       -- delivery.EventArgs' unique options), so this message joins it.
       EXISTS (
           SELECT 1 FROM river_job j
           WHERE j.id = rcm.mail_job AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
       ) AS recipient_mail_waiting
FROM members s
JOIN profiles sp ON sp.id = s.id
LEFT JOIN free_messages_used fu ON fu.member_id = s.id
LEFT JOIN LATERAL (
    -- client_id <> '' is the index's predicate, so even a generic plan
    -- finds the message through messages_client.
    SELECT m.id FROM messages m
    WHERE m.sender_id = s.id AND m.client_id = @client_id::text AND m.client_id <> '' AND @client_id::text <> ''
) prev ON true
LEFT JOIN LATERAL (
    -- The member's row of a conversation is there as long as the
    -- conversation is (its key cascades): it stands for the conversation,
    -- which is not read. One branch runs, each the lookup of a key (a
    -- condition choosing between the two columns would read every
    -- conversation of the member's, as the generic plan does:
    -- TestSendFactsReadByKeys). LIMIT 1 tells the planner what the keys
    -- tell: one row; estimating two, the generic plan hashed messages and
    -- river_job whole for the EXISTS below (TestSendFactsScanNoTableWhole).
    SELECT cm.conversation_id AS id, cm.other_id
    FROM conversation_members cm
    WHERE cm.conversation_id = @conversation_id::bigint AND cm.member_id = s.id AND @conversation_id::bigint <> 0
    UNION ALL
    SELECT cm.conversation_id AS id, cm.other_id
    FROM conversation_members cm
    WHERE cm.member_id = s.id AND cm.other_id = @profile_id::bigint AND @conversation_id::bigint = 0
    LIMIT 1
) conv ON true
LEFT JOIN members r ON r.id = CASE WHEN @conversation_id::bigint <> 0 THEN conv.other_id ELSE @profile_id::bigint END
LEFT JOIN profiles rp ON rp.id = r.id
LEFT JOIN conversation_members rcm ON rcm.conversation_id = conv.id AND rcm.member_id = rp.id
LEFT JOIN LATERAL (
    SELECT filename, thumb_filename FROM photos
    WHERE profile_id = s.id AND status = 'active' ORDER BY position, id LIMIT 1
) sph ON true
LEFT JOIN LATERAL (
    SELECT filename, thumb_filename FROM photos
    WHERE profile_id = rp.id AND status = 'active' ORDER BY position, id LIMIT 1
) rph ON true
WHERE s.id = @sender_id
FOR NO KEY UPDATE OF s;

-- name: MessageDeliver :exec
-- A message and its delivery in one statement, for the batch that goes with
-- the send's COMMIT: the message (its id read by SendStart; a client id the
-- sender used already breaks messages_client, which rolls the send back),
-- the conversation shown again to both members and counted unread for the
-- recipient (the sender has seen it: read_through; mail_job, when not 0, is
-- the mail job queued for the recipient). A photo waiting for moderation
-- (photo_status pending) is the sender's only: the recipient's side of the
-- conversation stays as it was until an operator approves it.
WITH m AS (
    INSERT INTO messages (id, conversation_id, sender_id, kind, body, gift_id, photo_filename, photo_thumb, credits, client_id, answered_by, photo_status)
    OVERRIDING SYSTEM VALUE
    VALUES (@id, @conversation_id, @sender_id, @kind, @body, @gift_id, @photo_filename, @photo_thumb, @credits, @client_id, @answered_by, @photo_status)
    RETURNING id, conversation_id, created_at, photo_status
)
UPDATE conversation_members AS cm
SET last_message_id = CASE WHEN cm.member_id = @recipient_id::bigint AND m.photo_status <> 'active' THEN cm.last_message_id ELSE m.id END,
    last_message_at = CASE WHEN cm.member_id = @recipient_id::bigint AND m.photo_status <> 'active' THEN cm.last_message_at ELSE m.created_at END,
    hidden = cm.hidden AND cm.member_id = @recipient_id::bigint AND m.photo_status <> 'active',
    unread = cm.unread + CASE WHEN cm.member_id = @recipient_id::bigint AND m.photo_status = 'active' THEN 1 ELSE 0 END,
    read_through = CASE WHEN cm.member_id = @recipient_id::bigint THEN cm.read_through ELSE m.id END,
    mail_job = CASE WHEN cm.member_id = @recipient_id::bigint AND @mail_job::bigint <> 0 THEN @mail_job::bigint ELSE cm.mail_job END
FROM m
WHERE cm.conversation_id = m.conversation_id;

-- name: MessageByClientID :one
-- client_id <> '' is the index's predicate, so even a generic plan finds
-- the message through messages_client rather than reading the table.
SELECT * FROM messages WHERE sender_id = @sender_id AND client_id = @client_id AND client_id <> '';

-- name: PartyByID :one
-- A member as the other side of a conversation sees them.
SELECT m.id, m.tenant_id, m.status, m.is_house, m.notification_types_disabled,
       p.name, p.pool, p.status AS profile_status, p.invisible
FROM members m JOIN profiles p ON p.id = m.id
WHERE m.id = @id;

-- name: ConversationOfMember :one
-- A conversation as one of its members sees it.
SELECT c.id, c.started_by, cm.other_id, cm.cleared_through
FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
WHERE cm.conversation_id = @conversation_id AND cm.member_id = @member_id;

-- name: ConversationWith :one
SELECT c.id, c.started_by, cm.other_id, cm.cleared_through
FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
WHERE cm.member_id = @member_id AND cm.other_id = @other_id;

-- name: ConversationsStarted :one
SELECT count(*) FROM conversations WHERE started_by = @member_id;

-- name: ConversationInsert :one
-- The other member may be starting the same conversation at this moment;
-- then this inserts nothing and the caller reads theirs.
INSERT INTO conversations (member_lo, member_hi, started_by)
VALUES (LEAST(@sender_id::bigint, @recipient_id::bigint), GREATEST(@sender_id::bigint, @recipient_id::bigint), @sender_id)
ON CONFLICT (member_lo, member_hi) DO NOTHING
RETURNING id;

-- name: ConversationMembersInsert :exec
INSERT INTO conversation_members (conversation_id, member_id, other_id)
VALUES (@conversation_id, @sender_id, @recipient_id), (@conversation_id, @recipient_id, @sender_id)
ON CONFLICT DO NOTHING;

-- name: BlockExists :one
SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = @blocker_id AND blocked_id = @blocked_id);

-- name: PhotoOfProfile :one
-- The share lock keeps the photo from being deleted until the message that
-- sends it holds its blobs too (or finds it gone, if its deletion came first).
SELECT filename, thumb_filename FROM photos WHERE id = @id AND profile_id = @profile_id AND status = 'active'
FOR SHARE;

-- name: ChatList :many
-- A member's conversation list, newest first, with the other member's card
-- and the last message.
SELECT cm.conversation_id, cm.other_id, cm.unread, cm.last_message_at,
       p.name, p.date_of_birth, p.city, p.country, p.status AS profile_status, o.is_house,
       coalesce(ph.filename, '') AS photo_filename, coalesce(ph.thumb_filename, '') AS photo_thumb,
       lm.id AS last_id, lm.sender_id AS last_sender_id, lm.kind AS last_kind, lm.body AS last_body,
       lm.gift_id AS last_gift_id, lm.created_at AS last_created_at,
       EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = cm.other_id AND b.blocked_id = cm.member_id) AS blocked
FROM conversation_members cm
JOIN members o ON o.id = cm.other_id
JOIN profiles p ON p.id = cm.other_id
LEFT JOIN LATERAL (
    SELECT filename, thumb_filename FROM photos
    WHERE profile_id = cm.other_id AND status = 'active' ORDER BY position, id LIMIT 1
) ph ON true
LEFT JOIN messages lm ON lm.id = cm.last_message_id AND lm.id > cm.cleared_through
WHERE cm.member_id = @member_id AND NOT cm.hidden AND o.status <> 'deleted'
  AND (sqlc.narg(conversation_id)::bigint IS NULL OR cm.conversation_id = sqlc.narg(conversation_id))
ORDER BY cm.last_message_at DESC, cm.conversation_id DESC
LIMIT @max_rows;

-- name: CardOfProfile :one
-- The card of a profile the member has no conversation with yet.
SELECT p.id, p.name, p.date_of_birth, p.city, p.country, p.status AS profile_status, m.is_house,
       coalesce(ph.filename, '') AS photo_filename, coalesce(ph.thumb_filename, '') AS photo_thumb
FROM profiles p JOIN members m ON m.id = p.id
LEFT JOIN LATERAL (
    SELECT filename, thumb_filename FROM photos
    WHERE profile_id = p.id AND status = 'active' ORDER BY position, id LIMIT 1
) ph ON true
WHERE p.id = @id;

-- name: MessageList :many
-- The newest visible messages, newest first; the caller asks for one more
-- than it shows to learn whether older ones were cut. A photo not (yet)
-- approved is shown to its sender only (viewer_id 0: a moderator, who
-- sees every message).
SELECT * FROM messages
WHERE conversation_id = @conversation_id AND id > @cleared_through
  AND (photo_status = 'active' OR sender_id = @viewer_id OR @viewer_id::bigint = 0)
ORDER BY id DESC
LIMIT @max_rows;

-- name: ConversationRead :one
-- The member has seen the conversation up to its last message; no row when
-- there was nothing new to read, so the other member is told only once.
UPDATE conversation_members SET unread = 0, read_through = last_message_id
WHERE conversation_id = @conversation_id AND member_id = @member_id
  AND (unread > 0 OR read_through < last_message_id)
RETURNING read_through;

-- name: PartnerReadThrough :one
-- How far the other member of a conversation has read it.
SELECT read_through FROM conversation_members
WHERE conversation_id = @conversation_id AND member_id = @other_id;

-- name: ConversationHide :execrows
-- Removes the conversation from this member's list only; the other member
-- keeps it, and this member sees only later messages if it comes back.
UPDATE conversation_members SET hidden = true, unread = 0, cleared_through = last_message_id
WHERE conversation_id = @conversation_id AND member_id = @member_id;

-- name: UnreadTotal :one
SELECT coalesce(sum(unread), 0)::bigint FROM conversation_members WHERE member_id = @member_id AND NOT hidden;

-- name: HouseInbox :many
-- Conversations of the tenant's house profiles waiting for an answer (the
-- last message is the member's), the one waiting longest first: waiting
-- since the member's first message after the house profile's last one.
SELECT cm.conversation_id, cm.member_id AS house_id, hp.name AS house_name,
       cm.other_id, p.name, p.date_of_birth, p.city, p.country, cm.unread, cm.last_message_at,
       lm.id AS last_id, lm.sender_id AS last_sender_id, lm.kind AS last_kind, lm.body AS last_body,
       lm.gift_id AS last_gift_id, lm.created_at AS last_created_at,
       (SELECT min(w.created_at) FROM messages w
        WHERE w.conversation_id = cm.conversation_id AND w.sender_id = cm.other_id
          AND w.id > coalesce((SELECT max(a.id) FROM messages a
                               WHERE a.conversation_id = cm.conversation_id AND a.sender_id = cm.member_id), 0)
       )::timestamptz AS waiting_since
FROM conversation_members cm
JOIN members h ON h.id = cm.member_id AND h.is_house AND h.tenant_id = @tenant_id
JOIN profiles hp ON hp.id = cm.member_id
JOIN profiles p ON p.id = cm.other_id
JOIN messages lm ON lm.id = cm.last_message_id AND lm.sender_id = cm.other_id
ORDER BY waiting_since, cm.conversation_id
LIMIT @max_rows;

-- name: AnswersOfConversation :many
-- Who answered each house profile message of a conversation in the console.
SELECT m.id, m.answered_by, coalesce(s.email, '')::text AS answered_by_email
FROM messages m
LEFT JOIN staff_accounts s ON s.id = m.answered_by
WHERE m.conversation_id = @conversation_id AND m.answered_by IS NOT NULL;

-- name: HouseOfConversation :one
-- The house profile of the tenant in a conversation, if any.
SELECT cm.member_id FROM conversation_members cm
JOIN members h ON h.id = cm.member_id AND h.is_house AND h.tenant_id = @tenant_id
WHERE cm.conversation_id = @conversation_id;

-- name: PhotoMessagesOfMember :many
-- The photo messages of every conversation of a member, whose blobs the
-- purge releases.
SELECT m.id FROM messages m
JOIN conversations c ON c.id = m.conversation_id
WHERE (c.member_lo = @member_id OR c.member_hi = @member_id) AND m.kind = 'photo';

-- name: ConversationsPurge :exec
-- The member's conversations go with their messages; what was paid for
-- them stays in the ledger (rows refer to messages by text, not by key).
DELETE FROM conversations WHERE member_lo = @member_id OR member_hi = @member_id;

-- name: FirstMessageInsert :exec
-- A house profile's first message to a member, written at a time of the
-- caller's choosing (demo data): the conversation, the message and both
-- members' views of it, unread for the member. House profiles write for
-- free, so no ledger row. Nothing happens if the pair has a conversation.
WITH c AS (
    INSERT INTO conversations (member_lo, member_hi, started_by, created_at)
    VALUES (LEAST(@house_id::bigint, @member_id::bigint), GREATEST(@house_id::bigint, @member_id::bigint), @house_id::bigint, @sent_at)
    ON CONFLICT (member_lo, member_hi) DO NOTHING
    RETURNING id
), m AS (
    INSERT INTO messages (conversation_id, sender_id, kind, body, created_at)
    SELECT id, @house_id::bigint, 'text', @body::text, @sent_at FROM c
    RETURNING id, conversation_id
)
INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_message_id, last_message_at)
SELECT m.conversation_id, v.member_id, v.other_id, v.unread, m.id, @sent_at
FROM m CROSS JOIN (VALUES (@member_id::bigint, @house_id::bigint, 1), (@house_id::bigint, @member_id::bigint, 0)) AS v (member_id, other_id, unread);

-- name: MessagesPerDay :many
-- The operators' dashboards: messages a tenant's members and its house
-- profiles sent per day of its time zone (a sender belongs to one tenant;
-- pools may be shared, so the receiver's tenant does not count); every day
-- of the span, 0 where none.
WITH days AS (
    SELECT d::date AS day FROM generate_series(@first_day::date, @last_day::date, interval '1 day') AS d
), sent AS (
    SELECT (msg.created_at AT TIME ZONE @zone::text)::date AS day,
           count(*) FILTER (WHERE NOT s.is_house) AS by_members,
           count(*) FILTER (WHERE s.is_house) AS by_house
    FROM messages msg JOIN members s ON s.id = msg.sender_id
    WHERE s.tenant_id = @tenant_id AND msg.created_at >= @since::timestamptz AND msg.created_at < @until::timestamptz
    GROUP BY 1
)
SELECT days.day::text AS day, coalesce(sent.by_members, 0)::bigint AS by_members,
       coalesce(sent.by_house, 0)::bigint AS by_house
FROM days LEFT JOIN sent ON sent.day = days.day
ORDER BY days.day;

-- name: FreeMessagesLeft :one
-- How many of the brand's free messages the member may still send, never
-- below 0 (the brand may lower its allowance under what a member sent);
-- the allowance is read as FreeMessagesOf reads it.
SELECT GREATEST(0, CASE WHEN jsonb_typeof(t.settings->'free_messages') = 'number'
                        THEN (t.settings->>'free_messages')::numeric::int
                        ELSE @default_free_messages::int END - coalesce(fu.used, 0))::int AS free_messages_left
FROM members m
JOIN tenants t ON t.id = m.tenant_id
LEFT JOIN free_messages_used fu ON fu.member_id = m.id
WHERE m.id = @member_id;

-- name: FreeMessageSpend :exec
-- Counts one free message of the member, for the batch that goes with the
-- send's COMMIT. A count that meanwhile reached the allowance (another send
-- of the member's, committed after this one read it) becomes -1, which
-- free_messages_used_not_negative refuses: the send is tried again.
INSERT INTO free_messages_used AS fu (member_id, used) VALUES (@member_id, 1)
ON CONFLICT (member_id) DO UPDATE
SET used = CASE WHEN fu.used < @allowance::int THEN fu.used + 1 ELSE -1 END;

-- name: FreeMessagesPurge :exec
DELETE FROM free_messages_used WHERE member_id = @member_id;

-- name: ConversationCounts :one
-- The console's member page: how many conversations the member has, how
-- many messages they sent and how many are unread for them.
SELECT
    (SELECT count(*) FROM conversation_members cm WHERE cm.member_id = @member_id)::bigint AS conversations,
    (SELECT count(*) FROM messages m WHERE m.sender_id = @member_id)::bigint AS sent,
    (SELECT coalesce(sum(cm.unread), 0) FROM conversation_members cm WHERE cm.member_id = @member_id)::bigint AS unread;

-- name: ChatPhotoQueue :many
-- The console's queue of chat photos of one status sent by one tenant's
-- members, oldest first, with the sender's card and the recipient's name.
SELECT msg.id, msg.conversation_id, msg.sender_id, msg.photo_filename, msg.photo_thumb, msg.photo_status,
       msg.photo_reject_reason, msg.created_at, p.name AS sender_name, p.date_of_birth AS sender_date_of_birth,
       cm.other_id AS recipient_id, rp.name AS recipient_name
FROM messages msg
JOIN members m ON m.id = msg.sender_id
JOIN profiles p ON p.id = msg.sender_id
JOIN conversation_members cm ON cm.conversation_id = msg.conversation_id AND cm.member_id = msg.sender_id
JOIN profiles rp ON rp.id = cm.other_id
WHERE m.tenant_id = @tenant_id AND msg.kind = 'photo' AND msg.photo_status = @status AND msg.id > @after_id
ORDER BY msg.id
LIMIT @max_rows;

-- name: ChatPhotoModerate :one
-- An operator's decision on a chat photo sent by one of the tenant's
-- members, answering the status it had (the subquery reads the row as the
-- statement began); no row when it is not such a photo.
UPDATE messages msg SET photo_status = @status, photo_reject_reason = @reason
FROM members m
WHERE msg.id = @id AND msg.kind = 'photo' AND m.id = msg.sender_id AND m.tenant_id = @tenant_id
RETURNING msg.id, msg.conversation_id, msg.sender_id, msg.photo_status, msg.photo_reject_reason, msg.created_at,
    (SELECT b.photo_status FROM messages b WHERE b.id = msg.id)::text AS status_before;

-- name: ChatPhotoDelivered :exec
-- An approved photo reaches its recipient as a message arriving now would:
-- counted unread and shown at the top of their conversations.
UPDATE conversation_members SET
    unread = unread + 1, hidden = false,
    last_message_id = greatest(last_message_id, @message_id::bigint),
    last_message_at = greatest(last_message_at, now())
WHERE conversation_id = @conversation_id AND member_id <> @sender_id;
