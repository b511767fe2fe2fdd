-- The cards members keep for repeat orders: their customers at the
-- providers and the mandates of paid first payments. Query names start with
-- Customer or Card.

-- name: CustomerOfMember :one
SELECT customer_id FROM payment_customers WHERE member_id = @member_id AND provider = @provider;

-- name: CustomerInsert :exec
-- Of parallel first orders, one customer is kept; the others stay unused
-- at the provider.
INSERT INTO payment_customers (member_id, provider, tenant_id, customer_id)
VALUES (@member_id, @provider, @tenant_id, @customer_id)
ON CONFLICT (member_id, provider) DO NOTHING;

-- name: CardKnown :one
-- Whether a mandate was recorded already (whatever its state now): a
-- replayed webhook of an old first payment brings no replaced card back.
SELECT EXISTS (SELECT 1 FROM card_mandates WHERE provider = @provider AND mandate_id = @mandate_id);

-- name: CardReplaceActive :many
-- The member's earlier card, replaced by a new one; its mandate is
-- revoked at the provider by a job after the replacement commits.
UPDATE card_mandates SET status = 'replaced', removed_at = now()
WHERE member_id = @member_id AND status = 'active'
RETURNING id;

-- name: CardInsert :exec
INSERT INTO card_mandates (tenant_id, member_id, provider, customer_id, mandate_id, payment_id, method, card_label, card_last4, card_expiry)
VALUES (@tenant_id, @member_id, @provider, @customer_id, @mandate_id, @payment_id, @method, @card_label, @card_last4, @card_expiry);

-- name: CardActiveOfMember :one
-- The member's card for repeat orders at the tenant's provider.
SELECT * FROM card_mandates
WHERE member_id = @member_id AND tenant_id = @tenant_id AND provider = @provider AND status = 'active';

-- name: CardRemove :execrows
UPDATE card_mandates SET status = 'removed', removed_at = now()
WHERE id = @id AND member_id = @member_id AND status = 'active';

-- name: CardsPurgeMember :many
-- A purged member's card is out of use at once; its mandate is revoked at
-- the provider by a job after the purge commits.
UPDATE card_mandates SET status = 'removed', removed_at = now()
WHERE member_id = @member_id AND status = 'active'
RETURNING id;

-- name: CardByID :one
SELECT * FROM card_mandates WHERE id = @id;

-- name: CardsForgetDetails :exec
-- A purged member's cards keep only what revoking their mandates needs:
-- the card's name, last digits and expiry go.
UPDATE card_mandates SET card_label = '', card_last4 = '', card_expiry = ''
WHERE member_id = @member_id;

-- name: CustomersPurgeMember :exec
DELETE FROM payment_customers WHERE member_id = @member_id;
