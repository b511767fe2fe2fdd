-- +goose Up
-- Companies operate one or more tenants (brands); their legal details appear in
-- every tenant's footer and terms.
CREATE TABLE companies (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug            text NOT NULL UNIQUE,
    name            text NOT NULL,
    address         text NOT NULL DEFAULT '',
    kvk             text NOT NULL DEFAULT '',
    city            text NOT NULL DEFAULT '',
    country         text NOT NULL DEFAULT '',
    tradenames      text[] NOT NULL DEFAULT '{}',
    vat_numbers     text[] NOT NULL DEFAULT '{}',
    support_phone   text NOT NULL DEFAULT '',
    delete_discount integer NOT NULL DEFAULT 0,
    added           timestamptz NOT NULL DEFAULT now()
);

-- A tenant is one branded site. The columns hold what the engine routes and
-- isolates on; settings holds the operator-editable site settings
-- (tenants/README.md describes each).
CREATE TABLE tenants (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug             text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    name             text NOT NULL,
    company_id       bigint NOT NULL REFERENCES companies (id),
    theme            text NOT NULL,
    niche            smallint NOT NULL CHECK (niche BETWEEN 1 AND 7),
    locales          text[] NOT NULL CHECK (cardinality(locales) > 0),
    default_locale   text NOT NULL,
    countries        text[] NOT NULL CHECK (cardinality(countries) > 0),
    time_zone        text NOT NULL DEFAULT 'UTC',
    profile_pool     text NOT NULL,
    settings         jsonb NOT NULL DEFAULT '{}',
    vapid_public_key text NOT NULL DEFAULT '',
    vapid_private_key text NOT NULL DEFAULT '',
    position         integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Every host a tenant answers on; exactly one is primary.
CREATE TABLE tenant_hosts (
    host       text PRIMARY KEY CHECK (host = lower(host)),
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    is_primary boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX tenant_hosts_one_primary ON tenant_hosts (tenant_id) WHERE is_primary;

-- The interest catalogue members pick from; names are translated by the client.
CREATE TABLE interests (
    id   smallint PRIMARY KEY,
    slug text NOT NULL UNIQUE
);
INSERT INTO interests (id, slug) VALUES
    (1, 'travel'), (2, 'music'), (3, 'movies'), (4, 'sports'), (5, 'fitness'),
    (6, 'cooking'), (7, 'reading'), (8, 'dancing'), (9, 'nature'), (10, 'art'),
    (11, 'gaming'), (12, 'photography'), (13, 'fashion'), (14, 'wine'), (15, 'animals'),
    (16, 'nightlife'), (17, 'beach'), (18, 'cars'), (19, 'massage'), (20, 'romance');

-- Engines cache tenants in memory; any change tells every instance to drop
-- its cache.
-- +goose StatementBegin
CREATE FUNCTION notify_tenancy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tenancy_changed', TG_TABLE_NAME);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER tenants_changed AFTER INSERT OR UPDATE OR DELETE ON tenants
    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenancy_changed();
CREATE TRIGGER tenant_hosts_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_hosts
    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenancy_changed();
CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE ON companies
    FOR EACH STATEMENT EXECUTE FUNCTION notify_tenancy_changed();

-- +goose Down
DROP TABLE tenant_hosts;
DROP TABLE tenants;
DROP TABLE companies;
DROP TABLE interests;
DROP FUNCTION notify_tenancy_changed();
