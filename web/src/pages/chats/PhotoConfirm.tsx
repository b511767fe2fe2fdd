import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { useAppState } from '../../state/context'
import { radius, space } from '../../theme/theme'

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 50vh;
  margin: 0 auto ${space(3)};
  border-radius: ${radius.md};
  object-fit: contain;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  justify-content: flex-end;
`

export interface PhotoConfirmProps {
  /** photo is the picked photo's preview URL; null while none waits. */
  photo: string | null
  name: string
  onSend: () => void
  onCancel: () => void
}

/**
 * PhotoConfirm shows a picked photo and its price before it is sent: a photo
 * costs photo_credits, so picking one must not send it on its own.
 */
export function PhotoConfirm({ photo, name, onSend, onCancel }: PhotoConfirmProps) {
  const { t } = useTranslation()
  const credits = useAppState((s) => s.settings.photo_credits)
  return (
    <Modal open={photo !== null} title={t('messenger.photoConfirm.title')} onClose={onCancel} testId="photo-confirm">
      {photo && <Preview src={photo} alt={t('messenger.photoConfirm.preview')} data-testid="photo-confirm-preview" />}
      <p data-testid="photo-confirm-cost">{t('messenger.photoConfirm.cost', { name, price: t('messenger.gifts.price', { count: credits }) })}</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel} data-testid="photo-confirm-cancel">
          {t('messenger.photoConfirm.cancel')}
        </Button>
        <Button type="button" onClick={onSend} data-testid="photo-confirm-send">
          {t('messenger.photoConfirm.send')}
        </Button>
      </Actions>
    </Modal>
  )
}
