import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import styled, { css } from 'styled-components'
import type { ChatEntry } from '../../boot/types'
import { PHONE_QUERY, useMediaQuery } from '../../app/hooks'
import { usePageTitle } from '../../components/Page'
import { useAppState, useServices } from '../../state/context'
import { refreshChats } from '../../state/refresh'
import { color, containerWidths, media, space } from '../../theme/theme'
import { ChatTopBar } from './ChatTopBar'
import { Conversation } from './Conversation'
import { ConversationList } from './ConversationList'

const Screen = styled.div<{ $open: boolean; $list: boolean }>`
  display: flex;
  flex: 1 1 0;
  min-height: 0;
  width: 100%;
  max-width: ${containerWidths.xl}px;
  margin: 0 auto;
  background: ${color.surface};
  > aside {
    display: ${(p) => (p.$open ? 'none' : 'block')};
    flex: 1;
    overflow-y: auto;
  }
  > div {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    flex: 1;
    min-width: 0;
  }
  ${media('md')} {
    ${(p) =>
      p.$list &&
      css`
        > aside {
          display: block;
          flex: 0 0 320px;
          border-right: 1px solid ${color.border};
        }
        > div {
          display: flex;
        }
      `}
  }
`

const Heading = styled.h1`
  margin: 0;
  padding: ${space(4)};
  font-size: 1.25rem;
`

const Empty = styled.p`
  margin: auto;
  padding: ${space(6)};
  color: ${color.textMuted};
  text-align: center;
`

/** ChatScreen is the chat layout: the top bar, the conversation list and the open conversation. */
function ChatScreen({ list, open, profile, children }: { list: ReactNode; open: boolean; profile: ChatEntry['profile'] | null; children: ReactNode }) {
  const { t } = useTranslation()
  usePageTitle(profile ? t('messenger.conversationWith', { name: profile.name }) : t('chats.title'))
  return (
    <>
      <ChatTopBar profile={open ? profile : null} />
      <Screen $open={open} $list={!!list} data-testid="chats-page">
        {list && <aside>{list}</aside>}
        <div>{children}</div>
      </Screen>
    </>
  )
}

/** ChatsPage: /chats (the conversation list) and /chats/{id} (a conversation beside it). */
export function ChatsPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const navigate = useNavigate()
  const chats = useAppState((s) => s.chats)
  const { api, store } = useServices()
  useEffect(() => {
    // the list is current when the page opens, not only after the first poll
    refreshChats(api, store).catch(() => {})
  }, [api, store])
  const conversationId = id && /^\d+$/.test(id) ? Number(id) : 0
  // The boot's conversation names the partner in the top bar from the first render, as the first paint does.
  const [profile, setProfile] = useState<ChatEntry['profile'] | null>(() => {
    const served = store.get().bootThread
    return served && served.conversation.id === conversationId ? served.profile : null
  })
  const onProfile = useCallback((p: ChatEntry['profile'] | null) => setProfile(p), [])
  // A phone shows the list or a conversation: with one open, the hidden list
  // is not rendered at all (it was a long task of the chat's first load).
  const phone = useMediaQuery(PHONE_QUERY)
  const list = phone && id ? null : (
    <>
      <Heading>{t('chats.title')}</Heading>
      {chats.length === 0 ? (
        <Empty>{t('chats.empty')}</Empty>
      ) : (
        <ConversationList chats={chats} currentId={conversationId} onDeleted={() => void navigate('/chats', { replace: true })} />
      )}
    </>
  )
  return (
    <ChatScreen list={list} open={!!id} profile={id ? profile : null}>
      {id ? (
        <Conversation key={id} conversationKey={{ conversationId }} onProfile={onProfile} />
      ) : (
        <Empty>{t('messenger.pick')}</Empty>
      )}
    </ChatScreen>
  )
}

/** MemberChatPage: /members/{id}/chat, the conversation with a member (started by the first message). */
export function MemberChatPage() {
  const { id } = useParams()
  const profileId = id && /^\d+$/.test(id) ? Number(id) : 0
  const [profile, setProfile] = useState<ChatEntry['profile'] | null>(null)
  const onProfile = useCallback((p: ChatEntry['profile'] | null) => setProfile(p), [])
  return (
    <ChatScreen list={null} open profile={profile}>
      <Conversation key={profileId} conversationKey={{ profileId }} onProfile={onProfile} />
    </ChatScreen>
  )
}
