import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Container } from '../../components/Grid'
import { dismissAlert, needsActivationReminder, visibleAlerts, type AlertKind } from '../../rules/alerts'
import { useAppState } from '../../state/context'

const Bar = styled.div<{ $tone: 'info' | 'warning' }>`
  padding: ${(p) => p.theme.space(2)} 0;
  background: ${(p) => (p.$tone === 'warning' ? p.theme.colors.warning : p.theme.colors.info)};
  color: ${(p) => (p.$tone === 'warning' ? p.theme.colors.text : p.theme.colors.onPrimary)};
  a {
    color: inherit;
    font-weight: 700;
  }
`

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space(3)};
`

const Dismiss = styled.button`
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  cursor: pointer;
`

function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const ACTIONS: Record<AlertKind, { to: string; key: string }> = {
  profilePhoto: { to: '/profile', key: 'alerts.profilePhotoAction' },
  push: { to: '/notifications', key: 'alerts.pushAction' },
  notificationsDisabled: { to: '/notifications', key: 'alerts.notificationsAction' },
}

/** AlertBanners: the activation reminder and the member's dismissible alerts. */
export function AlertBanners() {
  const { t } = useTranslation()
  const user = useAppState((s) => s.user)
  const push = useAppState((s) => s.push)
  const [, setVersion] = useState(0)
  if (!user) return null
  const alerts = visibleAlerts(user, push, local())
  return (
    <div data-testid="alerts">
      {needsActivationReminder(user) && (
        <Bar $tone="warning" role="alert">
          <Container>{t('alerts.activation', { email: user.email })}</Container>
        </Bar>
      )}
      {alerts.map((kind) => (
        <Bar key={kind} $tone="info" role="status">
          <Container>
            <Row>
              <span>
                {t(`alerts.${kind}`)} <Link to={ACTIONS[kind].to}>{t(ACTIONS[kind].key)}</Link>
              </span>
              <Dismiss
                type="button"
                aria-label={t('alerts.dismiss')}
                onClick={() => {
                  dismissAlert(local(), kind)
                  setVersion((v) => v + 1)
                }}
              >
                <span aria-hidden="true">×</span>
              </Dismiss>
            </Row>
          </Container>
        </Bar>
      ))}
    </div>
  )
}
