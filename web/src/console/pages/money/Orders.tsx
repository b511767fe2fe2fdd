import { useState, type FormEvent } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useTranslation } from 'react-i18next'
import { ConsoleError, orderStates, type ConsoleApi, type ConsoleOrder, type OrderState } from '../../api'
import { errorText } from '../../errors'
import { formatPrice } from '../../../i18n/money'
import { Alert, Button, Card, CardList as List, Facts, Field, Heading, Input, Muted } from '../../ui'
import { anyTenant, useCan } from '../../permissions'
import { Select, useTenantPicker } from '../TenantPicker'

/** refusalText words the engine's refusal of a refund; the provider's own detail is kept. */
function refusalText(t: ReturnType<typeof useTranslation>['t'], err: unknown): string {
  if (err instanceof ConsoleError) {
    switch (err.code) {
      case 'order_not_completed':
      case 'order_refunded':
      case 'refund_window_over':
      case 'order_not_found':
      case 'payments_unavailable':
        return t(`console.orders.refusals.${err.code}`)
      case 'refund_refused':
        return t('console.orders.refusals.refund_refused', { detail: err.message })
    }
  }
  return errorText(t, err)
}

/** Orders lists a brand's orders, newest first, with a refund of completed ones. */
export function Orders({ api }: { api: ConsoleApi }) {
  const { t, i18n } = useTranslation()
  const { tenant, picker } = useTenantPicker(api, 'orders-brand', anyTenant('money', 'read'))
  // Refunds need money:write on the brand (finance, superadmin); operators read.
  const mayRefund = useCan()(anyTenant('money', 'write'), tenant)
  // Today's link to the chargebacks names the state: ?state=refunded.
  const [state, setState] = useState<OrderState | ''>(() => {
    const asked = new URLSearchParams(window.location.search).get('state') ?? ''
    return (orderStates as readonly string[]).includes(asked) ? (asked as OrderState) : ''
  })
  const [refunding, setRefunding] = useState<number | null>(null)
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)

  const list = useLoad(tenant ? `orders|${tenant}|${state}` : null, () => api.orders(tenant, state || undefined))
  const orders = list.state.status === 'done' ? list.state.data.orders : null
  const error = list.state.status === 'failed' ? errorText(t, list.state.error) : ''
  const load = list.reload

  const refund = async (e: FormEvent, order: ConsoleOrder) => {
    e.preventDefault()
    setRefusal('')
    setBusy(true)
    try {
      const r = await api.refund(tenant, order.id, reason.trim())
      setDone(t('console.orders.refunded', { id: order.id, taken: r.credits_taken, spent: r.credits_spent }))
      setRefunding(null)
      setReason('')
      load()
    } catch (err) {
      setRefusal(refusalText(t, err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Heading>{t('console.orders.heading')}</Heading>
      {picker}
      <Field>
        <label htmlFor="orders-state">{t('console.orders.state')}</label>
        <Select id="orders-state" value={state} onChange={(e) => setState(e.target.value as OrderState | '')}>
          <option value="">{t('console.orders.anyState')}</option>
          {orderStates.map((s) => (
            <option key={s} value={s}>
              {t(`console.orders.states.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      {error && <Alert role="alert">{error}</Alert>}
      {done && <Muted role="status">{done}</Muted>}
      {!orders && !error && <Muted role="status">{t('console.loading')}</Muted>}
      {orders && orders.length === 0 && <Muted>{t('console.orders.empty')}</Muted>}
      {orders && orders.length > 0 && (
        <List aria-label={t('console.orders.heading')}>
          {orders.map((o) => (
            <li key={o.id}>
              <Card aria-labelledby={`order-${o.id}`}>
                <h2 id={`order-${o.id}`} style={{ margin: '0 0 8px', fontSize: '1.125rem' }}>
                  {t('console.orders.order', { id: o.id })}
                </h2>
                <Facts>
                  <dt>{t('console.orders.status')}</dt>
                  <dd>{t(`console.orders.states.${o.status}`)}</dd>
                  <dt>{t('console.orders.member')}</dt>
                  <dd><a href={`/admin/members/${encodeURIComponent(tenant)}/${o.member_id}`}>{o.member_id}</a></dd>
                  <dt>{t('console.orders.amount')}</dt>
                  <dd>{formatPrice(o.amount, o.currency, i18n.language)}</dd>
                  <dt>{t('console.orders.credits')}</dt>
                  <dd>{o.credits}</dd>
                  {o.discount_code && o.list_amount != null && (
                    <>
                      <dt>{t('console.orders.discount')}</dt>
                      <dd data-testid="order-discount">
                        {t('console.orders.discountValue', {
                          code: o.discount_code,
                          percentage: o.discount_percentage ?? 0,
                          before: formatPrice(o.list_amount, o.currency, i18n.language),
                        })}
                      </dd>
                    </>
                  )}
                  {o.chargeback && (
                    <>
                      <dt>{t('console.orders.chargeback')}</dt>
                      <dd data-testid="order-chargeback">
                        {t('console.orders.chargebackValue', {
                          amount: formatPrice(o.chargeback.amount, o.chargeback.currency, i18n.language),
                          date: new Date(o.chargeback.created_at).toLocaleString(i18n.language),
                          taken: o.chargeback.credits_taken,
                          open: o.chargeback.credits_open,
                        })}
                        {o.chargeback.reason && ` ${t('console.orders.chargebackReason', { reason: o.chargeback.reason })}`}
                      </dd>
                    </>
                  )}
                  <dt>{t('console.orders.created')}</dt>
                  <dd>{new Date(o.created_at).toLocaleString(i18n.language)}</dd>
                </Facts>
                {mayRefund && o.status === 'completed' && refunding !== o.id && (
                  <Button
                    type="button"
                    $quiet
                    onClick={() => {
                      setRefunding(o.id)
                      setRefusal('')
                      setDone('')
                    }}
                    aria-label={t('console.orders.refundOrder', { id: o.id })}
                  >
                    {t('console.orders.refund')}
                  </Button>
                )}
                {refunding === o.id && (
                  <form onSubmit={(e) => void refund(e, o)} noValidate aria-label={t('console.orders.refundOrder', { id: o.id })}>
                    <Field>
                      <label htmlFor={`refund-reason-${o.id}`}>{t('console.orders.reason')}</label>
                      <Input id={`refund-reason-${o.id}`} value={reason} onChange={(e) => setReason(e.target.value)} />
                    </Field>
                    {refusal && <Alert role="alert">{refusal}</Alert>}
                    <div style={{ display: 'flex', gap: '12px', flexWrap: 'wrap' }}>
                      <Button type="submit" disabled={busy}>
                        {t('console.orders.confirmRefund')}
                      </Button>
                      <Button type="button" $quiet onClick={() => setRefunding(null)}>
                        {t('console.orders.cancel')}
                      </Button>
                    </div>
                  </form>
                )}
              </Card>
            </li>
          ))}
        </List>
      )}
    </>
  )
}
