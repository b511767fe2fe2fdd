import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { NotFoundPage } from '../../app/ErrorPage'
import { infoPageOf, type InfoPage as InfoPageName } from '../../app/routeTable'
import { Page, Panel } from '../../components/Page'
import { TradeName } from '../../layouts/parts/TradeName'
import { cleanPhone, termsVersionDate } from '../../rules/company'
import { useAppState } from '../../state/context'

const KEYS: Record<InfoPageName, string> = {
  ban: 'ban',
  cookies: 'cookies',
  faq: 'faq',
  privacy: 'privacy',
  'return-policy': 'returnPolicy',
  service: 'service',
  terms: 'terms',
}

function Contact() {
  const { t } = useTranslation()
  const email = useAppState((s) => s.settings.support_email)
  const phone = useAppState((s) => s.settings.support_phone || s.company.support_phone)
  return (
    <Panel>
      <h2>{t('info.contact')}</h2>
      {email && (
        <p>
          {t('info.email')} <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
      {phone && (
        <p>
          {t('info.phone')} <a href={`tel:${cleanPhone(phone)}`}>{phone}</a>
        </p>
      )}
    </Panel>
  )
}

/** InfoPage: the static info pages, at /pages/{name} and at /{token}. */
export function InfoPage() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const company = useAppState((s) => s.company)
  const refundDays = useAppState((s) => s.settings.refund_days)
  const name = useAppState((s) => s.tenant.name)
  const page = infoPageOf(pathname)
  if (!page) return <NotFoundPage />
  const key = KEYS[page]
  return (
    <Page title={t(`footer.${key}`)} lead={t(`info.${key}`, { name, company: company.name, days: refundDays })} testId={`info-${page}`}>
      {page === 'terms' && (
        <p>
          {t('info.termsVersion', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(termsVersionDate(company.added)),
          })}
        </p>
      )}
      {(page === 'service' || page === 'faq' || page === 'return-policy') && <Contact />}
      <TradeName testId="info-trade-name" />
    </Page>
  )
}
