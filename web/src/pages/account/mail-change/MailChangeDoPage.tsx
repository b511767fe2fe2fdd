import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../components/Button'
import { Page } from '../../../components/Page'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { Muted, Notice } from '../shared/ui'
import { useTokenCall } from '../shared/useTokenCall'

/** MailChangeDoPage: /mail-change/do?token=, the link that confirms a new e-mail address. */
export function MailChangeDoPage() {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const result = useTokenCall(async (token) => {
    const r = await accountApi(api).confirmMailChange(token)
    if (r.user) store.set({ user: r.user })
    return r.email
  })
  return (
    <Page title={t('mailChange.title')} testId="mail-change-page">
      {result.state === 'busy' && <Muted role="status">{t('app.loading')}</Muted>}
      {result.state === 'idle' && <Notice text={['accountErrors.link_invalid']} />}
      {result.state === 'failed' && <Notice text={result.error} testId="mail-change-error" />}
      {result.state === 'done' && (
        <Notice text={['mailChangeDo.done', { email: result.value }]} tone="success" testId="mail-change-done" />
      )}
      <ButtonLink to="/notifications">{t('nav.settings')}</ButtonLink>
    </Page>
  )
}
