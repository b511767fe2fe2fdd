-- +goose Up
-- The like and match cards the member app pops up are shown once per
-- member, on whatever device or page load: when the liked member has seen
-- the card of a like, card_shown_at is set on that like; when a member has
-- seen the card of a match, match_card_shown_at is set on the member's own
-- like of the pair (each side of a match sees its own card once).
ALTER TABLE likes
    ADD COLUMN card_shown_at timestamptz,
    ADD COLUMN match_card_shown_at timestamptz;

-- +goose Down
ALTER TABLE likes
    DROP COLUMN card_shown_at,
    DROP COLUMN match_card_shown_at;
