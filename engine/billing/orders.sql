-- Orders and payments (the billing core's queries). Query names start with
-- Order, Payment or Transaction: invoices.sql shares the generated package.

-- name: OrderInsert :one
-- A new order carries the traffic source of the member of the day, and
-- the discount code it was made with (null without one); a direct debit's
-- order claims its payment (opening_id, opening_base) before the provider
-- is asked.
INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, tracking,
    discount_code_id, discount_code, discount_percentage, list_amount, opening_id, opening_base, withdrawal_waived_at)
SELECT @tenant_id::bigint, m.id, @package_id::text, @credits::bigint, @amount::bigint, @currency::text, @country::text, m.tracking,
    sqlc.narg(discount_code_id)::bigint, sqlc.narg(discount_code)::text, sqlc.narg(discount_percentage)::integer, sqlc.narg(list_amount)::bigint,
    sqlc.narg(opening_id)::text, sqlc.narg(opening_base)::text, sqlc.narg(withdrawal_waived_at)::timestamptz
FROM members m WHERE m.id = @member_id AND m.tenant_id = @tenant_id
RETURNING id;

-- name: OrderOfMember :one
SELECT * FROM orders WHERE id = @id AND member_id = @member_id AND tenant_id = @tenant_id;

-- name: OrderLockOfMember :one
SELECT * FROM orders WHERE id = @id AND member_id = @member_id AND tenant_id = @tenant_id FOR UPDATE;

-- name: OrderLockByPayment :one
-- The order a payment pays, locked: every change of the state of an order and
-- its booking happen under this lock, one after the other.
SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.id = @payment_id FOR UPDATE OF o;

-- name: OrderSetStatus :exec
UPDATE orders SET status = @status, updated_at = now(),
    completed_at = CASE WHEN @status = 'completed' THEN now() ELSE completed_at END
WHERE id = @id;

-- name: OrderSupersede :execrows
-- An open order whose discount code another order of the member took
-- over is cancelled in favour of that order.
UPDATE orders SET status = 'cancelled', superseded_by = @by, updated_at = now()
WHERE id = @id AND status = 'pending';

-- name: PaymentsToCancel :many
-- The unsettled payments of an order, to cancel at their provider.
SELECT o.tenant_id, p.id, p.provider, p.provider_payment_id FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.order_id = @order_id AND p.status IN ('open', 'pending', 'authorized')
ORDER BY p.id;

-- name: PaymentNewest :one
-- The newest payment of an order.
SELECT * FROM payments WHERE order_id = @order_id ORDER BY id DESC LIMIT 1;

-- name: PaymentOfOrderAt :one
-- The payment of an order the provider knows by its id (a repeated Pay now
-- answered by the provider with the payment the first one made).
SELECT * FROM payments WHERE order_id = @order_id AND provider = @provider AND provider_payment_id = @provider_payment_id;

-- name: PaymentInsert :one
INSERT INTO payments (public_id, order_id, provider, provider_payment_id, method, status, checkout_url, check_at, sequence_type)
VALUES (@public_id, @order_id, @provider, @provider_payment_id, @method, @status, @checkout_url, @check_at, @sequence_type)
RETURNING id;

-- name: OrderInsertRepeat :one
-- A repeat order, keyed by the member's client_id: a second request with
-- the same key inserts nothing (and waits for the first one's transaction
-- to end), so one click is one charge.
-- The order claims its charge (opening_id, opening_base) before the
-- provider is asked.
INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, tracking, client_id, opening_id, opening_base,
    withdrawal_waived_at)
SELECT @tenant_id::bigint, m.id, @package_id::text, @credits::bigint, @amount::bigint, @currency::text, @country::text, m.tracking, @client_id::text,
    @opening_id::text, @opening_base::text, sqlc.narg(withdrawal_waived_at)::timestamptz
FROM members m WHERE m.id = @member_id AND m.tenant_id = @tenant_id
ON CONFLICT (member_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
RETURNING id;

-- name: OrderOfClient :one
-- The repeat order a client_id made, with or without its payment.
SELECT * FROM orders WHERE member_id = @member_id AND tenant_id = @tenant_id AND client_id = @client_id;

-- name: OrderByID :one
SELECT * FROM orders WHERE id = @id;

-- name: OrderLock :one
-- An order locked while its claimed payment or its refund is booked: a
-- second booking, and the provider's webhooks about the order's payments,
-- wait for it.
SELECT * FROM orders WHERE id = @id FOR UPDATE;

-- name: OrderOpened :exec
-- The claimed payment is recorded: the claim is cleared.
UPDATE orders SET opening_id = NULL, opening_base = NULL, updated_at = now() WHERE id = @id;

-- name: OrderDropOpening :execrows
-- An order whose payment the provider refused outright: nothing was
-- charged, the order goes (its discount code released first).
DELETE FROM orders o WHERE o.id = @id AND o.opening_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id);

