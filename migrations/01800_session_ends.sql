-- +goose Up
-- A member's live event streams end with the login they were opened with,
-- on every engine instance: each instance listens on session_ends and
-- closes the matching streams it holds.
--
-- A member's session epoch moving on (password change or reset, ban,
-- suspension, deletion) ends every session made before it: the
-- notification names the member and the new epoch.
-- +goose StatementBegin
CREATE FUNCTION notify_member_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('session_ends', json_build_object('m', NEW.id, 'e', NEW.session_epoch)::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER members_sessions_ended AFTER UPDATE OF session_epoch ON members
    FOR EACH ROW WHEN (NEW.session_epoch IS DISTINCT FROM OLD.session_epoch)
    EXECUTE FUNCTION notify_member_sessions_ended();

-- A login's session deleted before it expired (a logout, a login on the
-- same browser that replaces it, a session Identify no longer accepts)
-- ends that one session: the notification names the member and the
-- SHA-256 of the session's token, never the token. Expired sessions
-- deleted by the store's cleanup have no open streams worth a
-- notification each.
-- +goose StatementBegin
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('session_ends', json_build_object('m', OLD.member_id,
        's', encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex'))::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
    FOR EACH ROW WHEN (OLD.member_id IS NOT NULL AND OLD.expiry > now())
    EXECUTE FUNCTION notify_session_ended();

-- +goose Down
DROP TRIGGER sessions_ended ON sessions;
DROP FUNCTION notify_session_ended();
DROP TRIGGER members_sessions_ended ON members;
DROP FUNCTION notify_member_sessions_ended();
