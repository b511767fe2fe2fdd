-- +goose Up
-- Where a member signed up and last logged in from, so operators can find
-- accounts made or used from one address. Each lookup is by tenant and
-- address, so each has its own index; addresses not known (members from
-- before this migration) are left out of them.
ALTER TABLE members ADD COLUMN signup_ip inet, ADD COLUMN last_login_ip inet;
CREATE INDEX members_signup_ip ON members (tenant_id, signup_ip) WHERE signup_ip IS NOT NULL;
CREATE INDEX members_last_login_ip ON members (tenant_id, last_login_ip) WHERE last_login_ip IS NOT NULL;

-- Staff notes on a member: what one operator wants the next to know
-- (a phone call, a promise, a suspicion). Written in the console only,
-- never shown to the member, each one audited; they go with the member.
CREATE TABLE member_notes (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    staff_id   bigint NOT NULL REFERENCES staff_accounts (id),
    text       text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member ON member_notes (member_id, created_at DESC);

-- The member page lists the complaints about a member's profile.
CREATE INDEX complaints_profile ON complaints (profile_id, created_at DESC) WHERE profile_id IS NOT NULL;

-- The member an audit row is about, when it is about one: the member
-- page shows the member's audit trail from this index.
ALTER TABLE audit_log ADD COLUMN member_id bigint;
CREATE INDEX audit_log_member ON audit_log (member_id, id DESC) WHERE member_id IS NOT NULL;

-- +goose Down
DROP INDEX audit_log_member;
ALTER TABLE audit_log DROP COLUMN member_id;
DROP INDEX complaints_profile;
DROP TABLE member_notes;
DROP INDEX members_last_login_ip;
DROP INDEX members_signup_ip;
ALTER TABLE members DROP COLUMN last_login_ip, DROP COLUMN signup_ip;
