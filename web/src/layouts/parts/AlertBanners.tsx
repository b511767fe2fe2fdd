import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { pathFor } from '../../app/routePaths'
import { Container } from '../../components/Grid'
import { below, color, space } from '../../theme/theme'
import { accountErrorText, type Text as CatalogueText } from '../../pages/account/shared/errors'
import { alertDismissedAt, needsActivationReminder, SERVER_ALERTS, visibleAlerts, withDismissal, type AlertKind, type DismissibleAlert } from './alerts'
import { subscribePush } from '../../api/push'
import { useAppState, useServices } from '../../state/context'
import { useInterruption } from '../../features/interruptions/hooks'
import { TimeBonusCountdown } from '../../features/timebonus/TimeBonusCountdown'
import { Icon, X } from '../../components/Icon'

const Bar = styled.div<{ $tone: 'info' | 'warning' | 'primary' }>`
  padding: ${space(2)} 0;
  background: ${(p) => (p.$tone === 'warning' ? color.warning : p.$tone === 'primary' ? color.secondary : color.info)};
  color: ${(p) => (p.$tone === 'warning' ? color.onWarning : p.$tone === 'primary' ? color.onSecondary : color.onInfo)};
  a {
    color: inherit;
    font-weight: 700;
  }
  ${below('md')} {
    padding: ${space(1)} 0;
    font-size: 0.875rem;
    line-height: 1.4;
  }
`

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(3)};
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
  &:disabled {
    cursor: default;
  }
`

/** Text is a banner's words and action; a long e-mail address breaks instead of widening the page. */
const Text = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`

/** Said is what the resend answered, on its own line. */
const Said = styled.span`
  display: block;
  margin-top: ${space(1)};
  font-weight: 700;
`

const Dismiss = styled.button`
  flex: none;
  min-width: 32px;
  min-height: 32px;
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

/** Resent is what the last resend answered: sent, or the server's refusal in the catalogue's words. */
type Resent = { text: CatalogueText; ok: boolean } | null

/**
 * ActivationReminder is the e-mail confirmation banner, first of the
 * banners in the interruption queue: the address, a button that sends the
 * mail again (the server's limits apply: past them the banner says so) and
 * the dismissal.
 */
function ActivationReminder({ email, wanted }: { email: string; wanted: boolean }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const dismiss = useDismiss()
  const shown = useInterruption('activation', wanted)
  const [busy, setBusy] = useState(false)
  const [resent, setResent] = useState<Resent>(null)
  if (!shown) return null
  const resend = () => {
    setBusy(true)
    api.http
      .post<null>('/api/activate.php', undefined, { retries: 0 })
      .then(() => setResent({ text: ['signupFlow.confirm.sent', { email }], ok: true }))
      .catch((err: unknown) => setResent({ text: accountErrorText(err), ok: false }))
      .finally(() => setBusy(false))
  }
  return (
    <Bar $tone="warning" role="region" aria-label={t('alerts.activationTitle')} data-testid="activation-alert">
      <Container>
        <Row>
          <Text>
            {t('alerts.activation', { email })}{' '}
            <ActionButton type="button" disabled={busy} onClick={resend}>
              {t('signupFlow.confirm.resend')}
            </ActionButton>
            {resent && (
              <Said role={resent.ok ? 'status' : 'alert'} data-testid="activation-resent">
                {t(resent.text[0], resent.text[1])}
              </Said>
            )}
          </Text>
          <Dismiss type="button" aria-label={t('alerts.dismiss')} onClick={() => dismiss('activation')}>
            <Icon icon={X} />
          </Dismiss>
        </Row>
      </Container>
    </Bar>
  )
}

/**
 * AlertBanners: the activation reminder and the member's dismissible alerts,
 * one at a time (the interruption queue picks which: e-mail confirmation, the
 * offer, then the reminders); dismissing one brings the next.
 */
export function AlertBanners() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const user = useAppState((s) => s.user)
  const push = useAppState((s) => s.push)
  const timeBonus = useAppState((s) => s.timeBonus)
  const dismiss = useDismiss()
  const wanted = visibleAlerts(user, push, timeBonus.isVisible && timeBonus.offer !== null)
  const shown: Record<AlertKind, boolean> = {
    timeBonus: useInterruption('timeBonus', wanted.includes('timeBonus')),
    profilePhoto: useInterruption('profilePhoto', wanted.includes('profilePhoto')),
    push: useInterruption('push', wanted.includes('push')),
    notificationsDisabled: useInterruption('notificationsDisabled', wanted.includes('notificationsDisabled')),
  }
  if (!user) return null
  const alerts = wanted.filter((kind) => shown[kind])
  return (
    <div data-testid="alerts">
      <ActivationReminder email={user.email} wanted={needsActivationReminder(user) && alertDismissedAt(user, 'activation') === null} />
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
                <Icon icon={X} />
              </Dismiss>
            </Row>
          </Container>
        </Bar>
      ))}
    </div>
  )
}
