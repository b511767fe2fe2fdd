-- +goose Up
-- Which accounts the brand's marketing may show. A test account (the demo's
-- logins, a tester's own account) and a staff account (a member account
-- staff use for their work) are accounts like any other inside the app, but
-- the visitor home page, the landers, member landings and search never show
-- them: visitors and members would take them for members of the site.
-- Operators set it on the console's member page.
ALTER TABLE members
    ADD COLUMN account_kind text NOT NULL DEFAULT 'member' CHECK (account_kind IN ('member', 'test', 'staff'));
-- The few marked accounts of a tenant, which search leaves out by id.
CREATE INDEX members_marked ON members (tenant_id) WHERE account_kind <> 'member';

-- The demo's two logins of every brand are test accounts.
UPDATE members m SET account_kind = 'test'
FROM tenants t
WHERE t.id = m.tenant_id AND m.demo
  AND lower(m.email) IN ('demo@' || t.slug || '.example', 'premium@' || t.slug || '.example');

-- Marketing shows a member's photo only once operators reviewed it
-- (reviewed_at). The demo's drawn pictures and house profiles' photos
-- (uploaded by operators themselves) count as reviewed.
UPDATE photos ph SET reviewed_at = ph.created_at
FROM members m
WHERE m.id = ph.profile_id AND ph.status = 'active' AND ph.reviewed_at IS NULL AND (m.demo OR m.is_house);

-- +goose Down
DROP INDEX members_marked;
ALTER TABLE members DROP COLUMN account_kind;
