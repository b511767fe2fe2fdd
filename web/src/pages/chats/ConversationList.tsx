import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { ChatEntry } from '../../boot/types'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { useServices } from '../../state/context'
import { removeChat } from '../../state/member'
import { Avatar } from './Avatar'
import { usePreview, useShortTime } from './format'
import { Icon, X } from '../../components/Icon'
import { color, radius, space } from '../../theme/theme'

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`

const Item = styled.li`
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${color.border};
`

const Entry = styled(Link)`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(3)};
  color: ${color.text};
  text-decoration: none;
  &[aria-current='page'] {
    background: ${color.border};
  }
  &:hover {
    background: ${color.background};
  }
`

const Text = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    color: ${color.textMuted};
    font-size: 0.875rem;
  }
`

const Side = styled.span`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${space(1)};
  font-size: 0.75rem;
  color: ${color.textMuted};
`

const Remove = styled.button`
  flex: none;
  width: 44px;
  height: 44px;
  margin-right: ${space(2)};
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: ${color.textMuted};
  font-size: 1.25rem;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    color: ${color.danger};
  }
`

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${space(2)};
  margin-top: ${space(4)};
`

function ConversationItem({ chat, current, onDelete }: { chat: ChatEntry; current: boolean; onDelete: () => void }) {
  const { t } = useTranslation()
  const preview = usePreview(chat.last_message ?? null)
  const time = useShortTime(chat.updated_at ?? chat.last_message?.created_at)
  const unread = chat.num_unread_messages
  return (
    <Item data-testid="chat-entry" data-conversation={chat.conversation.id}>
      <Entry to={`/chats/${chat.conversation.id}`} aria-current={current ? 'page' : undefined}>
        <Avatar profile={chat.profile} />
        <Text>
          <strong>{chat.profile.name}</strong>
          {preview && <span>{preview}</span>}
        </Text>
        <Side>
          {time && <time dateTime={chat.updated_at}>{time}</time>}
          {unread > 0 && (
            <Badge data-testid="chat-unread" aria-label={t('messenger.unread', { count: unread })}>
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </Side>
      </Entry>
      <Remove type="button" onClick={onDelete} aria-label={t('messenger.delete', { name: chat.profile.name })} data-testid="chat-delete">
        <Icon icon={X} />
      </Remove>
    </Item>
  )
}

/**
 * ConversationList lists the member's conversations, newest first, with
 * their unread counts. Deleting one asks first, removes it at once and calls
 * the server; on failure the error is alerted and the chats reload.
 */
export function ConversationList({ chats, currentId, onDeleted }: { chats: ChatEntry[]; currentId?: number; onDeleted?: (id: number) => void }) {
  const { t } = useTranslation()
  const { api, store, toasts } = useServices()
  const [confirm, setConfirm] = useState<ChatEntry | null>(null)
  const doDelete = async () => {
    const chat = confirm
    setConfirm(null)
    if (!chat) return
    if (chat.conversation.id === currentId) onDeleted?.(chat.conversation.id)
    await removeChat(api, store, toasts, chat.conversation.id)
  }
  return (
    <>
      <List aria-label={t('messenger.conversations')} data-testid="chat-list">
        {chats.map((c) => (
          <ConversationItem key={c.conversation.id} chat={c} current={c.conversation.id === currentId} onDelete={() => setConfirm(c)} />
        ))}
      </List>
      <Modal open={!!confirm} title={t('messenger.deleteTitle')} onClose={() => setConfirm(null)} testId="chat-delete-dialog">
        <p>{t('messenger.deleteText', { name: confirm?.profile.name ?? '' })}</p>
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setConfirm(null)}>
            {t('messenger.cancel')}
          </Button>
          <Button type="button" onClick={() => void doDelete()}>
            {t('messenger.deleteYes')}
          </Button>
        </Actions>
      </Modal>
    </>
  )
}
