-- Invoices and refunds (invoice.go, refund.go). Query names start with
-- Invoice or Refund: orders.sql shares the generated package.

-- name: InvoiceSale :one
-- What an invoice records of a completed order: the seller (the tenant's
-- company as it is today, with its trade names and the tenant's name to
-- pick the trade name from, and the tenant's settings for its VAT) and the
-- buyer.
SELECT o.id AS order_id, o.tenant_id, o.member_id,
       t.name AS tenant_name, c.id AS company_id, c.slug AS company_slug, c.name AS company_name,
       c.address, c.city, c.country, c.kvk, c.vat_numbers, c.tradenames,
       m.email, coalesce(p.name, '')::text AS member_name, t.settings AS tenant_settings
FROM orders o
JOIN tenants t ON t.id = o.tenant_id
JOIN companies c ON c.id = t.company_id
JOIN members m ON m.id = o.member_id
LEFT JOIN profiles p ON p.id = m.id
WHERE o.id = @order_id;

-- name: InvoiceNextNumber :one
-- The company's next invoice number. The counter row stays locked until the
-- completing transaction ends, so parallel completions take numbers one
-- after the other, and a rolled-back completion gives its number back.
INSERT INTO invoice_counters (company_id, last_number) VALUES (@company_id, 1)
ON CONFLICT (company_id) DO UPDATE SET last_number = invoice_counters.last_number + 1
RETURNING last_number;

-- name: InvoiceInsert :one
INSERT INTO invoices (order_id, company_id, number, seller, buyer)
VALUES (@order_id, @company_id, @number, @seller, @buyer)
RETURNING *;

-- name: InvoiceByOrder :one
SELECT * FROM invoices WHERE order_id = @order_id;

-- name: InvoiceOfMember :one
-- An invoice with its sale, only for the member who bought on the tenant
-- it was bought on. The method is the paid payment's (the newest attempt
-- when none is marked paid).
SELECT i.*, o.package_id, o.credits, o.amount, o.currency, o.status AS order_status,
       o.list_amount, o.discount_code, o.discount_percentage,
       coalesce((SELECT p.method FROM payments p WHERE p.order_id = o.id
                 ORDER BY (p.status = 'paid') DESC, p.id DESC LIMIT 1), '')::text AS method
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE i.order_id = @order_id AND o.member_id = @member_id AND o.tenant_id = @tenant_id;

-- name: InvoicesOfMember :many
-- A member's invoices on a tenant, newest first (the console's member
-- page), at most 100.
SELECT i.*, o.package_id, o.credits, o.amount, o.currency, o.status AS order_status,
       o.list_amount, o.discount_code, o.discount_percentage,
       coalesce((SELECT p.method FROM payments p WHERE p.order_id = o.id
                 ORDER BY (p.status = 'paid') DESC, p.id DESC LIMIT 1), '')::text AS method
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE o.member_id = @member_id AND o.tenant_id = @tenant_id
ORDER BY i.issued_at DESC, i.id DESC
LIMIT 100;

-- name: InvoicesOfTenant :many
-- A tenant's invoices issued in [@since, @until), for the operator's
-- bookkeeping, in number order.
SELECT i.*, o.package_id, o.credits, o.amount, o.currency, o.status AS order_status,
       o.list_amount, o.discount_code, o.discount_percentage,
       coalesce((SELECT p.method FROM payments p WHERE p.order_id = o.id
                 ORDER BY (p.status = 'paid') DESC, p.id DESC LIMIT 1), '')::text AS method
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE o.tenant_id = @tenant_id AND i.issued_at >= @since AND i.issued_at < @until
ORDER BY i.company_id, i.number;

-- name: RefundPaidPayment :one
-- The payment that paid the order (its newest paid attempt).
SELECT * FROM payments WHERE order_id = @order_id AND status = 'paid' ORDER BY id DESC LIMIT 1;

-- name: RefundInsert :one
INSERT INTO refunds (order_id, provider_refund_id, amount, credits_taken, credits_spent, requested_by, reason)
VALUES (@order_id, @provider_refund_id, @amount, @credits_taken, @credits_spent, @requested_by, @reason)
RETURNING *;
