// Today: what waits for a decision, per brand the staff member works, each
// count a link to its queue. Refunds asked are chargebacks whose member is
// still blocked from direct debit (members cannot ask for a refund
// themselves): they open the brand's refunded orders. A count the engine does not answer (a queue
// it does not keep yet, or one the staff member may not work) is not shown.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import type { BrandToday, ConsoleApi } from '../../api'
import { errorText } from '../../errors'
import { Alert, Card, CardList, Heading, Muted } from '../../ui'

const Brands = styled(CardList)`
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  h2 { margin: 0 0 8px; font-size: 1.125rem; }
  p { margin: 0 0 6px; }
  a { font-weight: 600; }
`

/** queues are Today's counts: the answer's field, its words (plural keys) and the queue it opens. */
const queues = [
  { field: 'photos_waiting', words: 'console.counts.photosWaiting', to: (slug: string) => `/moderation?tenant=${slug}#photos` },
  { field: 'complaints_open', words: 'console.counts.complaintsOpen', to: (slug: string) => `/moderation?tenant=${slug}#complaints` },
  { field: 'flagged_members', words: 'console.counts.flaggedMembers', to: (slug: string) => `/flagged?tenant=${slug}` },
  { field: 'refunds_asked', words: 'console.counts.refundsAsked', to: (slug: string) => `/orders?tenant=${slug}&state=refunded` },
] as const satisfies readonly { field: keyof BrandToday; words: string; to: (slug: string) => string }[]

/** Today lists, per brand, the queues waiting for the staff member's decision. */
export function Today({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const today = useLoad('today', () => api.today())
  const { state } = today
  // A brand is shown with the queues the staff member works there.
  const brands = state.status === 'done' ? state.data.brands.filter((b) => queues.some((q) => b[q.field] !== undefined)) : []
  return (
    <>
      <Heading>{t('console.today.heading')}</Heading>
      {state.status === 'loading' && <Muted role="status">{t('console.loading')}</Muted>}
      {state.status === 'failed' && <Alert role="alert">{errorText(t, state.error)}</Alert>}
      {state.status === 'done' && brands.length === 0 && <Muted>{t('console.today.noBrands')}</Muted>}
      {brands.length > 0 && (
        <Brands aria-label={t('console.today.heading')}>
          {brands.map((b) => (
            <li key={b.tenant}>
              <Card aria-labelledby={`today-${b.tenant}`}>
                <h2 id={`today-${b.tenant}`}>{b.name}</h2>
                {/* One line per queue (not a nested list: the page's list is the brands). */}
                <div>
                  {queues.map((q) => {
                    const count = b[q.field]
                    if (count === undefined) return null
                    return (
                      <p key={q.field} data-queue={q.field}>
                        {count > 0 ? <Link to={q.to(b.tenant)}>{t(q.words, { count })}</Link> : <Muted as="span">{t(q.words, { count })}</Muted>}
                      </p>
                    )
                  })}
                </div>
              </Card>
            </li>
          ))}
        </Brands>
      )}
    </>
  )
}
