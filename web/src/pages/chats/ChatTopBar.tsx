import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ChatEntry } from '../../boot/types'
import { useFictionalTexts } from '../../components/fictional'
import { Container } from '../../components/Grid'
import { Logo } from '../../nav/Logo'
import { below, color, media, radius, space } from '../../theme/theme'
import { Avatar } from './Avatar'

const Bar = styled.header`
  background: ${color.primary};
  color: ${color.onPrimary};
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  min-height: 56px;
  a {
    color: ${color.onPrimary};
  }
`

const Who = styled(Link)`
  display: inline-flex;
  flex: 1 1 auto;
  align-items: center;
  gap: ${space(2)};
  min-width: 0;
  font-weight: 600;
  text-decoration: none;
  span:last-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

const Links = styled.nav<{ $inConversation: boolean }>`
  display: flex;
  flex: none;
  gap: ${space(4)};
  white-space: nowrap;
  ${below('md')} {
    display: ${(p) => (p.$inConversation ? 'none' : 'flex')};
  }
`

/** Back leads from a conversation to the list on phones (the links take its place on wider screens). */
const Back = styled(Link)`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  margin-left: -${space(2)};
  border-radius: ${radius.md};
  svg {
    width: 24px;
    height: 24px;
  }
  ${media('md')} {
    display: none;
  }
`

const Tag = styled.span`
  font-size: 0.75rem;
`

export interface ChatTopBarProps {
  /** profile: the member of the open conversation, shown with a link to their profile. */
  profile?: ChatEntry['profile'] | null
}

/** ChatTopBar is the in-chat top bar of the bare chat layout. */
export function ChatTopBar({ profile }: ChatTopBarProps = {}) {
  const { t } = useTranslation()
  const fictional = useFictionalTexts().singular
  return (
    <Bar data-testid="site-header">
      <Container>
        <Inner>
          {profile && (
            <Back to="/chats" aria-label={t('messenger.allConversations')} data-testid="chat-back">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Back>
          )}
          {profile ? (
            <Who to={`/members/${profile.id}`} title={t('messenger.viewProfile', { name: profile.name })} data-testid="chat-profile-link">
              <Avatar profile={profile} size={36} />
              <span data-testid="chat-profile-name">
                {profile.name}
                {profile.age ? `, ${profile.age}` : ''}
                {profile.fictional && fictional ? <Tag> · {fictional}</Tag> : null}
              </span>
            </Who>
          ) : (
            <Logo onPrimary />
          )}
          <Links aria-label={t('nav.main')} $inConversation={!!profile}>
            {profile && <Link to="/chats">{t('messenger.allConversations')}</Link>}
            <Link to="/members">{t('chats.back')}</Link>
          </Links>
        </Inner>
      </Container>
    </Bar>
  )
}
