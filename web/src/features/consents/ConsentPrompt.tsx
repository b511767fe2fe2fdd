import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ConsentState } from '../../api/types'
import { useLoad } from '../../api/useLoad'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { useInterruption } from '../interruptions/hooks'
import { useAppState, useServices } from '../../state/context'
import { space } from '../../theme/theme'

const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  margin: ${space(3)} 0;
  input {
    flex: none;
    width: 22px;
    height: 22px;
    margin: 2px 0 0;
  }
`

/**
 * ConsentPrompt asks a logged-in member to accept what the brand asks now:
 * a new version of the terms or the privacy statement, and the consent to
 * process their orientation when they never gave it. The answer is recorded
 * by the server with the versions read (a version changed meanwhile is
 * refused and asked again).
 */
export function ConsentPrompt() {
  const { t } = useTranslation()
  const { api } = useServices()
  const userId = useAppState((s) => s.user?.id ?? null)
  const [done, setDone] = useState<number | null>(null)
  const [orientation, setOrientation] = useState(false)
  const [busy, setBusy] = useState(false)
  const { state } = useLoad(userId ? `consents-${userId}` : null, (signal) =>
    api.http.get<ConsentState>('/api/consents.php', { signal }).then((r) => {
      if (!r) throw new Error('logged out')
      return r
    }),
  )
  const st = state.status === 'done' ? state.data : null
  const outdated = st?.outdated ?? []
  const shown = useInterruption('consents', !!st && outdated.length > 0 && done !== userId)
  if (!shown || !st) return null
  const texts = outdated.includes('terms') || outdated.includes('privacy')
  const accept = () => {
    setBusy(true)
    void api.http
      .post<ConsentState>(
        '/api/consents.php',
        {
          terms_version: outdated.includes('terms') ? st.terms_version : undefined,
          privacy_version: outdated.includes('privacy') ? st.privacy_version : undefined,
          orientation: orientation || undefined,
        },
        { retries: 0 },
      )
      .catch(() => null)
      .finally(() => {
        setBusy(false)
        setDone(userId)
      })
  }
  return (
    <Modal open title={t('consentPrompt.title')} onClose={() => setDone(userId)} testId="consent-prompt" queued>
      {texts && (
        <p>
          {t('consentPrompt.changed')} <Link to="/pages/terms">{t('footer.terms')}</Link> · <Link to="/pages/privacy">{t('footer.privacy')}</Link>
        </p>
      )}
      {outdated.includes('orientation') && (
        <Check>
          <input type="checkbox" checked={orientation} onChange={(e) => setOrientation(e.currentTarget.checked)} data-testid="consent-orientation" />
          <span>{t('consentPrompt.orientation')}</span>
        </Check>
      )}
      <Button type="button" disabled={busy || (!texts && !orientation)} onClick={accept} data-testid="consent-accept">
        {t('consentPrompt.accept')}
      </Button>
    </Modal>
  )
}
