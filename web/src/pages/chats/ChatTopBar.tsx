import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ChatEntry } from '../../boot/types'
import { Container } from '../../components/Grid'
import { Logo } from '../../nav/Logo'
import { useAppState } from '../../state/context'
import { Avatar } from './Avatar'

const Bar = styled.header`
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space(3)};
  min-height: 56px;
  a {
    color: ${(p) => p.theme.colors.onPrimary};
  }
`

const Who = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${(p) => p.theme.space(2)};
  min-width: 0;
  font-weight: 600;
  text-decoration: none;
  span:last-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

const Links = styled.nav`
  display: flex;
  gap: ${(p) => p.theme.space(4)};
  white-space: nowrap;
`

const Tag = styled.span`
  font-size: 0.75rem;
  opacity: 0.85;
`

export interface ChatTopBarProps {
  /** profile: the member of the open conversation, shown with a link to their profile. */
  profile?: ChatEntry['profile'] | null
}

/** ChatTopBar is the in-chat top bar of the bare chat layout. */
export function ChatTopBar({ profile }: ChatTopBarProps = {}) {
  const { t } = useTranslation()
  const fictional = useAppState((s) => s.settings.fictional_singular)
  return (
    <Bar data-testid="site-header">
      <Container>
        <Inner>
          {profile ? (
            <Who to={`/members/${profile.id}`} aria-label={t('messenger.viewProfile', { name: profile.name })} data-testid="chat-profile-link">
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
          <Links aria-label={t('nav.main')}>
            {profile && <Link to="/chats">{t('messenger.allConversations')}</Link>}
            <Link to="/members">{t('chats.back')}</Link>
          </Links>
        </Inner>
      </Container>
    </Bar>
  )
}
