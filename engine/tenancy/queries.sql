-- name: TenantList :many
SELECT t.*, c.slug AS company_slug
FROM tenants t
JOIN companies c ON c.id = t.company_id
ORDER BY t.position, t.id;

-- name: TenantHostList :many
SELECT host, tenant_id, is_primary FROM tenant_hosts ORDER BY tenant_id, is_primary DESC, host;

-- name: CompanyList :many
SELECT * FROM companies ORDER BY id;

-- name: CompanyUpsert :one
INSERT INTO companies (slug, name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added)
VALUES (@slug, @name, @address, @kvk, @city, @country, @tradenames, @vat_numbers, @support_phone, @delete_discount, @added)
ON CONFLICT (slug) DO UPDATE SET
    name = EXCLUDED.name, address = EXCLUDED.address, kvk = EXCLUDED.kvk, city = EXCLUDED.city,
    country = EXCLUDED.country, tradenames = EXCLUDED.tradenames, vat_numbers = EXCLUDED.vat_numbers,
    support_phone = EXCLUDED.support_phone, delete_discount = EXCLUDED.delete_discount, added = EXCLUDED.added
RETURNING id;

-- name: CompanyBySlug :one
SELECT * FROM companies WHERE slug = @slug;

-- name: TenantSlugsOfCompany :many
-- The brands whose company is the company of this slug.
SELECT t.slug FROM tenants t JOIN companies c ON c.id = t.company_id
WHERE c.slug = @company_slug ORDER BY t.slug;

-- name: TenantSlugsOfPool :many
-- The brands whose members are in this profile pool.
SELECT slug FROM tenants WHERE profile_pool = @pool ORDER BY slug;

-- name: TenantExists :one
SELECT EXISTS (SELECT 1 FROM tenants WHERE slug = @slug);

-- name: TenantFileDigest :one
-- The digest of the file the tenant was last imported from ('' for none).
SELECT file_digest FROM tenants WHERE slug = @slug;

-- name: TenantFileDigestSet :exec
UPDATE tenants SET file_digest = @file_digest WHERE slug = @slug;

-- name: TenantUpsert :one
INSERT INTO tenants (slug, name, company_id, theme, niche, locales, default_locale, countries, time_zone, profile_pool, settings, position)
VALUES (@slug, @name, @company_id, @theme, @niche, @locales, @default_locale, @countries, @time_zone, @profile_pool, @settings, @position)
ON CONFLICT (slug) DO UPDATE SET
    name = EXCLUDED.name, company_id = EXCLUDED.company_id, theme = EXCLUDED.theme, niche = EXCLUDED.niche,
    locales = EXCLUDED.locales, default_locale = EXCLUDED.default_locale, countries = EXCLUDED.countries,
    time_zone = EXCLUDED.time_zone, profile_pool = EXCLUDED.profile_pool, settings = EXCLUDED.settings,
    position = EXCLUDED.position, updated_at = now()
RETURNING id;

-- name: TenantVAPIDSet :exec
-- Keys are generated once; a re-import never replaces them, or every stored
-- push subscription would stop working.
UPDATE tenants SET vapid_public_key = @public_key, vapid_private_key = @private_key
WHERE id = @id AND vapid_public_key = '';

-- name: TenantHostsDelete :exec
DELETE FROM tenant_hosts WHERE tenant_id = @tenant_id;

-- name: TenantHostInsert :exec
INSERT INTO tenant_hosts (host, tenant_id, is_primary) VALUES (@host, @tenant_id, @is_primary);

-- name: TenantHostOwner :one
SELECT t.slug FROM tenant_hosts h JOIN tenants t ON t.id = h.tenant_id WHERE h.host = @host;

-- name: TenantSettingsUpdate :exec
UPDATE tenants SET settings = @settings, updated_at = now() WHERE id = @id;

-- name: InterestList :many
SELECT id, slug FROM interests ORDER BY id;
