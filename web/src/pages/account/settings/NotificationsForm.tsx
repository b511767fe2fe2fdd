import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/Button'
import { refreshUser } from '../../../state/refresh'
import { useServices } from '../../../state/context'
import { accountErrorText, type Text } from '../shared/errors'
import { Actions, Fieldset, Muted, Notice } from '../shared/ui'
import { NOTIFICATION_TYPES, toggleType, useNotificationSettings } from './hooks'

/** NotificationsForm switches the 8 notification types on and off (GET/PUT /api/notifications.php). */
export function NotificationsForm() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const { settings, failed, save } = useNotificationSettings()
  // edited is the member's choice before saving; null shows the server's settings.
  const [edited, setEdited] = useState<string[] | null>(null)
  const disabled = edited ?? settings?.disabled ?? []
  const [notice, setNotice] = useState<{ text: Text; tone: 'danger' | 'success' } | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (enableEmail: boolean) => {
    setBusy(true)
    setNotice(null)
    try {
      await save(disabled, enableEmail)
      setEdited(null)
      void refreshUser(api, store).catch(() => {})
      setNotice({ text: ['accountSettings.notifications.saved'], tone: 'success' })
    } catch (err) {
      setNotice({ text: accountErrorText(err), tone: 'danger' })
    } finally {
      setBusy(false)
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(false)
  }

  if (failed) return <Notice text={['errors.tryLater']} />
  if (!settings) return <Muted role="status">{t('app.loading')}</Muted>
  const off = settings.email_disabled ?? []
  return (
    <form onSubmit={onSubmit} data-testid="notifications-form">
      {notice && <Notice text={notice.text} tone={notice.tone} testId="notifications-notice" />}
      {off.length > 0 && (
        <div data-testid="email-disabled">
          <Notice
            tone="info"
            text={['accountSettings.notifications.emailOff', { reason: off.map((r) => t(`accountSettings.notifications.reasons.${r}`)).join(', ') }]}
          />
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void submit(true)}>
            {t('accountSettings.notifications.enableEmail')}
          </Button>
        </div>
      )}
      <Fieldset>
        <legend>{t('accountSettings.notifications.legend')}</legend>
        {NOTIFICATION_TYPES.map((type) => (
          <div key={type}>
            <label>
              <input
                type="checkbox"
                name={type}
                checked={!disabled.includes(type)}
                onChange={(e) => setEdited(toggleType(disabled, type, e.target.checked))}
              />
              {t(`notifications.types.${type}`)}
            </label>
          </div>
        ))}
      </Fieldset>
      <Actions>
        <Button type="submit" disabled={busy} data-testid="notifications-save">
          {t('accountSettings.save')}
        </Button>
      </Actions>
    </form>
  )
}
