import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { ApiError } from '../../api/http'
import { useLoad, wait } from '../../api/useLoad'
import { Button, ButtonLink } from '../../components/Button'
import { Page, Panel } from '../../components/Page'
import { codeText } from '../../api/serverErrors'
import { errorText } from '../../i18n/errorText'
import { refreshUser } from '../../state/refresh'
import { useAppState, useServices } from '../../state/context'
import type { Card, CreditPackage, Order } from './api'
import { Hint } from './Hint'
import { LoadFailed } from './LoadFailed'
import { useBilling, usePackages } from './hooks'
import { leaveFor } from './leave'
import { newClientId, repeatOutcome, type RepeatOutcome } from './repeat'
import { formatPrice } from '../../i18n/money'
import { pollPayment } from './rules'
import { color, radius, space } from '../../theme/theme'
import { WithdrawalWaiver, useWaiver, useWaiverAsked } from './WithdrawalWaiver'

const Offers = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${space(3)};
  padding: 0;
  margin: 0;
  list-style: none;
`

const Offer = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  min-width: 0;
  padding: ${space(4)};
  border: 2px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
`

const CardLine = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: center;
  margin-top: ${space(3)};
`

/** expiryText words a card's expiry (YYYY-MM-DD) as month and year, or null when unknown. */
function expiryText(expiry: string, locale: string): string | null {
  const m = /^(\d{4})-(\d{2})/.exec(expiry)
  if (!m) return null
  try {
    return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))
  } catch {
    return `${m[2]}/${m[1]}`
  }
}

/** StoredCardPanel shows the kept card (brand and last four digits) and removes it after a confirmation. */
function StoredCardPanel({ card, onRemoved }: { card: Card; onRemoved: () => void }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const calls = useBilling()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const expiry = expiryText(card.expiry, locale)
  const brand = card.brand || t('paymentMethod.methods.creditcard')

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await calls.removeCard(card.id)
      onRemoved()
    } catch (err) {
      setBusy(false)
      setError(errorText(t, err, [codeText], 'errors.tryLater'))
    }
  }

  return (
    <Panel as="section" aria-labelledby="stored-card-title" data-testid="stored-card">
      <h2 id="stored-card-title">{t('repeatOrder.cardTitle')}</h2>
      <CardLine data-testid="stored-card-label">{t('repeatOrder.card', { brand, last4: card.last4 })}</CardLine>
      {expiry && <p>{t('repeatOrder.expires', { date: expiry })}</p>}
      {error && (
        <Hint $tone="danger" role="alert">
          {error}
        </Hint>
      )}
      {confirming ? (
        <div role="group" aria-labelledby="remove-card-question">
          <p id="remove-card-question">{t('repeatOrder.removeConfirm')}</p>
          <Actions>
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => void remove()} data-testid="remove-card-confirm">
              {t('repeatOrder.removeYes')}
            </Button>
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t('repeatOrder.removeNo')}
            </Button>
          </Actions>
        </div>
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setConfirming(true)} data-testid="remove-card">
            {t('repeatOrder.remove')}
          </Button>
        </Actions>
      )}
    </Panel>
  )
}

/** OutcomePanel tells how the last click went: charged, failed (retry or pay at the provider) or an error. */
function OutcomePanel({ outcome, card, onRetry, busy }: { outcome: RepeatOutcome; card: Card; onRetry: (pkg: CreditPackage) => void; busy: boolean }) {
  const { t } = useTranslation()
  const calls = useBilling()
  const heading = useRef<HTMLHeadingElement>(null)
  const [leaving, setLeaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const credits = useAppState((s) => s.user?.credits ?? 0)
  // The purchase that failed carried the withdrawal waiver (buy asks it first).
  const waiverAsked = useWaiverAsked()
  useEffect(() => {
    heading.current?.focus()
  }, [outcome])

  if (outcome.kind === 'completed') {
    return (
      <Panel data-testid="repeat-result" data-status="completed">
        <h2 ref={heading} tabIndex={-1}>
          {t('payment.completed')}
        </h2>
        <Hint $tone="success" data-testid="repeat-added">
          {t('payment.added', { count: outcome.order.credits })}
        </Hint>
        <p data-testid="repeat-balance">{t('payment.balance', { count: credits })}</p>
        <Link to={`/transactions/${outcome.order.order_id}`}>{t('payment.toTransaction')}</Link>
      </Panel>
    )
  }
  if (outcome.kind === 'pending') {
    return (
      <Panel role="status" data-testid="repeat-result" data-status="pending">
        <h2 ref={heading} tabIndex={-1}>
          {t('payment.pendingTitle')}
        </h2>
        <p>{t('payment.stillPending')}</p>
        <Link to={`/credits/${outcome.order.package_id}/${outcome.order.paymentmethod}?payment_id=${encodeURIComponent(outcome.order.payment_id)}`}>{t('payment.checkAgain')}</Link>
      </Panel>
    )
  }
  if (outcome.kind === 'error') {
    return (
      <Panel data-testid="repeat-result" data-status="error">
        <h2 ref={heading} tabIndex={-1} role="alert">
          {outcome.message}
        </h2>
      </Panel>
    )
  }

  // Failed: the order (when one was made) is paid at the provider like any
  // failed order; else a new order of the package goes there.
  const viaProvider = async () => {
    setLeaving(true)
    setError(null)
    try {
      const created = outcome.order
        ? await calls.retry(outcome.order.order_id, card.method)
        : await calls.order({ package_id: outcome.pkg.id, paymentmethod: card.method, country: outcome.country, ...(waiverAsked ? { waive_withdrawal: true } : {}) })
      leaveFor(created.redirect_url)
    } catch (err) {
      setLeaving(false)
      setError(errorText(t, err, [codeText], 'errors.tryLater'))
    }
  }
  return (
    <Panel data-testid="repeat-result" data-status="failed">
      <h2 ref={heading} tabIndex={-1} role="alert" data-testid="repeat-failed">
        {t('repeatOrder.failed')}
      </h2>
      <p>{t('repeatOrder.failedHint')}</p>
      {error && (
        <Hint $tone="danger" role="alert">
          {error}
        </Hint>
      )}
      <Actions>
        <Button type="button" disabled={busy || leaving} onClick={() => onRetry(outcome.pkg)} data-testid="repeat-retry">
          {t('repeatOrder.retry')}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy || leaving} onClick={() => void viaProvider()} data-testid="repeat-via-provider">
          {leaving ? t('paymentMethod.paying') : t('repeatOrder.viaProvider')}
        </Button>
      </Actions>
    </Panel>
  )
}

/** RepeatOffers lists the packages, each bought with one click on the kept card. */
function RepeatOffers({ card }: { card: Card }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const { api, store } = useServices()
  const calls = useBilling()
  const { state, reload } = usePackages(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<RepeatOutcome | null>(null)
  const waiver = useWaiver()
  const alive = useRef(new AbortController())
  useEffect(() => {
    const ctl = new AbortController()
    alive.current = ctl
    return () => ctl.abort()
  }, [])

  const buy = async (pkg: CreditPackage, country: string) => {
    if (busy) return
    if (!waiver.ready()) return
    // One key per click: the request's own retries reuse it, so the
    // server charges once however often it hears the click.
    const clientId = newClientId()
    const { signal } = alive.current
    setBusy(pkg.id)
    setOutcome(null)
    let result: RepeatOutcome
    try {
      let order: Order = await calls.repeat({ package_id: pkg.id, card_id: card.id, client_id: clientId, country, ...waiver.body })
      if (order.status === 'pending') {
        const polled = await pollPayment(
          () => calls.payment(order.payment_id, signal),
          (ms) => wait(ms, signal),
          () => undefined,
        )
        order = polled.order
      }
      if (order.status === 'completed') await refreshUser(api, store).catch(() => undefined)
      result = repeatOutcome(order, pkg, country)
    } catch (err) {
      result =
        err instanceof ApiError && err.code === 'card_payment_failed'
          ? { kind: 'failed', order: null, pkg, country }
          : { kind: 'error', message: errorText(t, err, [codeText], 'errors.tryLater') }
    }
    if (signal.aborted) return
    setBusy(null)
    setOutcome(result)
  }

  return (
    <>
      {outcome && <OutcomePanel outcome={outcome} card={card} busy={busy !== null} onRetry={(pkg) => state.status === 'done' && void buy(pkg, state.data.country)} />}
      <section aria-labelledby="repeat-packages-title" aria-busy={state.status === 'loading' || busy !== null}>
        <h2 id="repeat-packages-title">{t('repeatOrder.packagesTitle')}</h2>
        <WithdrawalWaiver {...waiver.box} disabled={busy !== null} />
        {state.status === 'failed' ? (
          <LoadFailed onReload={reload} />
        ) : state.status === 'done' ? (
          state.data.packages.length === 0 ? (
            <p>{t('credits.none')}</p>
          ) : (
            <Offers data-testid="repeat-packages">
              {state.data.packages.map((p) => {
                const price = formatPrice(p.amount, p.currency, locale)
                return (
                  <Offer key={p.id} data-testid="repeat-package" data-id={p.id}>
                    <h3>{t('credits.packageCredits', { count: p.credits })}</h3>
                    <p>{price}</p>
                    <Button
                      type="button"
                      $block
                      disabled={busy !== null}
                      aria-label={t('repeatOrder.buyLabel', { count: p.credits, price })}
                      onClick={() => void buy(p, state.data.country)}
                      data-testid="repeat-buy"
                    >
                      {busy === p.id ? t('repeatOrder.charging') : t('repeatOrder.buy', { price })}
                    </Button>
                  </Offer>
                )
              })}
            </Offers>
          )
        ) : (
          <p role="status">{t('app.loading')}</p>
        )}
      </section>
    </>
  )
}

/**
 * RepeatOrderPage: /credits/repeat-order, one-click orders on the card the
 * member kept at a card payment: the card (brand and last four digits),
 * the packages, and removing the card.
 */
export function RepeatOrderPage() {
  const { t } = useTranslation()
  const calls = useBilling()
  const { state, reload } = useLoad<Card | null>('repeat-card', (signal) => calls.storedCard(signal))
  const [removed, setRemoved] = useState(false)
  const card = !removed && state.status === 'done' ? state.data : null

  return (
    <Page title={t('repeatOrder.title')} lead={t('repeatOrder.lead')} testId="repeat-order-page">
      {removed && (
        <Hint $tone="success" role="status" data-testid="card-removed">
          {t('repeatOrder.removed')}
        </Hint>
      )}
      {state.status === 'failed' ? (
        <Hint $tone="danger" role="alert">
          {t('repeatOrder.loadFailed')}{' '}
          <Button type="button" $variant="secondary" onClick={reload}>
            {t('credits.reload')}
          </Button>
        </Hint>
      ) : state.status !== 'done' ? (
        <p role="status">{t('app.loading')}</p>
      ) : card ? (
        <>
          <StoredCardPanel card={card} onRemoved={() => setRemoved(true)} />
          <RepeatOffers card={card} />
        </>
      ) : (
        <Panel data-testid="no-stored-card">
          <p>{t('repeatOrder.noCard')}</p>
          <ButtonLink to="/credits">{t('repeatOrder.toPackages')}</ButtonLink>
        </Panel>
      )}
      <Link to="/credits">{t('credits.title')}</Link>
    </Page>
  )
}
