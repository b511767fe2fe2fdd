import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { isInstalledApp } from '../../app/display'
import { dismissSiteEntry, showSiteEntryModal, siteEntryDismissed } from './entry'
import { useAppState } from '../../state/context'
import { useInterruption } from '../../features/interruptions/hooks'
import { space } from '../../theme/theme'

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(5)};
`

function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** SiteEntryModal is the adults-only warning for logged-out visitors. */
export function SiteEntryModal() {
  const { t } = useTranslation()
  const loggedIn = useAppState((s) => !!s.user)
  const setting = useAppState((s) => s.settings.enable_site_entry_popup)
  const countries = useAppState((s) => s.settings.countries)
  const country = useAppState((s) => s.country)
  const name = useAppState((s) => s.tenant.name)
  const [dismissed, setDismissed] = useState(() => siteEntryDismissed(local()))
  const wanted = showSiteEntryModal({
    loggedIn,
    installedApp: isInstalledApp(),
    dismissed,
    setting,
    country,
    countries: countries ?? [],
  })
  // First in the interruption queue: nothing else shows before the visitor has answered it.
  const open = useInterruption('ageGate', wanted)
  const enter = () => {
    dismissSiteEntry(local())
    setDismissed(true)
  }
  return (
    <Modal open={open} title={t('siteEntry.title')} onClose={enter} dismissible={false} testId="site-entry-modal" queued>
      <p>{t('siteEntry.text', { name })}</p>
      <p>{t('siteEntry.confirm')}</p>
      <Actions>
        <Button type="button" onClick={enter} data-testid="site-entry-enter">
          {t('siteEntry.enter')}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => window.location.replace('about:blank')}>
          {t('siteEntry.leave')}
        </Button>
      </Actions>
    </Modal>
  )
}
