import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { css, keyframes } from 'styled-components'
import { color, zIndex } from '../theme/theme'

/** LOADER_THROTTLE_MS: the loader shows only when loading takes longer. */
export const LOADER_THROTTLE_MS = 200
/** LOADER_DURATION_MS: the loader runs at most this long, then completes. */
export const LOADER_DURATION_MS = 5000

const grow = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`

const Bar = styled.div<{ $failed: boolean }>`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${zIndex.toast};
  height: 3px;
  overflow: hidden;
  &::after {
    content: '';
    display: block;
    height: 100%;
    transform-origin: left;
    background: ${(p) => (p.$failed ? color.danger : color.secondary)};
    ${(p) =>
      !p.$failed &&
      css`
        animation: ${grow} ${LOADER_DURATION_MS - LOADER_THROTTLE_MS}ms linear forwards;
      `}
  }
`

type Phase = 'waiting' | 'running' | 'done'

/**
 * PageLoading is the top loading bar while a page or its data loads: it shows
 * after LOADER_THROTTLE_MS and completes LOADER_DURATION_MS after the start.
 * A failed loader shows at once in the danger colour.
 */
export function PageLoading({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<Phase>(failed ? 'running' : 'waiting')
  useEffect(() => {
    const show = failed ? undefined : setTimeout(() => setPhase('running'), LOADER_THROTTLE_MS)
    const done = setTimeout(() => setPhase('done'), LOADER_DURATION_MS)
    return () => {
      clearTimeout(show)
      clearTimeout(done)
    }
  }, [failed])
  if (phase !== 'running') return null
  const label = failed ? t('app.loadFailed') : t('app.loading')
  return (
    <Bar role="progressbar" aria-label={label} data-state={failed ? 'failed' : 'loading'} $failed={failed}>
      <span className="visually-hidden">{label}</span>
    </Bar>
  )
}
