-- +goose Up
-- Moderation in the operators' console.

-- Why operators rejected or took down a photo; the member sees it on the
-- photo. Empty while the photo is pending or active.
ALTER TABLE photos ADD COLUMN reject_reason text NOT NULL DEFAULT '';

-- Complaints move from open through in progress to resolved; the old
-- 'closed' (never written by the engine) becomes 'resolved'.
ALTER TABLE complaints DROP CONSTRAINT complaints_status_check;
UPDATE complaints SET status = 'resolved' WHERE status = 'closed';
ALTER TABLE complaints ADD CONSTRAINT complaints_status_check CHECK (status IN ('open', 'in_progress', 'resolved')),
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- A suspended member cannot log in until suspended_until; a banned one
-- never again (they see /pages/ban). Both end the member's sessions (the
-- session epoch moves on). moderation_reason is the operators' reason of
-- the latest of them, for the console.
ALTER TABLE members
    ADD COLUMN suspended_until   timestamptz,
    ADD COLUMN banned_at         timestamptz,
    ADD COLUMN moderation_reason text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE members DROP COLUMN moderation_reason, DROP COLUMN banned_at, DROP COLUMN suspended_until;
ALTER TABLE complaints DROP COLUMN updated_at, DROP CONSTRAINT complaints_status_check;
UPDATE complaints SET status = 'closed' WHERE status <> 'open';
ALTER TABLE complaints ADD CONSTRAINT complaints_status_check CHECK (status IN ('open', 'closed'));
ALTER TABLE photos DROP COLUMN reject_reason;
