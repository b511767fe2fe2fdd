import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import styled from 'styled-components'
import { isDesktop } from '../../app/hooks'
import { pathFor } from '../../app/routeTable'
import { Container } from '../../components/Grid'
import { Modal } from '../../components/Modal'
import { alertDismissedAt, needsActivationReminder, SERVER_ALERTS, visibleAlerts, withDismissal, type AlertKind, type DismissibleAlert } from '../../rules/alerts'
import { subscribePush } from '../../api/push'
import { useAppState, useServices } from '../../state/context'
import { TimeBonusCountdown } from './TimeBonusCountdown'

const Bar = styled.div<{ $tone: 'info' | 'warning' | 'primary' }>`
  padding: ${(p) => p.theme.space(2)} 0;
  background: ${(p) => (p.$tone === 'warning' ? p.theme.colors.warning : p.$tone === 'primary' ? p.theme.colors.secondary : p.theme.colors.info)};
  color: ${(p) => (p.$tone === 'warning' ? p.theme.colors.onWarning : p.$tone === 'primary' ? p.theme.colors.onSecondary : p.theme.colors.onInfo)};
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

const ActionButton = styled.button`
  padding: 0;
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
`

const Dismiss = styled.button`
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  cursor: pointer;
`

/** useDismiss hides an alert at once and stores the dismissal on the server (POST /api/alerts.php). */
function useDismiss(): (kind: DismissibleAlert) => void {
  const { api, store } = useServices()
  return (kind) => {
    const user = store.get().user
    if (!user) return
    store.set({ user: withDismissal(user, kind) })
    void api.http.post('/api/alerts.php', { alert: SERVER_ALERTS[kind] }, { retries: 2 }).catch(() => {})
  }
}

/** Where each alert leads; the time bonus links to the credits page by route name. */
const ACTIONS: Record<AlertKind, { to: () => string; key: string }> = {
  timeBonus: { to: () => pathFor('credits'), key: 'alerts.timeBonusAction' },
  profilePhoto: { to: () => `${pathFor('profile')}#photos`, key: 'alerts.profilePhotoAction' },
  push: { to: () => pathFor('notifications'), key: 'alerts.pushAction' },
  notificationsDisabled: { to: () => pathFor('notifications'), key: 'alerts.notificationsAction' },
}

/** ActivationReminder: a modal after api_signup_complete on a smartphone, otherwise an alert. */
function ActivationReminder({ email }: { email: string }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const [open, setOpen] = useState(true)
  const dismiss = useDismiss()
  if (params.has('api_signup_complete') && !isDesktop()) {
    return (
      <Modal open={open} title={t('alerts.activationTitle')} onClose={() => setOpen(false)} testId="activation-modal">
        <p>{t('alerts.activation', { email })}</p>
      </Modal>
    )
  }
  return (
    <Bar $tone="warning" role="alert" data-testid="activation-alert">
      <Container>
        <Row>
          <span>{t('alerts.activation', { email })}</span>
          <Dismiss type="button" aria-label={t('alerts.dismiss')} onClick={() => dismiss('activation')}>
            <span aria-hidden="true">×</span>
          </Dismiss>
        </Row>
      </Container>
    </Bar>
  )
}

/** AlertBanners: the activation reminder and the member's dismissible alerts. */
export function AlertBanners() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const user = useAppState((s) => s.user)
  const push = useAppState((s) => s.push)
  const timeBonus = useAppState((s) => s.timeBonus)
  const dismiss = useDismiss()
  if (!user) return null
  const alerts = visibleAlerts(user, push, timeBonus.isVisible && timeBonus.offer !== null)
  return (
    <div data-testid="alerts">
      {needsActivationReminder(user) && alertDismissedAt(user, 'activation') === null && <ActivationReminder email={user.email} />}
      {alerts.map((kind) => (
        <Bar key={kind} $tone={kind === 'timeBonus' ? 'primary' : 'info'} role="status" data-testid={`alert-${kind}`}>
          <Container>
            <Row>
              <span>
                {kind === 'timeBonus' && timeBonus.offer ? (
                  <>
                    {t('alerts.timeBonus', { percentage: timeBonus.offer.percentage })} <TimeBonusCountdown offer={timeBonus.offer} />{' '}
                  </>
                ) : (
                  <>{t(`alerts.${kind}`)} </>
                )}
                {kind === 'push' ? (
                  <ActionButton type="button" onClick={() => void subscribePush(api, store).catch(() => {})}>
                    {t(ACTIONS[kind].key)}
                  </ActionButton>
                ) : (
                  <Link to={ACTIONS[kind].to()}>{t(ACTIONS[kind].key)}</Link>
                )}
              </span>
              <Dismiss
                type="button"
                aria-label={t('alerts.dismiss')}
                onClick={() => dismiss(kind)}
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
