-- +goose Up
-- The retention offer (company delete_discount): a member who starts
-- deleting their account may stay and get a personal code of kind
-- 'retention' (member_id set, valid_until 30 days on). At most one per
-- member: the unique index decides among parallel requests.
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_kind_check,
    ADD CONSTRAINT discount_codes_kind_check CHECK (kind IN ('code', 'welcome', 'time_bonus', 'retention'));
CREATE UNIQUE INDEX discount_codes_retention_once ON discount_codes (tenant_id, member_id) WHERE kind = 'retention';

-- +goose Down
DROP INDEX discount_codes_retention_once;
DELETE FROM discount_redemptions WHERE code_id IN (SELECT id FROM discount_codes WHERE kind = 'retention');
UPDATE orders SET discount_code_id = NULL, discount_code = NULL, discount_percentage = NULL, list_amount = NULL
    WHERE discount_code_id IN (SELECT id FROM discount_codes WHERE kind = 'retention');
DELETE FROM discount_codes WHERE kind = 'retention';
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_kind_check,
    ADD CONSTRAINT discount_codes_kind_check CHECK (kind IN ('code', 'welcome', 'time_bonus'));
