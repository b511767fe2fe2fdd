-- +goose Up
-- The signup's offers (engine/billing/discounts):
-- - the time bonus TIMEBONUS25 is one kind 'time_bonus' row per tenant:
--   25% for 14400 seconds from each member's own signup (by the server's
--   clock), for members who have not bought yet, once per member. Tenants
--   made from now on get it at the import and, at the latest, with their
--   first signup; this adds it to the tenants that exist. An operator who
--   deactivates it turns the time bonus off for that brand.
-- - a new member's personal welcome code (kind 'welcome', 25%, valid for
--   the tenant's welcome_discount_hours) is issued in the signup's
--   transaction: at most one per member and brand.
INSERT INTO discount_codes (tenant_id, code, kind, percentage, valid_from, signup_window_seconds, first_purchase_only, created_by)
SELECT id, 'TIMEBONUS25', 'time_bonus', 25, '2000-01-01T00:00:00Z', 14400, true, 'engine' FROM tenants
ON CONFLICT (tenant_id, code) DO NOTHING;
CREATE UNIQUE INDEX discount_codes_welcome_once ON discount_codes (tenant_id, member_id) WHERE kind = 'welcome';

-- +goose Down
DROP INDEX discount_codes_welcome_once;
DELETE FROM discount_codes c
WHERE c.kind = 'time_bonus' AND c.code = 'TIMEBONUS25' AND c.created_by = 'engine'
  AND NOT EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.code_id = c.id)
  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.discount_code_id = c.id);