-- name: OrdersOpening :many
-- Orders whose claimed payment is not recorded after a grace (the request
-- that claimed it failed or died): reconciliation asks the provider again
-- with the same key.
SELECT * FROM orders WHERE opening_id IS NOT NULL AND created_at <= @before ORDER BY created_at LIMIT @max_rows;

-- name: OrderRepeatOfClient :one
-- The repeat order a client_id made, with its newest payment.
SELECT o.id, o.status, o.package_id, o.credits, o.amount, o.currency, p.id AS payment_id, p.public_id, p.status AS payment_status, p.method
FROM orders o
JOIN LATERAL (SELECT id, public_id, status, method FROM payments WHERE order_id = o.id ORDER BY id DESC LIMIT 1) p ON true
WHERE o.member_id = @member_id AND o.tenant_id = @tenant_id AND o.client_id = @client_id;

-- name: PaymentSequenceType :one
SELECT sequence_type FROM payments WHERE id = @id;

-- name: PaymentByProviderID :one
-- A payment a webhook names, only on the tenant whose host it came to.
SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.provider = @provider AND p.provider_payment_id = @provider_payment_id AND o.tenant_id = @tenant_id;

-- name: PaymentOfMember :one
-- A payment with its order, only for the member who ordered it on this tenant.
SELECT p.id, p.public_id, p.provider, p.provider_payment_id, p.method, p.status,
       o.id AS order_id, o.status AS order_status, o.package_id, o.credits, o.amount, o.currency
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.public_id = @public_id AND o.member_id = @member_id AND o.tenant_id = @tenant_id;

-- name: PaymentLatestID :one
-- The newest payment of an order: only its failure fails the order.
SELECT max(id)::bigint FROM payments WHERE order_id = @order_id;

-- name: PaymentSetStatus :execrows
-- Answers 1 when the status changed, 0 when the payment had it already.
UPDATE payments SET status = @status, updated_at = now() WHERE id = @id AND status <> @status;

-- name: PaymentClaimAsk :execrows
-- Claims the right to ask the provider about an unsettled payment for the
-- member's polling: 1 at most once per min_gap_ms per payment, 0 meanwhile.
UPDATE payments SET asked_at = now()
WHERE id = @id AND status IN ('open', 'pending', 'authorized')
  AND (asked_at IS NULL OR asked_at <= now() - sqlc.arg(min_gap_ms)::integer * interval '1 millisecond');

-- name: PaymentToRefund :one
-- A payment with what is needed to ask its provider for a refund.
SELECT p.id, p.provider, p.provider_payment_id, o.id AS order_id, o.tenant_id
FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = @id;

-- name: PaymentsDue :many
-- Claims unsettled payments due for reconciliation: each is pushed to its
-- next check time in the same statement, and SKIP LOCKED leaves rows
-- another instance is claiming to it, so each payment is asked about by
-- one instance per round.
UPDATE payments p SET checks = p.checks + 1,
    check_at = now() + least(sqlc.arg(max_backoff_secs)::integer, sqlc.arg(first_backoff_secs)::integer * (1 << least(p.checks, 20))) * interval '1 second'
FROM orders o
WHERE o.id = p.order_id AND p.id IN (
    SELECT id FROM payments
    WHERE status IN ('open', 'pending', 'authorized') AND check_at <= now()
    ORDER BY check_at LIMIT @max_rows FOR UPDATE SKIP LOCKED)
RETURNING p.id, p.provider, p.provider_payment_id, o.tenant_id;

-- name: TransactionsOfMember :many
-- The orders of a member, newest first, each with its paid (else newest) payment and its
-- invoice (written by invoice.go) when it has one.
SELECT o.id, o.package_id, o.credits, o.amount, o.currency, o.status, o.created_at, o.completed_at,
       o.list_amount, o.discount_code, o.discount_percentage, p.public_id, p.method, i.number AS invoice_number, coalesce(i.seller->>'company_slug', '')::text AS invoice_company
FROM orders o
JOIN LATERAL (SELECT public_id, method FROM payments WHERE order_id = o.id
              ORDER BY (status = 'paid') DESC, id DESC LIMIT 1) p ON true
LEFT JOIN invoices i ON i.order_id = o.id
WHERE o.member_id = @member_id AND o.tenant_id = @tenant_id
  AND (sqlc.narg(order_id)::bigint IS NULL OR o.id = sqlc.narg(order_id))
ORDER BY o.id DESC
LIMIT @max_rows;

-- name: OrdersOfTenant :many
-- A tenant's orders for the console, newest first: narrowed by state, by
-- member and by order when those are given.
SELECT o.id, o.member_id, o.package_id, o.credits, o.amount, o.currency, o.country, o.status,
       o.created_at, o.completed_at, o.list_amount, o.discount_code, o.discount_percentage
