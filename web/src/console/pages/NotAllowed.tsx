import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Heading, Muted } from '../ui'

/**
 * NotAllowed is what a page shows to staff whose role does not give its
 * permission (reached by its address; the navigation does not offer it).
 */
export function NotAllowed() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="not-allowed">
      <Heading id="not-allowed">{t('console.notAllowed.heading')}</Heading>
      <Muted role="alert">{t('console.notAllowed.text')}</Muted>
      <p>
        <Link to="/">{t('console.notAllowed.back')}</Link>
      </p>
    </section>
  )
}
