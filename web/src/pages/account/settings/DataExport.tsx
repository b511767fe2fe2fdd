import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import { useNow } from '../../../app/useNow'
import type { DataExport as Copy } from '../../../api/types'
import { Button, ButtonLink } from '../../../components/Button'
import { useServices } from '../../../state/context'
import { color, space } from '../../../theme/theme'
import { accountApi } from '../api'
import { accountErrorText, type Text } from '../shared/errors'
import { Muted, Notice } from '../shared/ui'

/** POLL_MS is how often the page asks how far a copy is while it builds. */
export const POLL_MS = 1000

const Progress = styled.progress`
  display: block;
  width: 100%;
  height: ${space(3)};
  margin: ${space(2)} 0;
  accent-color: ${color.primary};
`

/** building reports whether a copy is still being made. */
export const building = (c: Copy | null) => c !== null && (c.status === 'pending' || c.status === 'building')

/** canAsk reports whether the member may ask for a new copy now. */
export function canAsk(c: Copy | null, now: number): boolean {
  if (c === null) return true
  if (building(c)) return false
  return !c.next_request_at || Date.parse(c.next_request_at) <= now
}

/**
 * DataExport is "Download my data": the member asks for a copy of
 * everything the site keeps of them (POST /api/data-export.php, once a
 * day), sees its progress while a job builds it (the page polls GET
 * /api/data-export.php) and downloads the zip until it expires; the link
 * is mailed too.
 */
export function DataExport() {
  const { t, i18n } = useTranslation()
  const { api } = useServices()
  const { state, latest, reload, update } = useLoad('data-export', (signal) => accountApi(api).dataExport(signal))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const copy = state.status === 'done' ? state.data : latest
  const pending = building(copy)
  // A minute's clock: the request button comes back when the day is over.
  const now = useNow(60_000)

  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(reload, POLL_MS)
    return () => clearTimeout(timer)
  }, [pending, copy?.progress, reload])

  const ask = async () => {
    setBusy(true)
    setError(null)
    try {
      const made = await accountApi(api).requestDataExport()
      update(() => made)
    } catch (err) {
      setError(accountErrorText(err))
    } finally {
      setBusy(false)
    }
  }
  const date = (iso: string | undefined) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)) : ''

  if (state.status === 'failed' && latest === null) return <Notice text={['errors.tryLater']} />
  if (state.status === 'loading' && latest === null) return <Muted role="status">{t('app.loading')}</Muted>
  return (
    <div data-testid="data-export">
      <p>{t('dataExport.lead')}</p>
      <Notice text={error} testId="data-export-error" />
      {pending && copy && (
        <div role="status" data-testid="data-export-progress">
          <p>{t('dataExport.building', { progress: copy.progress })}</p>
          <Progress max={100} value={copy.progress} aria-label={t('dataExport.progressLabel')} />
        </div>
      )}
      {copy?.status === 'ready' && (
        <div data-testid="data-export-ready">
          <p role="status">{t('dataExport.ready', { date: date(copy.expires_at) })}</p>
          <ButtonLink to={`/api/data-export-file.php?id=${copy.id}`} reloadDocument download data-testid="data-export-download">
            {t('dataExport.download')}
          </ButtonLink>
        </div>
      )}
      {copy?.status === 'failed' && <Notice text={['dataExport.failed']} testId="data-export-failed" />}
      {copy?.status === 'expired' && <Muted>{t('dataExport.expired')}</Muted>}
      {canAsk(copy, now) ? (
        <Button type="button" $variant={copy?.status === 'ready' ? 'secondary' : undefined} disabled={busy} onClick={() => void ask()} data-testid="data-export-request">
          {t('dataExport.request')}
        </Button>
      ) : (
        !pending && copy?.next_request_at && <Muted data-testid="data-export-next">{t('dataExport.next', { date: date(copy.next_request_at) })}</Muted>
      )}
    </div>
  )
}
