import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { Gift } from '../../boot/types'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import { giftIcon } from '../../components/iconSets'
import { Modal } from '../../components/Modal'
import { useGifts } from '../../api/catalogues'
import { giftName } from '../../i18n/gifts'
import { color, radius, space } from '../../theme/theme'

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`

const Choice = styled.button`
  width: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space(1)};
  padding: ${space(3)};
  border: 2px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font: inherit;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    border-color: ${color.primary};
  }
  span:first-child {
    font-size: 2.5rem;
    line-height: 1.2;
  }
  small {
    color: ${color.textMuted};
  }
`

export interface GiftPickerProps {
  open: boolean
  name: string
  onPick: (gift: Gift) => void
  onClose: () => void
}

const Chosen = styled.div`
  text-align: center;
  span[aria-hidden] {
    display: block;
    font-size: 3rem;
    line-height: 1.2;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  justify-content: flex-end;
`

/**
 * GiftPicker is the gift catalogue in a dialog that keeps the focus inside.
 * A gift costs credits, so a tap chooses it and the member confirms the
 * gift and its price before it is sent.
 */
export function GiftPicker({ open, name, onPick, onClose }: GiftPickerProps) {
  const { t } = useTranslation()
  const gifts = useGifts(open)
  const [chosen, setChosen] = useState<Gift | null>(null)
  const close = () => {
    setChosen(null)
    onClose()
  }
  return (
    <Modal open={open} title={t('messenger.gifts.title')} onClose={close} testId="gift-picker">
      {chosen ? (
        <Chosen data-testid="gift-confirm">
          <Icon icon={giftIcon(chosen.icon)} />
          <p>{t('messenger.gifts.confirm', { gift: giftName(t, chosen), name, price: t('messenger.gifts.price', { count: chosen.credits }) })}</p>
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setChosen(null)} data-testid="gift-back">
              {t('messenger.gifts.back')}
            </Button>
            <Button
              type="button"
              onClick={() => {
                setChosen(null)
                onPick(chosen)
              }}
              data-testid="gift-send"
            >
              {t('messenger.gifts.send')}
            </Button>
          </Actions>
        </Chosen>
      ) : (
        <p>{t('messenger.gifts.lead', { name })}</p>
      )}
      {chosen ? null : gifts.status === 'failed' ? (
        <p role="alert">{t('messenger.gifts.failed')}</p>
      ) : gifts.status === 'loading' ? (
        <p role="status">{t('messenger.gifts.loading')}</p>
      ) : (
        <Grid>
          {gifts.data.map((g) => (
            <li key={g.id}>
              <Choice type="button" onClick={() => setChosen(g)} data-testid="gift-choice" data-gift={g.id}>
                <Icon icon={giftIcon(g.icon)} />
                <span>{giftName(t, g)}</span>
                <small>{t('messenger.gifts.price', { count: g.credits })}</small>
              </Choice>
            </li>
          ))}
        </Grid>
      )}
    </Modal>
  )
}
