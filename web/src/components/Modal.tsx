import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { focusables, trapTab } from './focus'
import { useHoldInterruptions } from '../features/interruptions/hooks'
import { Icon, X } from './Icon'
import { color, modalWidth, radius, space, zIndex } from '../theme/theme'

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${space(4)};
  background: rgba(0, 0, 0, 0.6);
`

const Dialog = styled.div`
  position: relative;
  width: 100%;
  max-width: ${modalWidth}px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: ${space(6)};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);
  &:focus {
    outline: none;
  }
`

const Close = styled.button`
  position: absolute;
  top: ${space(2)};
  right: ${space(2)};
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: ${color.textMuted};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`

export interface ModalProps {
  open: boolean
  title: ReactNode
  children: ReactNode
  onClose: () => void
  /** dismissible: false keeps Escape and a backdrop click from closing it. */
  dismissible?: boolean
  /** showClose shows the × button (only when dismissible). */
  showClose?: boolean
  testId?: string
  /**
   * queued: the interruption queue opened it (a like, an offer, the age
   * gate). Any other modal is the page's own, and holds the queue's modals
   * and cards back while it is open, so none covers it.
   */
  queued?: boolean
}

/**
 * Modal is a dialog that traps the focus while open and gives it back to
 * the element that had it when it closes. Nothing of the interruption
 * queue opens over it.
 */
export function Modal({ open, title, children, onClose, dismissible = true, showClose = true, testId, queued = false }: ModalProps) {
  const { t } = useTranslation()
  useHoldInterruptions(open && !queued)
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const escape = useEffectEvent((e: KeyboardEvent) => {
    if (!dismissible) return
    e.stopPropagation()
    onClose()
  })

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    const dialog = ref.current
    if (dialog) (focusables(dialog)[0] ?? dialog).focus()
    const onKey = (e: KeyboardEvent) => {
      if (!ref.current) return
      if (e.key === 'Escape') {
        escape(e)
        return
      }
      trapTab(ref.current, e, document.activeElement)
    }
    document.addEventListener('keydown', onKey, true)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.body.style.overflow = overflow
      if (previous && document.contains(previous)) previous.focus()
    }
  }, [open])

  if (!open) return null
  return createPortal(
    <Overlay
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible) onClose()
      }}
    >
      <Dialog ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        {dismissible && showClose && (
          <Close type="button" onClick={onClose} aria-label={t('modal.close')}>
            <Icon icon={X} />
          </Close>
        )}
        <h2 id={titleId}>{title}</h2>
        {children}
      </Dialog>
    </Overlay>,
    document.body,
  )
}
