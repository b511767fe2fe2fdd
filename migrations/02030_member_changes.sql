-- +goose Up
-- Every engine instance keeps the sessions of recent requests in memory
-- for a few seconds, with the member each counts for. The ends of
-- sessions reach every instance on session_ends (01800); a change of what
-- else a member's requests are identified with (paid or not, the
-- language) or of what decides whether a session counts (the status, a
-- ban, a demo member switched off; the engine moves the epoch on with
-- these too) goes out on member_changes (the member's id), so no instance
-- answers with the member as they were.
-- +goose StatementBegin
CREATE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('member_changes', NEW.id::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER members_changed AFTER UPDATE OF paid_user, language, status, banned_at, demo_off ON members
    FOR EACH ROW WHEN (NEW.paid_user IS DISTINCT FROM OLD.paid_user OR NEW.language IS DISTINCT FROM OLD.language
        OR NEW.status IS DISTINCT FROM OLD.status OR NEW.banned_at IS DISTINCT FROM OLD.banned_at
        OR NEW.demo_off IS DISTINCT FROM OLD.demo_off)
    EXECUTE FUNCTION notify_member_changed();

-- +goose Down
DROP TRIGGER members_changed ON members;
DROP FUNCTION notify_member_changed();
