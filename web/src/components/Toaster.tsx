import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Icon, X } from './Icon'
import { useServices } from '../state/context'
import type { Toast } from '../state/toasts'

const Region = styled.div`
  position: fixed;
  right: ${(p) => p.theme.space(4)};
  bottom: ${(p) => p.theme.space(4)};
  z-index: ${(p) => p.theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space(2)};
  width: min(${(p) => p.theme.toastWidth}px, calc(100vw - 32px));
`

const Item = styled.div<{ $tone: Toast['tone'] }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${(p) => p.theme.space(2)};
  padding: ${(p) => p.theme.space(3)} ${(p) => p.theme.space(4)};
  border-left: 4px solid
    ${(p) => (p.$tone === 'danger' ? p.theme.colors.danger : p.$tone === 'success' ? p.theme.colors.success : p.theme.colors.info)};
  border-radius: ${(p) => p.theme.radii.md};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.2);
`

const Dismiss = styled.button`
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.colors.textMuted};
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
