import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../../components/Button'
import { Modal } from '../../../components/Modal'
import { useLoad } from '../../../api/useLoad'
import { loggedOut } from '../../../state/store'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { DELETION_DAYS } from '../deleted/AccountDeletedPage'
import { accountErrorText, type Text } from '../shared/errors'
import { Actions, Notice } from '../shared/ui'
import { color, space } from '../../../theme/theme'

const History = styled.ul`
  margin: ${space(3)} 0 ${space(4)};
  padding-left: ${space(5)};
  color: ${color.textMuted};
  font-size: 0.875rem;
`

/**
 * Consents is the settings' privacy section: the orientation consent and
 * what withdrawing it means (nobody can be matched without it, so the
 * account is deleted, with the deletion's grace period), and the record of
 * what the member agreed to and when.
 */
export function Consents() {
  const { t, i18n } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
  const { state } = useLoad('consents', (signal) => accountApi(api).consents(signal))
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const withdraw = async () => {
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).withdrawOrientation()
      store.set(loggedOut())
      void navigate('/account-deleted', { replace: true })
    } catch (err) {
      setError(accountErrorText(err))
      setBusy(false)
    }
  }
  const when = (at: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
  const history = state.status === 'done' && state.data ? state.data.history : []
  return (
    <>
      <p>{t('consents.orientation')}</p>
      <p>{t('consents.withdrawMeans', { days: DELETION_DAYS })}</p>
      <Button type="button" $variant="secondary" onClick={() => setConfirming(true)} data-testid="withdraw-orientation">
        {t('consents.withdraw')}
      </Button>
      {history.length > 0 && (
        <>
          <h3>{t('consents.history')}</h3>
          <History data-testid="consent-history">
            {history.map((h, i) => (
              <li key={i}>
                {t(`consents.kinds.${h.kind}`, { version: h.version })}: {h.granted ? t('consents.given') : t('consents.withdrawn')},{' '}
                {when(h.at)}
              </li>
            ))}
          </History>
        </>
      )}
      <Modal
        open={confirming}
        title={t('consents.confirmTitle')}
        onClose={() => setConfirming(false)}
        dismissible={!busy}
        testId="withdraw-confirm"
      >
        <p>{t('consents.withdrawMeans', { days: DELETION_DAYS })}</p>
        <Notice text={error} />
        <Actions>
          <Button type="button" $variant="primary" disabled={busy} onClick={() => void withdraw()} data-testid="withdraw-confirm-yes">
            {t('consents.confirm')}
          </Button>
          <Button type="button" $variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            {t('consents.cancel')}
          </Button>
        </Actions>
      </Modal>
    </>
  )
}
