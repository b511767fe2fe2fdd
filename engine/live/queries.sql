-- name: EventNotify :exec
-- Delivered to every engine's listener when the surrounding transaction
-- commits, and never when it rolls back.
SELECT pg_notify('rdv_events', @payload::text);

-- name: EventNotifyCommitted :exec
-- Run on its own (an implicit transaction of one statement) after the
-- transaction that made the events has committed: the notification takes
-- PostgreSQL's cluster-wide notify lock only for this short transaction,
-- which does not wait for its commit record to reach disk (set_config
-- with is_local applies to the commit of this very statement).
SELECT set_config('synchronous_commit', 'off', true), pg_notify('rdv_events', @payload::text);

-- name: InstanceHeartbeat :exec
INSERT INTO live_instances (id, seen_at) VALUES (@id, now())
ON CONFLICT (id) DO UPDATE SET seen_at = now();

-- name: InstanceDelete :exec
DELETE FROM live_instances WHERE id = @id;

-- name: InstancePurgeStale :exec
-- Instances that died without saying so; their presence rows go with them.
DELETE FROM live_instances WHERE seen_at < now() - make_interval(secs => @older_than_seconds::float8);

-- name: PresenceAdd :exec
INSERT INTO live_presence (instance_id, member_id) VALUES (@instance_id, @member_id)
ON CONFLICT DO NOTHING;

-- name: PresenceRemove :exec
DELETE FROM live_presence WHERE instance_id = @instance_id AND member_id = @member_id;

-- name: PresenceOfMember :one
-- Whether any live instance holds an event stream of the member.
SELECT EXISTS (
    SELECT 1 FROM live_presence p JOIN live_instances i ON i.id = p.instance_id
    WHERE p.member_id = @member_id AND i.seen_at > now() - make_interval(secs => @fresh_seconds::float8)
) AS connected;

-- name: PresencePurgeMember :exec
-- A purged member is present nowhere (their logins ended with the purge).
DELETE FROM live_presence WHERE member_id = @member_id;

-- name: OnlineMembers :many
-- Every member with an event stream open on a live instance: who is
-- online now.
SELECT DISTINCT p.member_id FROM live_presence p JOIN live_instances i ON i.id = p.instance_id
WHERE i.seen_at > now() - make_interval(secs => @fresh_seconds::float8);
