import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { keyframes } from 'styled-components'

/** LOADER_THROTTLE_MS: the loader shows only when loading takes longer. */
export const LOADER_THROTTLE_MS = 200

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${(p) => p.theme.zIndex.toast};
  height: 3px;
  overflow: hidden;
  &::after {
    content: '';
    display: block;
    height: 100%;
    background: ${(p) => p.theme.colors.secondary};
    animation: ${slide} 1.2s linear infinite;
  }
`

/** PageLoading is the loading bar while a page chunk loads. */
export function PageLoading() {
  const { t } = useTranslation()
  const [show, setShow] = useState(false)
  useEffect(() => {
    const id = setTimeout(() => setShow(true), LOADER_THROTTLE_MS)
    return () => clearTimeout(id)
  }, [])
  if (!show) return null
  return (
    <Bar role="progressbar" aria-label={t('app.loading')}>
      <span className="visually-hidden">{t('app.loading')}</span>
    </Bar>
  )
}
