-- +goose Up
-- The language a staff member reads the console in, chosen by themselves
-- in the console: one of the console's catalogues (English, Dutch,
-- German).
ALTER TABLE staff_accounts ADD COLUMN language text NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'nl', 'de'));

-- +goose Down
ALTER TABLE staff_accounts DROP COLUMN language;
