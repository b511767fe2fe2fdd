-- +goose Up
-- The discount code a direct debit is paid with (the member's active
-- discount: the time bonus or the welcome code), as the member asked for
-- it at the start; applied again, and taken for the order, when the code
-- is confirmed. Null: the list price.
ALTER TABLE direct_debit_flows ADD COLUMN discount_code text;

-- +goose Down
ALTER TABLE direct_debit_flows DROP COLUMN discount_code;
