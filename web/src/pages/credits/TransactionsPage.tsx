import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { ApiError } from '../../api/http'
import { useLoad } from '../../api/useLoad'
import { Button, ButtonLink } from '../../components/Button'
import { codeText } from '../../api/serverErrors'
import { errorText } from '../../i18n/errorText'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import type { LedgerEntry, Transaction, Transactions } from './api'
import { useBilling } from './hooks'
import { formatPrice } from '../../i18n/money'
import { isPaymentMethod } from './rules'
import { leaveFor } from './leave'
import { newClientId } from './repeat'
import { ErrorText } from './parts'
import { color, space } from '../../theme/theme'

const List = styled.ul`
  padding: 0;
  margin: 0;
  list-style: none;
  li + li {
    border-top: 1px solid ${color.border};
  }
  a {
    display: flex;
    flex-wrap: wrap;
    gap: ${space(1)} ${space(3)};
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    padding: ${space(3)} 0;
  }
`

const LedgerRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(3)};
  align-items: center;
  justify-content: space-between;
  min-height: 44px;
  padding: ${space(3)} 0;
  span + span {
    text-align: end;
  }
`

const Tone = { pending: 'warning', completed: 'success', failed: 'danger', cancelled: 'textMuted', expired: 'textMuted', refunded: 'info' } as const

/** State is a transaction's state: the theme's text with a coloured edge, readable in every theme. */
const State = styled.span<{ $status: Transaction['status'] }>`
  display: inline-block;
  padding: 0 ${space(2)};
  border: 2px solid ${(p) => color[Tone[p.$status] ?? 'border']};
  border-radius: 999px;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${color.text};
`

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: ${space(2)} ${space(4)};
  margin: 0 0 ${space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(4)};
`

const PayNowRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space(2)};
  padding-bottom: ${space(3)};
  p {
    margin: 0;
  }
