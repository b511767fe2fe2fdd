-- Bulk writes of members (demo data, load tests) with COPY, compiled apart
-- from queries.sql so that the accounts queries' connection type needs no
-- COPY.

-- name: MemberIDsReserve :many
-- Reserves n member ids in one go, so COPY can write members and their
-- profiles and photos without a round trip per row.
SELECT nextval(pg_get_serial_sequence('members', 'id'))::bigint AS id FROM generate_series(1, @n::int);

-- name: MemberCopy :copyfrom
INSERT INTO members (id, tenant_id, email, password_hash, status, language, is_house, signup_date, last_seen_at, demo, account_kind)
VALUES (@id, @tenant_id, @email, @password_hash, @status, @language, @is_house, @signup_date, @last_seen_at, @demo, @account_kind);

-- name: ConsentCopy :copyfrom
INSERT INTO consents (member_id, kind, version, granted, created_at)
VALUES (@member_id, @kind, @version, @granted, @created_at);
