import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import styled, { keyframes } from 'styled-components'
import { Button, ButtonLink } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { useAppState, useServices } from '../../state/context'
import { useCardTurn } from '../../features/interruptions/hooks'
import type { MatchPartner } from '../../state/match'
import { color, space } from '../../theme/theme'

const pop = keyframes`
  from { transform: scale(0.6); opacity: 0; }
  to { transform: scale(1); opacity: 1; }
`

const Pair = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  margin: ${space(4)} 0;
  img,
  span {
    width: 112px;
    height: 112px;
    border-radius: 50%;
    border: 4px solid ${color.primary};
    object-fit: cover;
    background: ${color.border};
    @media (prefers-reduced-motion: no-preference) {
      animation: ${pop} 0.45s ease-out both;
    }
  }
  span {
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${color.text};
    font-size: 2.5rem;
    font-weight: 700;
  }
  & > :first-child {
    margin-right: -16px;
  }
  & > :last-child {
    @media (prefers-reduced-motion: no-preference) {
      animation-delay: 0.15s;
    }
  }
`

const Lead = styled.p`
  text-align: center;
  font-size: 1.125rem;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space(2)};
`

function Face({ src, alt, initial }: { src?: string | null; alt: string; initial: string }) {
  return src ? (
    <img src={src} alt={alt} />
  ) : (
    <span role="img" aria-label={alt}>
      {initial.slice(0, 1)}
    </span>
  )
}

const photo = (img: MatchPartner['main_image']) => (img ? img.thumb_url || img.url || img.match || null : null)

/**
 * MatchMoment celebrates a match once per member: both photos, and the way
 * to the chat. It shows the match queue, which announceMatch fills (the
 * member's own like returned, or a live like event saying the other side
 * liked back); the new-like card leaves that liker out. It is a card of the
 * interruption queue: its turn comes after the modals before it, and the
 * server says whether the member saw it before.
 */
export function MatchMoment() {
  const { t } = useTranslation()
  const me = useAppState((s) => s.user?.profile ?? null)
  const { matches } = useServices()
  const partner = useSyncExternalStore(matches.subscribe, matches.first, matches.first)
  // one interruption at a time: it waits while another one shows, a modal is open or a form is being edited
  const open = useCardTurn('match', 'match', partner && me ? partner.id : null, matches.drop)
  if (!partner || !me || !open) return null
  const name = partner.name ?? ''
  const close = matches.shift
  return (
    <Modal open title={t('matchMoment.title')} onClose={close} testId="match-moment" queued>
      <Pair>
        <Face src={photo(me.main_image)} alt={t('matchMoment.you')} initial={me.name ?? ''} />
        <Face src={photo(partner.main_image)} alt={t('matchMoment.them', { name })} initial={name} />
      </Pair>
      <Lead>{t('matchMoment.text', { name })}</Lead>
      <Actions>
        <ButtonLink to={`/members/${partner.id}/chat`} onClick={close} data-testid="match-message">
          {t('matchMoment.message')}
        </ButtonLink>
        <Button type="button" $variant="secondary" onClick={close}>
          {t('matchMoment.later')}
        </Button>
      </Actions>
    </Modal>
  )
}
