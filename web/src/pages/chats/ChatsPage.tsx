import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import styled from 'styled-components'
import { Page, Panel } from '../../components/Page'
import { Badge } from '../../components/Badge'
import { useAppState } from '../../state/context'
import { ChatTopBar } from './ChatTopBar'

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li a {
    display: flex;
    justify-content: space-between;
    padding: ${(p) => p.theme.space(3)};
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
`

/** ChatsPage: /chats and /chats/{id}, the conversation list. */
export function ChatsPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const chats = useAppState((s) => s.chats)
  return (
    <>
      <ChatTopBar />
      <Page title={t('chats.title')} lead={t('chats.lead')}>
        {chats.length === 0 ? (
          <Panel>{t('chats.empty')}</Panel>
        ) : (
          <List>
            {chats.map((c) => (
              <li key={c.conversation.id}>
                <Link to={`/chats/${c.conversation.id}`} aria-current={String(c.conversation.id) === id ? 'page' : undefined}>
                  <span>{c.profile.name}</span>
                  {c.num_unread_messages > 0 && <Badge>{c.num_unread_messages}</Badge>}
                </Link>
              </li>
            ))}
          </List>
        )}
      </Page>
    </>
  )
}
