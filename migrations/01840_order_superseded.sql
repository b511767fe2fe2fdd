-- +goose Up
-- An order another order of the member took its discount code from: the
-- member came back from the checkout without paying and ordered again
-- with the code. The older order is cancelled (at the provider too); a
-- payment of it that is paid all the same is refunded, so the code is
-- spent once and the member never pays twice for one purchase.
ALTER TABLE orders ADD COLUMN superseded_by bigint REFERENCES orders (id);

-- +goose Down
ALTER TABLE orders DROP COLUMN superseded_by;
