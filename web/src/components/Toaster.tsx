import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Icon, X } from './Icon'
import { useServices } from '../state/context'
import type { Toast } from '../state/toasts'
import { color, radius, space, toastWidth, zIndex } from '../theme/theme'

const Region = styled.div`
  position: fixed;
  right: ${space(4)};
  bottom: ${space(4)};
  z-index: ${zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  width: min(${toastWidth}px, calc(100vw - 32px));
`

const Item = styled.div<{ $tone: Toast['tone'] }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(2)};
  padding: ${space(3)} ${space(4)};
  border-left: 4px solid
    ${(p) => (p.$tone === 'danger' ? color.danger : p.$tone === 'success' ? color.success : color.info)};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.2);
`

const Dismiss = styled.button`
  border: 0;
  background: transparent;
  color: ${color.textMuted};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
`

const TOAST_MS = 6000

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  useEffect(() => {
    const id = setTimeout(() => toasts.dismiss(toast.id), TOAST_MS)
    return () => clearTimeout(id)
  }, [toasts, toast.id])
  return (
    <Item $tone={toast.tone} role={toast.tone === 'danger' ? 'alert' : 'status'}>
      <span>{t(toast.key, toast.values)}</span>
      <Dismiss type="button" aria-label={t('modal.close')} onClick={() => toasts.dismiss(toast.id)}>
        <Icon icon={X} />
      </Dismiss>
    </Item>
  )
}

/** Toaster shows the toasts, 350 px wide, bottom right. */
export function Toaster() {
  const { toasts } = useServices()
  const list = useSyncExternalStore(toasts.subscribe, toasts.list, toasts.list)
  return (
    <Region aria-live="polite">
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Region>
  )
}
