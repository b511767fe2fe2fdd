-- +goose Up
-- The accounts `serve --demo` makes log in with a published password (the
-- demo's superadmin with every permission on every brand). They are marked
-- (demo), so that a start without --demo switches them off and only a start
-- with --demo switches them on again (demo_off). A staff account switched
-- off is disabled (disabled_at) by that start; a member switched off logs
-- in no more.
ALTER TABLE staff_accounts
    ADD COLUMN demo     boolean NOT NULL DEFAULT false,
    ADD COLUMN demo_off boolean NOT NULL DEFAULT false;
ALTER TABLE members
    ADD COLUMN demo     boolean NOT NULL DEFAULT false,
    ADD COLUMN demo_off boolean NOT NULL DEFAULT false;
CREATE INDEX members_demo ON members (id) WHERE demo;
-- A demo member's profile a start without --demo hid (it was active): the
-- made-up members leave the pools' search, likes and messages with it, and
-- only these come back with a start with --demo.
ALTER TABLE profiles ADD COLUMN demo_hidden boolean NOT NULL DEFAULT false;

-- Data directories seeded before the mark: the demo's known addresses
-- (every address under .example is reserved, nobody's real mailbox).
UPDATE staff_accounts SET demo = true
WHERE lower(email) = 'admin@rendezvous.example'
   OR lower(email) IN (SELECT r || '@' || t.slug || '.example'
                       FROM tenants t CROSS JOIN unnest(ARRAY['moderator', 'chat', 'support']) r);
UPDATE members SET demo = true
WHERE lower(email) LIKE '%.demo.example'
   OR lower(email) IN (SELECT r || '@' || t.slug || '.example'
                       FROM tenants t CROSS JOIN unnest(ARRAY['demo', 'premium']) r);

-- +goose Down
ALTER TABLE profiles DROP COLUMN demo_hidden;
DROP INDEX members_demo;
ALTER TABLE members DROP COLUMN demo_off, DROP COLUMN demo;
ALTER TABLE staff_accounts DROP COLUMN demo_off, DROP COLUMN demo;
