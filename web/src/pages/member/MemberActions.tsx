import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Button, ButtonLink } from '../../components/Button'
import { Gift, Heart, Icon } from '../../components/Icon'
import { giftIcon } from '../../components/iconSets'
import { Modal } from '../../components/Modal'
import type { MemberProfile } from './api'
import { useGifts } from '../../api/catalogues'
import { errorMessage } from '../../api/errors'
import { giftName } from '../../i18n/gifts'
import { useMemberActions } from './hooks'
import { giftChatPath } from './rules'
import { color, radius, space } from '../../theme/theme'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: ${space(3)} 0;
`

const Note = styled.p<{ $tone: 'info' | 'danger' | 'success' }>`
  padding: ${space(3)};
  border-left: 4px solid ${(p) => color[p.$tone]};
  border-radius: ${radius.sm};
  background: ${color.background};
`

const Gifts = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${space(2)};
  padding: 0;
  list-style: none;
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${space(1)};
    padding: ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
    color: ${color.text};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    border-color: ${color.primary};
  }
  span[aria-hidden] {
    font-size: 2rem;
  }
`

/** GiftPicker lists the site's gifts; choosing one opens the chat to send it. */
function GiftPicker({ profile, open, onClose }: { profile: MemberProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const gifts = useGifts(open)
  return (
    <Modal open={open} title={t('member.giftTitle', { name: profile.name })} onClose={onClose} testId="gift-picker">
      <p>{t('member.giftLead')}</p>
      {gifts.status === 'failed' && <Note $tone="danger" role="alert">{errorMessage(gifts.error, t('errors.generic'))}</Note>}
      {gifts.status === 'done' && (
        <Gifts>
          {gifts.data.map((g) => (
            <li key={g.id}>
              <Link to={giftChatPath(profile.id, g.id)} onClick={onClose} data-testid="gift-option">
                <Icon icon={giftIcon(g.icon)} />
                <strong>{giftName(t, g)}</strong>
                <small>{t('member.giftCredits', { count: g.credits })}</small>
              </Link>
            </li>
          ))}
        </Gifts>
      )}
    </Modal>
  )
}

/** MemberActions: like, chat, gift, block and unblock, and reporting the profile. */
export function MemberActions({ profile, patch }: { profile: MemberProfile; patch: (p: Partial<MemberProfile>) => void }) {
  const { t } = useTranslation()
  const { liked, state, like, block, unblock } = useMemberActions(profile, patch)
  const [gift, setGift] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const chat = `/members/${profile.id}/chat`

  if (profile.blocked) {
    return (
      <div data-testid="member-actions">
        <Note $tone="info" role="status" data-testid="member-blocked-by-me">
          {t('member.youBlocked', { name: profile.name })}
        </Note>
        <Row>
          <Button type="button" $variant="secondary" disabled={state.busy} onClick={() => void unblock()} data-testid="member-unblock">
            {t('member.unblock')}
          </Button>
        </Row>
        {state.error && <Note $tone="danger" role="alert">{state.error}</Note>}
      </div>
    )
  }

  return (
    <div data-testid="member-actions">
      <Row>
        <Button type="button" disabled={state.busy || liked} aria-pressed={liked} onClick={() => void like()} data-testid="member-like">
          <Icon icon={Heart} fill={liked ? 'currentColor' : 'none'} />
          {liked ? t('member.liked') : t('member.like')}
        </Button>
        <ButtonLink to={chat} data-testid="member-chat">
          {t('member.chat')}
        </ButtonLink>
        <Button type="button" $variant="secondary" onClick={() => setGift(true)} data-testid="member-gift">
          <Icon icon={Gift} />
          {t('member.gift')}
        </Button>
      </Row>
      {state.error && <Note $tone="danger" role="alert" data-testid="member-action-error">{state.error}</Note>}
      <Row>
        <Button type="button" $variant="ghost" disabled={state.busy} onClick={() => setConfirm(true)} data-testid="member-block">
          {t('member.block')}
        </Button>
        <ButtonLink to={`/complaints?profile_id=${profile.id}`} $variant="ghost">
          {t('member.report')}
        </ButtonLink>
      </Row>
      <GiftPicker profile={profile} open={gift} onClose={() => setGift(false)} />
      <Modal open={confirm} title={t('member.blockTitle', { name: profile.name })} onClose={() => setConfirm(false)} testId="block-modal">
        <p>{t('member.blockText', { name: profile.name })}</p>
        <Row>
          <Button
            type="button"
            onClick={() => {
              setConfirm(false)
              void block()
            }}
            data-testid="block-confirm"
          >
            {t('member.blockConfirm')}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setConfirm(false)}>
            {t('member.cancel')}
          </Button>
        </Row>
      </Modal>
    </div>
  )
}