`

/** payNowText words Pay now's own refusal: the order stopped waiting meanwhile. */
const payNowText = (code: string): [string] | null => (code === 'order_not_pending' ? ['transactions.payNowClosed'] : null)

/**
 * PayNow pays an order that still waits: a new payment with the order's
 * method and price, then on to the provider. The click's key stays the
 * same while the member is on the page, so a repeated click answers the
 * same payment.
 */
function PayNow({ tx }: { tx: Transaction }) {
  const { t } = useTranslation()
  const calls = useBilling()
  const locale = useAppState((s) => s.locale)
  const [click] = useState(newClientId)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const pay = async () => {
    setBusy(true)
    setError(null)
    try {
      const created = await calls.payNow(tx.id, click)
      leaveFor(created.redirect_url)
    } catch (err) {
      setBusy(false)
      setError(errorText(t, err, [payNowText, codeText], 'errors.tryLater'))
    }
  }
  return (
    <PayNowRow>
      <Button type="button" onClick={() => void pay()} disabled={busy} aria-describedby={error ? `pay-now-error-${tx.id}` : undefined}>
        {busy ? t('paymentMethod.paying') : t('transactions.payNow', { price: formatPrice(tx.amount, tx.currency, locale) })}
      </Button>
      {error && (
        <ErrorText role="alert" id={`pay-now-error-${tx.id}`} data-testid="pay-now-error">
          {error}
        </ErrorText>
      )}
    </PayNowRow>
  )
}

function useDate() {
  const locale = useAppState((s) => s.locale)
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return (iso: string | null) => (iso ? f.format(new Date(iso)) : '')
  }, [locale])
}

function TransactionList({ list }: { list: Transaction[] }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const date = useDate()
  if (list.length === 0) {
    return (
      <Panel>
        <p>{t('transactions.none')}</p>
        <ButtonLink to="/credits">{t('premium.cta')}</ButtonLink>
      </Panel>
    )
  }
  return (
    <Panel>
      <List data-testid="transaction-list">
        {list.map((tx) => (
          <li key={tx.id} data-testid="transaction" data-id={tx.id} data-status={tx.status}>
            <Link to={`/transactions/${tx.id}`}>
              <span>
                <strong>{t('credits.packageCredits', { count: tx.credits })}</strong> {formatPrice(tx.amount, tx.currency, locale)}
                <br />
                <small>{date(tx.created_at)}</small>
              </span>
              <State $status={tx.status}>{t(`transactions.states.${tx.status}`)}</State>
            </Link>
            {tx.status === 'pending' && <PayNow tx={tx} />}
          </li>
        ))}
      </List>
    </Panel>
  )
}

function TransactionDetail({ tx }: { tx: Transaction }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  const date = useDate()
  const method = tx.paymentmethod && isPaymentMethod(tx.paymentmethod) ? t(`paymentMethod.methods.${tx.paymentmethod}`) : (tx.paymentmethod ?? '')
  return (
    <Panel as="section" aria-labelledby="transaction-title" data-testid="transaction-detail" data-status={tx.status}>
      <h2 id="transaction-title">{t('transactions.detail', { id: tx.id })}</h2>
      <Details>
        <dt>{t('transactions.status')}</dt>
        <dd>
          <State $status={tx.status} data-testid="transaction-status">
            {t(`transactions.states.${tx.status}`)}
          </State>
        </dd>
        <dt>{t('transactions.amount')}</dt>
        <dd data-testid="transaction-amount">{formatPrice(tx.amount, tx.currency, locale)}</dd>
        <dt>{t('transactions.credits')}</dt>
        <dd data-testid="transaction-credits">{tx.credits}</dd>
        {method && (
          <>
            <dt>{t('transactions.method')}</dt>
            <dd data-testid="transaction-method">{method}</dd>
          </>
        )}
        <dt>{t('transactions.created')}</dt>
        <dd>{date(tx.created_at)}</dd>
        {tx.completed_at && (
          <>
            <dt>{t('transactions.completed')}</dt>
            <dd>{date(tx.completed_at)}</dd>
          </>
        )}
        {tx.invoice_number && (
          <>
            <dt>{t('transactions.invoiceNumber')}</dt>
            <dd data-testid="transaction-invoice-number">{tx.invoice_number}</dd>
          </>
        )}
      </Details>
      {tx.status === 'pending' && <PayNow tx={tx} />}
      {tx.invoice_url && (
        <Links data-testid="transaction-invoice">
          <a href={tx.invoice_url} target="_blank" rel="noopener">
            {t('transactions.invoiceHtml')}
          </a>
          <a href={`${tx.invoice_url}${tx.invoice_url.includes('?') ? '&' : '?'}format=pdf`} download>
            {t('transactions.invoicePdf')}
          </a>
        </Links>
      )}
    </Panel>
  )
}

/** Ledger is the member's credit ledger: what they were given, bought and spent. */
function Ledger({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation()
  const date = useDate()
  if (entries.length === 0) return null
  return (
    <Panel as="section" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('transactions.ledger.title')}</h2>
      <List data-testid="ledger">
        {entries.map((e) => (
          <li key={e.id} data-testid="ledger-entry" data-kind={e.kind} data-delta={e.delta}>
            <LedgerRow>
              <span>
                <strong>{t(`transactions.ledger.kinds.${e.kind}`)}</strong>
                <br />
                <small>{date(e.created_at)}</small>
              </span>
              <span>
                <strong>{t('transactions.ledger.delta', { count: Math.abs(e.delta), sign: e.delta > 0 ? '+' : '−' })}</strong>
                <br />
                <small>{t('transactions.ledger.balance', { count: e.balance_after })}</small>
              </span>
            </LedgerRow>
          </li>
        ))}
      </List>
    </Panel>
  )
}

/** TransactionsPage: /transactions/{id?}, the member's purchases, or one with its invoice. */
export function TransactionsPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const calls = useBilling()
  const orderId = id && /^\d+$/.test(id) ? Number(id) : null
  const one = useLoad<Transaction>(orderId ? `transaction:${orderId}` : null, (signal) => calls.transaction(orderId!, signal))
  const all = useLoad<Transactions>(id ? null : 'transactions', (signal) => calls.transactions(signal))
  const state = id ? (orderId ? one.state : { status: 'failed' as const, error: new ApiError('', 404, 'order_not_found') }) : all.state
  return (
    <Page title={t('transactions.title')} lead={t('transactions.lead')} testId="transactions-page">
      {state.status === 'loading' ? (
        <p role="status">{t('app.loading')}</p>
      ) : state.status === 'failed' ? (
        <Panel role="alert">
          <p>{state.error instanceof ApiError && state.error.statusCode === 404 ? t('transactions.notFound') : t('errors.tryLater')}</p>
        </Panel>
      ) : 'transactions' in state.data ? (
        <>
          <TransactionList list={state.data.transactions} />
          <Ledger entries={state.data.ledger} />
        </>
      ) : (
        <TransactionDetail tx={state.data} />
      )}
      <Links>
        {id && <Link to="/transactions">{t('transactions.all')}</Link>}
        <Link to="/credits">{t('credits.title')}</Link>
      </Links>
    </Page>
  )
}