FROM orders o
WHERE o.tenant_id = @tenant_id
  AND (sqlc.narg(status)::text IS NULL OR o.status = sqlc.narg(status))
  AND (sqlc.narg(member_id)::bigint IS NULL OR o.member_id = sqlc.narg(member_id))
  AND (sqlc.narg(order_id)::bigint IS NULL OR o.id = sqlc.narg(order_id))
ORDER BY o.id DESC
LIMIT @max_rows;

-- name: PaymentsOfOrders :many
-- The payments of the orders listed, with their providers' states.
SELECT order_id, public_id, provider, provider_payment_id, method, status, created_at, updated_at
FROM payments WHERE order_id = ANY(@order_ids::bigint[])
ORDER BY order_id, id;

-- name: PurchasesPerDay :many
-- The operators' dashboards: a tenant's paid orders per day of its time
-- zone, and how many of them were their member's first purchase (the
-- member's earliest paid order); every day of the span, 0 where none.
WITH days AS (
    SELECT d::date AS day FROM generate_series(@first_day::date, @last_day::date, interval '1 day') AS d
), paid AS (
    SELECT (o.completed_at AT TIME ZONE @zone::text)::date AS day,
           NOT EXISTS (
               SELECT 1 FROM orders e
               WHERE e.member_id = o.member_id AND e.completed_at IS NOT NULL
                 AND (e.completed_at, e.id) < (o.completed_at, o.id)
           ) AS first
    FROM orders o
    WHERE o.tenant_id = @tenant_id AND o.completed_at >= @since::timestamptz AND o.completed_at < @until::timestamptz
), per_day AS (
    SELECT day, count(*) AS paid_orders, count(*) FILTER (WHERE first) AS first_purchases FROM paid GROUP BY day
)
SELECT days.day::text AS day, coalesce(p.paid_orders, 0)::bigint AS paid_orders,
       coalesce(p.first_purchases, 0)::bigint AS first_purchases
FROM days LEFT JOIN per_day p ON p.day = days.day
ORDER BY days.day;

-- name: RevenuePerDay :many
-- A tenant's revenue per day and currency in minor units: what paid
-- orders brought in on the day they were paid, and what refunds made that
-- day gave back. Every day of the span for each currency with money in it.
WITH days AS (
    SELECT d::date AS day FROM generate_series(@first_day::date, @last_day::date, interval '1 day') AS d
), paid AS (
    SELECT (o.completed_at AT TIME ZONE @zone::text)::date AS day, o.currency, sum(o.amount) AS amount
    FROM orders o
    WHERE o.tenant_id = @tenant_id AND o.completed_at >= @since::timestamptz AND o.completed_at < @until::timestamptz
    GROUP BY 1, 2
), refunded AS (
    SELECT (r.created_at AT TIME ZONE @zone::text)::date AS day, o.currency, sum(r.amount) AS amount
    FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE o.tenant_id = @tenant_id AND r.created_at >= @since::timestamptz AND r.created_at < @until::timestamptz
    GROUP BY 1, 2
), currencies AS (
    SELECT currency FROM paid UNION SELECT currency FROM refunded
)
SELECT days.day::text AS day, c.currency::text AS currency,
       coalesce(p.amount, 0)::bigint AS revenue, coalesce(f.amount, 0)::bigint AS refunded
FROM days CROSS JOIN currencies c
LEFT JOIN paid p ON p.day = days.day AND p.currency = c.currency
LEFT JOIN refunded f ON f.day = days.day AND f.currency = c.currency
ORDER BY c.currency, days.day;

-- name: ChargebackInsert :one
-- A chargeback of a payment, once: a second report of it inserts nothing.
INSERT INTO chargebacks (order_id, payment_id, provider_chargeback_id, reason, amount, currency, credits_taken, credits_open)
VALUES (@order_id, @payment_id, @provider_chargeback_id, @reason, @amount, @currency, @credits_taken, @credits_open)
ON CONFLICT (payment_id) DO NOTHING
RETURNING id;

-- name: ChargebackKnown :one
SELECT EXISTS (SELECT 1 FROM chargebacks WHERE payment_id = @payment_id);

-- name: ChargebacksOfOrders :many
-- The chargebacks of the orders listed, for the console.
SELECT * FROM chargebacks WHERE order_id = ANY(@order_ids::bigint[]) ORDER BY order_id, id;

-- name: ChargebacksWaiting :one
-- The chargebacks of a tenant's orders whose member the engine still
-- blocks from direct debit: money a bank took back that waits for an
-- operator to settle the open credits and lift or keep the block.
SELECT count(*)::bigint FROM chargebacks c
JOIN orders o ON o.id = c.order_id
JOIN direct_debit_blocks b ON b.member_id = o.member_id
WHERE o.tenant_id = @tenant_id;

-- name: OrderBuyerLanguage :one
-- The buyer's language, the receipt mail's.
SELECT m.language FROM orders o JOIN members m ON m.id = o.member_id WHERE o.id = @order_id;
