-- +goose Up
-- Brands as files: the digest of the tenant file a tenant was last imported
-- from. Start-up imports a file again only when it changed since, so edits
-- made in the console survive restarts until the file itself changes.
ALTER TABLE tenants ADD COLUMN file_digest text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE tenants DROP COLUMN file_digest;
