-- name: LogClaim :execrows
-- Claims one mail: 0 rows when another instance (or an earlier run)
-- claimed the same key, and the caller then sends nothing.
INSERT INTO notification_log (tenant_id, member_id, type, key, sent_at)
VALUES (@tenant_id, @member_id, @type, @key, @sent_at)
ON CONFLICT (member_id, type, key) DO NOTHING;

-- name: LogCountSince :one
-- The mails of a type a member got since a moment (the daily cap).
SELECT count(*)::int AS sent FROM notification_log
WHERE member_id = @member_id AND type = @type AND sent_at >= @since;

-- name: LogPurge :exec
DELETE FROM notification_log WHERE member_id = @member_id;

-- name: ConversationUnread :one
-- What the member has not read yet of one conversation: 0 once they read it.
SELECT coalesce((SELECT cm.unread FROM conversation_members cm
                 WHERE cm.conversation_id = @conversation_id AND cm.member_id = @member_id AND NOT cm.hidden), 0)::int AS unread;

-- name: LikeIsNew :one
-- Whether the liked member has not looked at the like yet.
SELECT EXISTS (SELECT 1 FROM likes WHERE liker_id = @liker_id AND liked_id = @liked_id AND like_new) AS new;

-- name: UnreadReminderCandidates :many
-- Members with messages unread for a while; the newest unread conversation
-- message keys the reminder, so a member is reminded again only after new
-- messages, and not within @recent of the previous reminder.
SELECT cm.member_id, max(cm.last_message_id)::bigint AS last_message_id, sum(cm.unread)::int AS unread
FROM conversation_members cm JOIN members m ON m.id = cm.member_id
WHERE m.tenant_id = @tenant_id AND m.status = 'active' AND NOT m.is_house
  AND m.notifications_disabled = '{}' AND NOT ('unread_message_reminders' = ANY (m.notification_types_disabled))
  AND cm.unread > 0 AND NOT cm.hidden AND cm.last_message_at < @before
  AND NOT EXISTS (SELECT 1 FROM notification_log l
                  WHERE l.member_id = m.id AND l.type = 'unread_message_reminders' AND l.sent_at > @recent)
GROUP BY cm.member_id
HAVING NOT EXISTS (SELECT 1 FROM notification_log l
                   WHERE l.member_id = cm.member_id AND l.type = 'unread_message_reminders'
                     AND l.key = 'unread:' || max(cm.last_message_id)::text)
ORDER BY cm.member_id
LIMIT @max_rows;

-- name: ConfirmReminderCandidates :many
-- Members who signed up between @after and @before and never confirmed
-- their e-mail address, not reminded yet.
SELECT m.id FROM members m
WHERE m.tenant_id = @tenant_id AND m.status = 'not_confirmed' AND NOT m.is_house
  AND m.notifications_disabled = '{}' AND NOT ('reminders' = ANY (m.notification_types_disabled))
  AND m.signup_date < @before AND m.signup_date > @after
  AND NOT EXISTS (SELECT 1 FROM notification_log l
                  WHERE l.member_id = m.id AND l.type = 'reminders' AND l.key = 'confirm_email')
ORDER BY m.id
LIMIT @max_rows;

-- name: ProfileReminderCandidates :many
-- Active members who signed up before @before and whose profile still has
-- no photo or no about-me text, not reminded yet.
SELECT m.id FROM members m JOIN profiles p ON p.id = m.id
WHERE m.tenant_id = @tenant_id AND m.status = 'active' AND NOT m.is_house AND m.signup_date < @before
  AND m.notifications_disabled = '{}' AND NOT ('reminders' = ANY (m.notification_types_disabled))
  AND (p.about_me = '' OR NOT EXISTS (SELECT 1 FROM photos ph WHERE ph.profile_id = p.id AND ph.status <> 'rejected'))
  AND NOT EXISTS (SELECT 1 FROM notification_log l
                  WHERE l.member_id = m.id AND l.type = 'reminders' AND l.key = 'unfinished_profile')
ORDER BY m.id
LIMIT @max_rows;

-- name: WeeklyCandidates :many
-- Members with news since @since (likes received, visits to their profile,
-- new members near them: the same pool and country, in their region when
-- they gave one, of the gender they seek) who have no weekly update with
-- @week_key yet.
SELECT id, likes, visits, new_members FROM (
    SELECT m.id,
           (SELECT count(*) FROM likes l WHERE l.liked_id = m.id AND l.created_at > @since::timestamptz)::int AS likes,
           (SELECT count(*) FROM profile_visits v WHERE v.visited_id = m.id AND v.visited_at > @since::timestamptz)::int AS visits,
           (SELECT count(*) FROM profiles o
            WHERE o.pool = p.pool AND o.country = p.country AND (p.region = '' OR o.region = p.region)
              AND o.id <> p.id AND o.status = 'active' AND o.created_at > @since::timestamptz
              AND (p.seeking = 'both' OR o.gender = p.seeking))::int AS new_members
    FROM members m JOIN profiles p ON p.id = m.id
    WHERE m.tenant_id = @tenant_id AND m.status = 'active' AND NOT m.is_house AND m.signup_date < @since::timestamptz
      AND m.notifications_disabled = '{}' AND NOT ('weekly_updates' = ANY (m.notification_types_disabled))
      AND NOT EXISTS (SELECT 1 FROM notification_log l
                      WHERE l.member_id = m.id AND l.type = 'weekly_updates' AND l.key = @week_key::text)
) c
WHERE likes > 0 OR visits > 0 OR new_members > 0
ORDER BY id
LIMIT @max_rows;

-- name: CampaignRecipients :many
-- The active members of a tenant after @after_id who have not had the
-- campaign @key yet, in id order (a campaign goes out in batches).
SELECT m.id FROM members m
WHERE m.tenant_id = @tenant_id AND m.status = 'active' AND NOT m.is_house AND m.id > @after_id
  AND m.notifications_disabled = '{}' AND NOT (@type::text = ANY (m.notification_types_disabled))
  AND NOT EXISTS (SELECT 1 FROM notification_log l
                  WHERE l.member_id = m.id AND l.type = @type::text AND l.key = @key::text)
ORDER BY m.id
LIMIT @max_rows;

-- name: CampaignAudience :one
-- How many members CampaignRecipients would still mail for campaign @key:
-- the console's preview before sending and its progress after.
SELECT count(*) FROM members m
WHERE m.tenant_id = @tenant_id AND m.status = 'active' AND NOT m.is_house
  AND m.notifications_disabled = '{}' AND NOT (@type::text = ANY (m.notification_types_disabled))
  AND NOT EXISTS (SELECT 1 FROM notification_log l
                  WHERE l.member_id = m.id AND l.type = @type::text AND l.key = @key::text);

-- name: CampaignSent :one
-- How many members of the tenant have had campaign @key.
SELECT count(*) FROM notification_log
WHERE tenant_id = @tenant_id AND type = @type::text AND key = @key::text;

-- name: MemberLock :exec
-- Serialises the mail decisions of one member until the transaction ends
-- (the first key is this package's: migration 01310).
SELECT pg_advisory_xact_lock(1310, mod(@member_id::bigint, 2147483647)::int);
