-- The sandbox provider's own records, as a real provider keeps them.

-- name: SandboxPaymentInsert :one
INSERT INTO sandbox_payments (id, tenant_id, amount, currency, method, description, redirect_url, webhook_url, expires_at)
VALUES (@id, @tenant_id, @amount, @currency, @method, @description, @redirect_url, @webhook_url, @expires_at)
RETURNING *;

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

-- name: SandboxPaymentRefund :one
UPDATE sandbox_payments SET refunded = refunded + @amount
WHERE id = @id AND status = 'paid' AND refunded + @amount <= amount
RETURNING *;
