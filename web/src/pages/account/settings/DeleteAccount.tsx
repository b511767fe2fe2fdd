import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styled from 'styled-components'
import type { DiscountCode, RetentionOffer } from '../../../api/types'
import { Button, ButtonLink } from '../../../components/Button'
import { Modal } from '../../../components/Modal'
import { loggedOut } from '../../../state/store'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { DELETION_DAYS } from '../deleted/AccountDeletedPage'
import { accountErrorText, type Text } from '../shared/errors'
import { OtherBrands } from '../shared/OtherBrands'
import { Actions, Notice } from '../shared/ui'
import { color, radius, space } from '../../../theme/theme'

const Offer = styled.section`
  margin: 0 0 ${space(4)};
  padding: ${space(4)};
  border: 2px solid ${color.primary};
  border-radius: ${radius.md};
  h3 {
    margin-top: 0;
  }
`

const Code = styled.strong`
  font-family: ui-monospace, monospace;
  letter-spacing: 0.05em;
`

/**
 * DeleteAccount is the deletion flow: a confirmation, DELETE
 * /api/account.php, then the pending-deletion message of /account-deleted.
 * When the company makes an offer to stay (delete_discount, from GET
 * /api/retention.php), the confirmation offers it first; taking it issues
 * the member's personal code and keeps the account.
 */
export function DeleteAccount() {
  const { t, i18n } = useTranslation()
  const { api, store } = useServices()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const [offer, setOffer] = useState<RetentionOffer | null>(null)
  const [code, setCode] = useState<DiscountCode | null>(null)
  const open = () => {
    setConfirming(true)
    setError(null)
    // The offer is the server's answer; without one the confirmation is all.
    accountApi(api)
      .retentionOffer()
      .then((o) => setOffer(o.offered ? o : null))
      .catch(() => setOffer(null))
  }
  const close = () => {
    setConfirming(false)
    setCode(null)
  }
  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).deleteAccount()
      store.set(loggedOut())
      void navigate('/account-deleted', { replace: true })
    } catch (err) {
      setError(accountErrorText(err))
      setBusy(false)
    }
  }
  const stay = async () => {
    setBusy(true)
    setError(null)
    try {
      setCode(await accountApi(api).takeRetention())
      setOffer(null)
    } catch (err) {
      setError(accountErrorText(err))
      setOffer(null)
    } finally {
      setBusy(false)
    }
  }
  const until = (c: DiscountCode) =>
    c.expires ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(c.expires)) : ''
  return (
    <>
      <p>{t('accountDeletion.lead', { days: DELETION_DAYS })}</p>
      <Button type="button" $variant="secondary" onClick={open} data-testid="delete-account">
        {t('accountDeletion.button')}
      </Button>
      <Modal
        open={confirming}
        title={code ? t('accountDeletion.stayedTitle') : t('accountDeletion.confirmTitle')}
        onClose={close}
        dismissible={!busy}
        testId="delete-confirm"
      >
        {code ? (
          <div data-testid="retention-code">
            <p>
              {t('accountDeletion.stayedText', { percentage: code.value_percentage, date: until(code) })} <Code>{code.code}</Code>
            </p>
            <Actions>
              <ButtonLink to={`/credits?discount_code=${encodeURIComponent(code.code)}`} onClick={close}>
                {t('accountDeletion.useCode')}
              </ButtonLink>
              <Button type="button" $variant="ghost" onClick={close}>
                {t('accountDeletion.close')}
              </Button>
            </Actions>
          </div>
        ) : (
          <>
            {offer && (
              <Offer data-testid="retention-offer" aria-labelledby="retention-offer-title">
                <h3 id="retention-offer-title">{t('accountDeletion.offerTitle')}</h3>
                <p>{t('accountDeletion.offerText', { percentage: offer.value_percentage, days: offer.valid_days })}</p>
                <Button type="button" disabled={busy} onClick={() => void stay()} data-testid="retention-accept">
                  {t('accountDeletion.offerAccept', { percentage: offer.value_percentage })}
                </Button>
              </Offer>
            )}
            <p>{t('accountDeletion.confirmText', { days: DELETION_DAYS })}</p>
            <OtherBrands testId="delete-other-brands" />
            <Notice text={error} />
            <Actions>
              <Button
                type="button"
                $variant={offer ? 'secondary' : undefined}
                disabled={busy}
                onClick={() => void remove()}
                data-testid="delete-confirm-yes"
              >
                {t('accountDeletion.confirm')}
              </Button>
              <Button type="button" $variant="ghost" disabled={busy} onClick={close}>
                {t('accountDeletion.cancel')}
              </Button>
            </Actions>
          </>
        )}
      </Modal>
    </>
  )
}
