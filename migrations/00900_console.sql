-- +goose Up
-- The operators' console (engine/admin): staff accounts, which are not
-- members; their sessions; their wrong passwords; the casbin rules that say
-- what each role may do on which tenant; and the audit log of staff actions.

CREATE TABLE staff_accounts (
    id            bigserial PRIMARY KEY,
    email         text NOT NULL,
    password_hash text NOT NULL,
    -- The TOTP secret (RFC 6238, base32): pending while totp_confirmed_at is
    -- null (enrolment started, not yet confirmed with a code).
    totp_secret       text NOT NULL DEFAULT '',
    totp_confirmed_at timestamptz,
    -- The last time step whose code was accepted: a code works once.
    totp_last_step    bigint NOT NULL DEFAULT 0,
    -- Moves on when the password or second factor changes, ending older
    -- console sessions.
    session_epoch integer NOT NULL DEFAULT 1,
    disabled_at   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_accounts_email ON staff_accounts (lower(email));

-- Console sessions, kept apart from members' sessions (the sessions table):
-- a member's session token means nothing here and the other way round.
CREATE TABLE staff_sessions (
    token  text PRIMARY KEY,
    data   bytea NOT NULL,
    expiry timestamptz NOT NULL
);
CREATE INDEX staff_sessions_expiry ON staff_sessions (expiry);

-- Wrong console passwords and second-factor codes, per subject
-- ("staff:<id>" or "ip:<address>"); enough of them in the window block the
-- subject's logins.
CREATE TABLE staff_login_failures (
    subject   text NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX staff_login_failures_subject ON staff_login_failures (subject, failed_at);

-- casbin's rules (RBAC with domains): "p" lines give a role a permission
-- (role, domain, object, action), "g" lines give staff a role on a tenant
-- (staff:<id>, role, tenant slug or "*").
CREATE TABLE casbin_rules (
    id    bigserial PRIMARY KEY,
    ptype text NOT NULL,
    v0    text NOT NULL DEFAULT '',
    v1    text NOT NULL DEFAULT '',
    v2    text NOT NULL DEFAULT '',
    v3    text NOT NULL DEFAULT '',
    v4    text NOT NULL DEFAULT '',
    v5    text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX casbin_rules_line ON casbin_rules (ptype, v0, v1, v2, v3, v4, v5);

-- Every staff action: who, when, on which tenant ("" for none, "*" for
-- all), what, and the thing before and after. Rows are only ever added.
CREATE TABLE audit_log (
    id       bigserial PRIMARY KEY,
    at       timestamptz NOT NULL DEFAULT now(),
    -- Null when nobody could be named (a login with an unknown address).
    staff_id bigint REFERENCES staff_accounts (id),
    email    text NOT NULL DEFAULT '',
    tenant   text NOT NULL DEFAULT '',
    action   text NOT NULL,
    ip       text NOT NULL DEFAULT '',
    before   jsonb,
    after    jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC);
CREATE INDEX audit_log_staff ON audit_log (staff_id, at DESC);

-- +goose StatementBegin
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- +goose Down
DROP TABLE audit_log;
DROP FUNCTION audit_log_append_only();
DROP TABLE casbin_rules;
DROP TABLE staff_login_failures;
DROP TABLE staff_sessions;
DROP TABLE staff_accounts;
