-- Traffic sources (engine/affiliates): affiliate visits, postbacks and the
-- report per source.

-- name: VisitInsert :exec
-- A visit through an affiliate link; a visitor counts once a day per
-- source (with the lander's A/B variant of that first visit).
INSERT INTO traffic_visits (tenant_id, day, visitor, network, ref, sub1, sub2, sub3, variant, lander, bounce_measured, visited_at)
VALUES (@tenant_id, @day, @visitor, @network, @ref, @sub1, @sub2, @sub3, @variant, @lander, @bounce_measured, @visited_at)
ON CONFLICT DO NOTHING;

-- name: VisitBounce :execrows
-- The visitor left the page of its visit that asked to report it (?lb):
-- the visit bounced, once.
UPDATE traffic_visits SET bounced_at = @at
WHERE tenant_id = @tenant_id AND day = @day AND visitor = @visitor AND network = @network AND ref = @ref
  AND sub1 = @sub1 AND sub2 = @sub2 AND sub3 = @sub3 AND bounce_measured AND bounced_at IS NULL;

-- name: VisitKeyEnsure :one
-- The day's visitor key: @secret when this call makes it, else the one an
-- instance made before (the no-op update lets RETURNING give it).
INSERT INTO traffic_visit_keys (day, secret) VALUES (@day, @secret)
ON CONFLICT (day) DO UPDATE SET secret = traffic_visit_keys.secret
RETURNING secret;

-- name: VisitKeysTrim :exec
-- Deletes the keys of days before @before: their visitors can no longer be
-- tied to an address.
DELETE FROM traffic_visit_keys WHERE day < @before::date;

-- name: PostbackMember :one
-- What a member's postback is made of: the traffic source stored at signup
-- and the postbacks section of the tenant's settings ('null' without one).
SELECT m.tenant_id, m.tracking, coalesce(t.settings->'postbacks', 'null'::jsonb)::jsonb AS postbacks
FROM members m JOIN tenants t ON t.id = m.tenant_id
WHERE m.id = @member_id;

-- name: PostbackOrder :one
-- A paid order's traffic source (the member's when the order was made)
-- and what it paid.
SELECT tracking, amount, currency FROM orders WHERE id = @id AND member_id = @member_id;

-- name: PostbackInsert :one
-- A member's event for a network, once: a second delivery of the same
-- event inserts nothing (and no job is queued).
INSERT INTO postbacks (tenant_id, member_id, event, network, order_id, url)
VALUES (@tenant_id, @member_id, @event, @network, sqlc.narg(order_id), @url)
ON CONFLICT (member_id, event, network) DO NOTHING
RETURNING id;

-- name: PostbackLock :one
-- The postback a job is about to claim, locked for the short transaction
-- of the claim.
SELECT * FROM postbacks WHERE id = @id FOR UPDATE;

-- name: PostbackClaim :exec
-- Claims a postback for one call until @until: no other job calls it
-- meanwhile, and a job that died during its call frees it then.
UPDATE postbacks SET claimed_until = @until::timestamptz WHERE id = @id;

-- name: PostbackCallInsert :exec
INSERT INTO postback_calls (postback_id, attempt, status_code, error, called_at, duration_ms)
VALUES (@postback_id, @attempt, @status_code, @error, @called_at, @duration_ms);

-- name: PostbackSetStatus :exec
-- The outcome of a call; the postback is free for the next attempt.
UPDATE postbacks SET status = @status, sent_at = sqlc.narg(sent_at), claimed_until = NULL WHERE id = @id;

-- name: PostbacksOfMember :many
SELECT * FROM postbacks WHERE member_id = @member_id ORDER BY id;

-- name: PostbackCalls :many
SELECT * FROM postback_calls WHERE postback_id = @postback_id ORDER BY id;

