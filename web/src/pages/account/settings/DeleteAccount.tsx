import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/Button'
import { Modal } from '../../../components/Modal'
import { loggedOut } from '../../../state/store'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { DELETION_DAYS } from '../deleted/AccountDeletedPage'
import { accountErrorText, type Text } from '../shared/errors'
import { Actions, Notice } from '../shared/ui'

/**
 * DeleteAccount is the deletion flow: a confirmation, DELETE
 * /api/account.php, then the pending-deletion message of /account-deleted.
 */
export function DeleteAccount() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).deleteAccount()
      store.set(loggedOut())
      navigate('/account-deleted', { replace: true })
    } catch (err) {
      setError(accountErrorText(err))
      setBusy(false)
    }
  }
  return (
    <>
      <p>{t('accountDeletion.lead', { days: DELETION_DAYS })}</p>
      <Button type="button" $variant="secondary" onClick={() => setConfirming(true)} data-testid="delete-account">
        {t('accountDeletion.button')}
      </Button>
      <Modal
        open={confirming}
        title={t('accountDeletion.confirmTitle')}
        onClose={() => setConfirming(false)}
        dismissible={!busy}
        testId="delete-confirm"
      >
        <p>{t('accountDeletion.confirmText', { days: DELETION_DAYS })}</p>
        <Notice text={error} />
        <Actions>
          <Button type="button" disabled={busy} onClick={() => void remove()} data-testid="delete-confirm-yes">
            {t('accountDeletion.confirm')}
          </Button>
          <Button type="button" $variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            {t('accountDeletion.cancel')}
          </Button>
        </Actions>
      </Modal>
    </>
  )
}
