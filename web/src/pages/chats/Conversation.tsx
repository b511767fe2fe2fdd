import { Suspense, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import styled from 'styled-components'
import type { ChatEntry } from '../../boot/types'
import { Button } from '../../components/Button'
import { ProfileNote, useNotesShown } from '../../components/ProfileNote'
import { Composer } from './Composer'
import { lazyPage } from '../../app/lazyPage'
import { MessageList } from './MessageList'
import { PhotoConfirm } from './PhotoConfirm'
import { SendPrompt } from './SendPrompt'
import { useConversation, type ConversationKey } from './useConversation'
import { color, space } from '../../theme/theme'

// The gift picker (and the gifts' icon set) comes when the member opens it,
// not with the chat's first render.
const GiftPicker = lazyPage(() => import('./GiftPicker'), 'GiftPicker')

const Frame = styled.section`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  background: ${color.background};
`

const Note = styled.p`
  margin: ${space(6)} ${space(4)};
  text-align: center;
  color: ${color.textMuted};
`

const Blocked = styled.p`
  margin: 0;
  padding: ${space(4)};
  border-top: 1px solid ${color.border};
  color: ${color.danger};
  text-align: center;
`

const NoteDrawer = styled.details`
  flex: none;
  max-height: 50%;
  overflow-y: auto;
  padding: 0 ${space(4)};
  border-bottom: 1px solid ${color.border};
  background: ${color.surface};
  summary {
    padding: ${space(2)} 0;
    font-weight: 600;
    cursor: pointer;
  }
  > section {
    margin-top: 0;
  }
`

/** ChatNote is the member's private note on the chat partner, folded above the messages. */
function ChatNote({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation()
  const title = useId()
  if (!useNotesShown(profileId)) return null
  return (
    <NoteDrawer data-testid="chat-note">
      <summary id={title}>{t('profileNote.title', { name })}</summary>
      <ProfileNote profileId={profileId} name={name} titleId={title} />
    </NoteDrawer>
  )
}

export interface ConversationProps {
  conversationKey: ConversationKey
  /** onProfile tells the page whom the conversation is with (for its top bar and title). */
  onProfile?: (profile: ChatEntry['profile'] | null) => void
}

/** Conversation is one open chat: its messages, the composer, gifts, photos and the send prompts. */
export function Conversation({ conversationKey, onProfile }: ConversationProps) {
  const { t } = useTranslation()
  const { view, send, retry, discard, reload, prompt, closePrompt, typing } = useConversation(conversationKey)
  // A profile's gift button links here with ?gift=: the picker opens at once.
  const [params] = useSearchParams()
  const [gifts, setGifts] = useState(params.has('gift'))
  // A picked photo waits here, previewed with its price, until the member sends it.
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null)
  const profile = view.profile
  useEffect(() => {
    onProfile?.(profile)
  }, [onProfile, profile])

  if (view.status === 'loading') {
    return (
      <Frame aria-busy="true">
        <Note role="status">{t('messenger.loading')}</Note>
      </Frame>
    )
  }
  if (view.status === 'error' || !profile) {
    const text =
      view.errorCode === 404 ? t('messenger.notFound') : view.errorCode === 403 && view.errorMessage ? view.errorMessage : t('messenger.loadFailed')
    return (
      <Frame>
        <Note role="alert" data-testid="chat-error">
          {text}
        </Note>
        {view.errorCode !== 404 && view.errorCode !== 403 && (
          <Note>
            <Button type="button" $variant="secondary" onClick={() => void reload()}>
              {t('messenger.tryAgain')}
            </Button>
          </Note>
        )}
      </Frame>
    )
  }

  return (
    <Frame
      data-testid="chat-conversation"
      data-conversation={view.conversationId}
      // the composer's text (not the private note): the other member sees that the member is typing
      onInput={(e) => {
        if (e.target instanceof HTMLTextAreaElement && e.target.name === 'message') typing(e.target.value)
      }}
    >
      {!view.blocked && <ChatNote profileId={profile.id} name={profile.name} />}
      <MessageList
        name={profile.name}
        messages={view.messages}
        outbox={view.outbox}
        olderHidden={view.olderHidden}
        typing={view.partnerTyping}
        onRetry={retry}
        onDiscard={discard}
      />
      {view.blocked ? (
        <Blocked role="status">{t('messenger.blockedBy', { name: profile.name })}</Blocked>
      ) : (
        <Composer
          key={profile.id}
          name={profile.name}
          profileId={profile.id}
          freeLeft={view.freeLeft}
          onSend={(text) => send({ text })}
          onGift={() => setGifts(true)}
          onPhoto={(file) => setPhoto({ file, preview: URL.createObjectURL(file) })}
        />
      )}
      {gifts && (
        <Suspense fallback={null}>
          <GiftPicker
            open
            name={profile.name}
            onClose={() => setGifts(false)}
            onPick={(gift) => {
              setGifts(false)
              void send({ gift })
            }}
          />
        </Suspense>
      )}
      <PhotoConfirm
        photo={photo?.preview ?? null}
        name={profile.name}
        onCancel={() => {
          if (photo) URL.revokeObjectURL(photo.preview)
          setPhoto(null)
        }}
        onSend={() => {
          if (photo) void send(photo)
          setPhoto(null)
        }}
      />
      <SendPrompt prompt={prompt} onClose={closePrompt} />
    </Frame>
  )
}