-- name: Report :many
-- A tenant's traffic per source (network, ref, sub1..sub3; all empty for
-- members who came without one) in a span, each counted when it happened:
-- visits on their day (first_day..last_day of the tenant's time zone),
-- signups, activations, first purchases (a member's earliest paid order)
-- and revenue (paid orders not refunded, per currency, in minor units) in
-- since..until. One row per kind, source and currency ('' but for
-- revenue); the caller folds them into one row per source.
SELECT 'visits'::text AS kind, v.network, v.ref, v.sub1, v.sub2, v.sub3, ''::text AS currency, count(*)::bigint AS value
FROM traffic_visits v
WHERE v.tenant_id = @tenant_id AND v.day >= @first_day::date AND v.day <= @last_day::date
GROUP BY v.network, v.ref, v.sub1, v.sub2, v.sub3
UNION ALL
SELECT 'measured', v.network, v.ref, v.sub1, v.sub2, v.sub3, '', count(*) FILTER (WHERE v.bounce_measured)
FROM traffic_visits v
WHERE v.tenant_id = @tenant_id AND v.day >= @first_day::date AND v.day <= @last_day::date
GROUP BY v.network, v.ref, v.sub1, v.sub2, v.sub3
UNION ALL
SELECT 'bounces', v.network, v.ref, v.sub1, v.sub2, v.sub3, '', count(v.bounced_at)
FROM traffic_visits v
WHERE v.tenant_id = @tenant_id AND v.day >= @first_day::date AND v.day <= @last_day::date
GROUP BY v.network, v.ref, v.sub1, v.sub2, v.sub3
UNION ALL
SELECT 'signups', coalesce(m.tracking->>'network', ''), coalesce(m.tracking->>'ref', ''), coalesce(m.tracking->>'sub1', ''),
       coalesce(m.tracking->>'sub2', ''), coalesce(m.tracking->>'sub3', ''), '', count(*)
FROM members m
WHERE m.tenant_id = @tenant_id AND NOT m.is_house AND m.signup_date >= @since::timestamptz AND m.signup_date < @until::timestamptz
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'activations', coalesce(m.tracking->>'network', ''), coalesce(m.tracking->>'ref', ''), coalesce(m.tracking->>'sub1', ''),
       coalesce(m.tracking->>'sub2', ''), coalesce(m.tracking->>'sub3', ''), '', count(*)
FROM members m
WHERE m.tenant_id = @tenant_id AND NOT m.is_house AND m.activated_at >= @since::timestamptz AND m.activated_at < @until::timestamptz
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'first_purchases', coalesce(o.tracking->>'network', ''), coalesce(o.tracking->>'ref', ''), coalesce(o.tracking->>'sub1', ''),
       coalesce(o.tracking->>'sub2', ''), coalesce(o.tracking->>'sub3', ''), '', count(*)
FROM orders o
WHERE o.tenant_id = @tenant_id AND o.completed_at >= @since::timestamptz AND o.completed_at < @until::timestamptz
  AND NOT EXISTS (
      SELECT 1 FROM orders e
      WHERE e.member_id = o.member_id AND e.completed_at IS NOT NULL
        AND (e.completed_at, e.id) < (o.completed_at, o.id)
  )
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'revenue', coalesce(o.tracking->>'network', ''), coalesce(o.tracking->>'ref', ''), coalesce(o.tracking->>'sub1', ''),
       coalesce(o.tracking->>'sub2', ''), coalesce(o.tracking->>'sub3', ''), o.currency, sum(o.amount)::bigint
FROM orders o
WHERE o.tenant_id = @tenant_id AND o.status = 'completed' AND o.completed_at >= @since::timestamptz AND o.completed_at < @until::timestamptz
GROUP BY 2, 3, 4, 5, 6, 7;

-- name: VariantVisits :many
-- A tenant's visits per source and lander A/B variant (the slug) on
-- first_day..last_day of its time zone: which copy an affiliate's visitors
-- saw.
SELECT network, ref, sub1, sub2, sub3, variant, count(*)::bigint AS visits
FROM traffic_visits
WHERE tenant_id = @tenant_id AND day >= @first_day::date AND day <= @last_day::date AND variant <> ''
GROUP BY network, ref, sub1, sub2, sub3, variant
ORDER BY network, ref, sub1, sub2, sub3, variant;

-- name: RecentPostbacks :many
-- A tenant's postbacks made in since..until, newest first, each with how
-- often it was called and its last call (all null when it was not called
-- yet).
SELECT p.id, p.member_id, p.event, p.network, p.order_id, p.url, p.status, p.created_at, p.sent_at,
       (SELECT count(*) FROM postback_calls n WHERE n.postback_id = p.id)::int AS attempts,
       l.status_code AS last_status_code, l.error AS last_error, l.called_at AS last_called_at
FROM postbacks p
LEFT JOIN postback_calls l ON l.id = (SELECT max(m.id) FROM postback_calls m WHERE m.postback_id = p.id)
WHERE p.tenant_id = @tenant_id AND p.created_at >= @since::timestamptz AND p.created_at < @until::timestamptz
ORDER BY p.created_at DESC, p.id DESC
LIMIT @max_rows;

-- name: LanderVisits :many
-- A tenant's visits per source and lander on first_day..last_day of its
-- time zone, with the visits that reported leaving (?lb) and the bounces
-- among them: the bounce rate per lander and source.
SELECT network, ref, sub1, sub2, sub3, lander, count(*)::bigint AS visits,
       count(*) FILTER (WHERE bounce_measured)::bigint AS measured, count(bounced_at)::bigint AS bounces
FROM traffic_visits
WHERE tenant_id = @tenant_id AND day >= @first_day::date AND day <= @last_day::date
GROUP BY network, ref, sub1, sub2, sub3, lander
ORDER BY network, ref, sub1, sub2, sub3, lander;

-- name: AffiliateReport :many
-- One affiliate's traffic on a tenant per lander and sub-id: the Report of
-- the sources of its network (ignoring case) and, when @refs is not empty,
-- of those refs only; the affiliate never sees another's rows. One row per
-- kind, lander, ref, sub-ids and currency.
WITH mine AS (
    SELECT v.* FROM traffic_visits v
    WHERE v.tenant_id = @tenant_id AND v.day >= @first_day::date AND v.day <= @last_day::date
      AND lower(v.network) = lower(@network) AND (cardinality(@refs::text[]) = 0 OR v.ref = ANY(@refs::text[]))
), members_mine AS (
    SELECT m.* FROM members m
    WHERE m.tenant_id = @tenant_id AND NOT m.is_house
      AND lower(coalesce(m.tracking->>'network', '')) = lower(@network)
      AND (cardinality(@refs::text[]) = 0 OR coalesce(m.tracking->>'ref', '') = ANY(@refs::text[]))
), orders_mine AS (
    SELECT o.* FROM orders o
    WHERE o.tenant_id = @tenant_id AND o.completed_at >= @since::timestamptz AND o.completed_at < @until::timestamptz
      AND lower(coalesce(o.tracking->>'network', '')) = lower(@network)
      AND (cardinality(@refs::text[]) = 0 OR coalesce(o.tracking->>'ref', '') = ANY(@refs::text[]))
)
SELECT 'visits'::text AS kind, lander, ref, sub1, sub2, sub3, ''::text AS currency, count(*)::bigint AS value
FROM mine GROUP BY lander, ref, sub1, sub2, sub3
UNION ALL
SELECT 'measured', lander, ref, sub1, sub2, sub3, '', count(*) FILTER (WHERE bounce_measured)
FROM mine GROUP BY lander, ref, sub1, sub2, sub3
UNION ALL
SELECT 'bounces', lander, ref, sub1, sub2, sub3, '', count(bounced_at)
FROM mine GROUP BY lander, ref, sub1, sub2, sub3
UNION ALL
SELECT 'signups', coalesce(tracking->>'lander', ''), coalesce(tracking->>'ref', ''), coalesce(tracking->>'sub1', ''),
       coalesce(tracking->>'sub2', ''), coalesce(tracking->>'sub3', ''), '', count(*)
FROM members_mine WHERE signup_date >= @since::timestamptz AND signup_date < @until::timestamptz
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'activations', coalesce(tracking->>'lander', ''), coalesce(tracking->>'ref', ''), coalesce(tracking->>'sub1', ''),
       coalesce(tracking->>'sub2', ''), coalesce(tracking->>'sub3', ''), '', count(*)
FROM members_mine WHERE activated_at >= @since::timestamptz AND activated_at < @until::timestamptz
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'first_purchases', coalesce(o.tracking->>'lander', ''), coalesce(o.tracking->>'ref', ''), coalesce(o.tracking->>'sub1', ''),
       coalesce(o.tracking->>'sub2', ''), coalesce(o.tracking->>'sub3', ''), '', count(*)
FROM orders_mine o
WHERE NOT EXISTS (
    SELECT 1 FROM orders e
    WHERE e.member_id = o.member_id AND e.completed_at IS NOT NULL
      AND (e.completed_at, e.id) < (o.completed_at, o.id)
)
GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 'revenue', coalesce(tracking->>'lander', ''), coalesce(tracking->>'ref', ''), coalesce(tracking->>'sub1', ''),
       coalesce(tracking->>'sub2', ''), coalesce(tracking->>'sub3', ''), currency, sum(amount)::bigint
FROM orders_mine WHERE status = 'completed'
GROUP BY 2, 3, 4, 5, 6, 7;

-- name: AffiliatePostbacks :many
-- One affiliate's postbacks on a tenant made in since..until: those to its
-- network (ignoring case) of members of its refs (all refs when @refs is
-- empty), newest first, with the member's traffic source (the values the
-- address may show) and the last call.
SELECT p.id, p.member_id, p.event, p.network, p.order_id, p.url, p.status, p.created_at, p.sent_at,
       m.tracking AS member_tracking,
       (SELECT count(*) FROM postback_calls n WHERE n.postback_id = p.id)::int AS attempts,
       l.status_code AS last_status_code, l.error AS last_error, l.called_at AS last_called_at
FROM postbacks p
JOIN members m ON m.id = p.member_id
LEFT JOIN postback_calls l ON l.id = (SELECT max(c.id) FROM postback_calls c WHERE c.postback_id = p.id)
WHERE p.tenant_id = @tenant_id AND p.created_at >= @since::timestamptz AND p.created_at < @until::timestamptz
  AND lower(p.network) = lower(@network)
  AND (cardinality(@refs::text[]) = 0 OR coalesce(m.tracking->>'ref', '') = ANY(@refs::text[]))
ORDER BY p.created_at DESC, p.id DESC
LIMIT @max_rows;

-- name: NetworkKnown :one
-- Whether network (any case) is one the brands named know: their postbacks
-- section names it, or traffic came through it. every stands for all
-- brands (a role on "*").
SELECT (EXISTS (
    SELECT 1 FROM tenants t, jsonb_object_keys(CASE WHEN jsonb_typeof(t.settings->'postbacks') = 'object' THEN t.settings->'postbacks' ELSE '{}'::jsonb END) AS k
    WHERE (@every::boolean OR t.slug = ANY(@slugs::text[])) AND lower(k) = lower(@network::text)
) OR EXISTS (
    SELECT 1 FROM traffic_visits v JOIN tenants t ON t.id = v.tenant_id
    WHERE (@every::boolean OR t.slug = ANY(@slugs::text[])) AND lower(v.network) = lower(@network::text)
))::boolean AS known;
