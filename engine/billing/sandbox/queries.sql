-- The sandbox provider's own records, as a real provider keeps them.

-- name: SandboxPaymentInsert :one
-- A payment; none when the tenant made one with the same idempotency key
-- already (SandboxPaymentOfKey answers that one).
INSERT INTO sandbox_payments (id, tenant_id, amount, currency, method, description, redirect_url, webhook_url, expires_at,
    status, customer_id, sequence_type, mandate_id, idempotency_key)
VALUES (@id, @tenant_id, @amount, @currency, @method, @description, @redirect_url, @webhook_url, @expires_at,
    @status, sqlc.narg(customer_id), @sequence_type, sqlc.narg(mandate_id), sqlc.narg(idempotency_key))
ON CONFLICT (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
RETURNING *;

-- name: SandboxPaymentOfKey :one
SELECT * FROM sandbox_payments WHERE tenant_id = @tenant_id AND idempotency_key = @idempotency_key;

-- name: SandboxPaymentGet :one
-- A payment as the provider answers it: an open or pending payment past
-- its expiry is expired from then on.
UPDATE sandbox_payments SET status = 'expired'
WHERE id = @id AND status IN ('open', 'pending') AND expires_at <= now()
RETURNING *;

-- name: SandboxPaymentByID :one
SELECT * FROM sandbox_payments WHERE id = @id;

-- name: SandboxPaymentOfTenant :one
SELECT * FROM sandbox_payments WHERE id = @id AND tenant_id = @tenant_id;

-- name: SandboxPaymentSettle :one
-- The choice of the payer on the checkout page; a settled payment stays as it is.
UPDATE sandbox_payments SET status = @status
WHERE id = @id AND tenant_id = @tenant_id AND status IN ('open', 'pending') AND expires_at > now()
RETURNING *;

-- name: SandboxPaymentCancel :one
-- The merchant cancels an open payment; any other stays as it is.
UPDATE sandbox_payments SET status = 'canceled'
WHERE id = @id AND status = 'open'
RETURNING *;

-- name: SandboxPaymentRefund :one
UPDATE sandbox_payments SET refunded = refunded + @amount
WHERE id = @id AND status = 'paid' AND refunded + @amount <= amount
RETURNING *;

-- name: SandboxPaymentSetMandate :exec
UPDATE sandbox_payments SET mandate_id = @mandate_id WHERE id = @id;

-- name: SandboxCustomerInsert :exec
INSERT INTO sandbox_customers (id, tenant_id, name) VALUES (@id, @tenant_id, @name);

-- name: SandboxMandateInsert :exec
INSERT INTO sandbox_mandates (id, customer_id, method, card_label, card_number, card_expiry, declines)
VALUES (@id, @customer_id, @method, @card_label, @card_number, @card_expiry, @declines);

-- name: SandboxMandateGet :one
SELECT * FROM sandbox_mandates WHERE id = @id AND customer_id = @customer_id;

-- name: SandboxMandateRevoke :execrows
UPDATE sandbox_mandates SET status = 'invalid' WHERE id = @id AND customer_id = @customer_id AND status = 'valid';
