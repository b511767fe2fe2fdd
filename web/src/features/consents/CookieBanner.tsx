import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { useInterruption } from '../interruptions/hooks'
import { useAppState, useServices } from '../../state/context'
import { color, space } from '../../theme/theme'
import { cookieQuestionWanted } from './cookies'

const Bar = styled.section`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 40;
  padding: ${space(3)} ${space(4)} calc(${space(3)} + env(safe-area-inset-bottom));
  background: ${color.surface};
  color: ${color.text};
  border-top: 1px solid ${color.border};
  box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.2);
  p {
    margin: 0 0 ${space(2)};
    font-size: 0.875rem;
  }
`

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  > * {
    flex: 1 1 140px;
  }
`

/**
 * CookieBanner is the cookie question of brands with the European rules:
 * the affiliate cookie waits for the visitor's yes (essential cookies ask
 * nothing). It takes its turn in the interruption queue, so it never shows
 * beside the age gate or another box; the answer goes to the server, which
 * keeps it and sets the affiliate cookie of the page's link once accepted.
 */
export function CookieBanner() {
  const { t } = useTranslation()
  const { api } = useServices()
  const euRules = useAppState((s) => s.settings.eu_rules)
  const [answered, setAnswered] = useState(false)
  const shown = useInterruption('cookies', !answered && cookieQuestionWanted(euRules, document.cookie))
  if (!shown) return null
  const answer = (choice: 'all' | 'essential') => {
    void api.http
      .post<null>('/api/cookies.php', { choice, page: window.location.pathname + window.location.search }, { retries: 1 })
      .catch(() => null)
      .finally(() => setAnswered(true))
  }
  return (
    <Bar role="region" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <h2 id="cookie-banner-title" className="visually-hidden">
        {t('cookieBanner.label')}
      </h2>
      <p>
        {t('cookieBanner.text')} <Link to="/pages/cookies">{t('footer.cookies')}</Link>
      </p>
      <Choices>
        <Button type="button" onClick={() => answer('all')} data-testid="cookie-accept">
          {t('cookieBanner.accept')}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => answer('essential')} data-testid="cookie-essential">
          {t('cookieBanner.essential')}
        </Button>
      </Choices>
    </Bar>
  )
}
