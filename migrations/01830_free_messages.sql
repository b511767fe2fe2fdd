-- +goose Up
-- How many of the brand's free messages (the free_messages field of the
-- brand file) each member has sent: a member's text messages are free
-- until this reaches the brand's allowance, then they cost credits. A
-- member belongs to one brand, so the count is per member and per brand.
-- A send that would pass the allowance sets used to -1, which the CHECK
-- refuses (the send then reads the count again): the count never goes
-- negative nor past the allowance, even when sends of one member race.
CREATE TABLE free_messages_used (
    member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    used      integer NOT NULL CONSTRAINT free_messages_used_not_negative CHECK (used >= 0)
);

-- +goose Down
DROP TABLE free_messages_used;
