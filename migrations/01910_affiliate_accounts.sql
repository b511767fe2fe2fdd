-- +goose Up
-- Affiliates in the console and the bounces of their visits.

-- The lander a visit landed on (the lander's name, "landing", "landing2" or
-- "landing3" for a member landing, "" for other pages), and its bounce:
-- bounce_measured when the link asked the page to report leaving (?lb),
-- bounced_at when the page reported that the visitor left without signing
-- up (once per visit).
ALTER TABLE traffic_visits ADD COLUMN lander text NOT NULL DEFAULT '';
ALTER TABLE traffic_visits ADD COLUMN bounce_measured boolean NOT NULL DEFAULT false;
ALTER TABLE traffic_visits ADD COLUMN bounced_at timestamptz;

-- An affiliate's console account: the staff account holds the affiliate
-- role on the brands it promotes; this row says whose traffic it sees (its
-- network, and only these refs when refs is not empty) and its share of
-- the revenue it brings, in hundredths of a percent (2500 = 25 %).
CREATE TABLE staff_affiliates (
    staff_id      bigint PRIMARY KEY REFERENCES staff_accounts (id) ON DELETE CASCADE,
    network       text NOT NULL CHECK (network <> ''),
    refs          text[] NOT NULL DEFAULT '{}',
    revenue_share integer NOT NULL DEFAULT 0 CHECK (revenue_share BETWEEN 0 AND 10000)
);

-- +goose Down
DROP TABLE staff_affiliates;
ALTER TABLE traffic_visits DROP COLUMN bounced_at;
ALTER TABLE traffic_visits DROP COLUMN bounce_measured;
ALTER TABLE traffic_visits DROP COLUMN lander;
