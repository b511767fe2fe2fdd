// The photo queue as cards a moderator works through fast: each card names
// the member (name, age, brand), when the photo came and shows their other
// photos beside it; profile photos and photos sent in chat wait in the same
// list. Keys: A approves, R rejects (with the reason above the cards), J and
// K move between cards, X selects; selected cards are approved or rejected
// together, one engine call (and one audit row) per photo.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import type { ConsoleApi, ModerationChatPhoto, ModerationPhoto } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Field, Input, Muted, colors } from '../../ui'
import { anyTenant, useCan } from '../../permissions'
import { Row } from '../members/MemberActions'

/** QueueCard is one photo waiting for a decision, of a profile or sent in chat. */
interface QueueCard {
  key: string
  kind: 'profile' | 'chat'
  id: number
  name: string
  age: number | null
  brand: string
  at: string
  url: string
  thumb: string
  /** to is the recipient of a chat photo. */
  to?: string
  others: ModerationPhoto[]
}

function profileCard(p: ModerationPhoto): QueueCard {
  return {
    key: `p${p.id}`, kind: 'profile', id: p.id, name: p.profile_name ?? '', age: p.age ?? null, brand: p.brand ?? '',
    at: p.created_at ?? '', url: p.url, thumb: p.thumb_url, others: p.other_photos ?? [],
  }
}

function chatCard(p: ModerationChatPhoto): QueueCard {
  return {
    key: `c${p.message_id}`, kind: 'chat', id: p.message_id, name: p.sender_name, age: p.age, brand: p.brand,
    at: p.sent_at, url: p.url, thumb: p.thumb_url, to: p.recipient_name, others: p.other_photos,
  }
}

const Cards = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
`
const CardItem = styled.li<{ $current: boolean }>`
  background: ${colors.card};
  border: 2px solid ${(p) => (p.$current ? colors.accent : colors.line)};
  border-radius: 8px;
  padding: 12px;
  display: grid;
  grid-template-columns: 140px 1fr;
  gap: 12px;
  h3 { font-size: 1rem; margin: 0 0 4px; overflow-wrap: anywhere; }
  p { margin: 0 0 4px; }
  img { display: block; max-width: 100%; height: auto; border-radius: 4px; }
`
const Others = styled.ul`
  list-style: none;
  margin: 6px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  img { width: 44px; height: 44px; object-fit: cover; }
`
const Keys = styled.p`
  margin: 0 0 12px;
  kbd {
    font: 600 0.875rem ui-monospace, monospace;
    border: 1px solid ${colors.line};
    border-bottom-width: 2px;
    border-radius: 4px;
    padding: 1px 6px;
    background: ${colors.card};
  }
`

/** shortcuts are the keys of the cards, as the hint above them names them. */
const shortcuts = [
  ['A', 'moderation.cards.keyApprove'],
  ['R', 'moderation.cards.keyReject'],
  ['J', 'moderation.cards.keyNext'],
  ['K', 'moderation.cards.keyPrevious'],
  ['X', 'moderation.cards.keySelect'],
] as const

/** queuePage is the engine's page length of both queues: a full page means there may be more. */
const queuePage = 50

/** Queue is the cards loaded so far and where each queue goes on (null: nothing more). */
interface Queue {
  cards: QueueCard[]
  profileAfter: number | null
  chatAfter: number | null
}

/** nextPages loads the queues' pages after the cursors and adds them to the cards, oldest first. */
async function nextPages(api: ConsoleApi, tenant: string, from: Queue): Promise<Queue> {
  const [profile, chat] = await Promise.all([
    from.profileAfter === null ? null : api.photoQueue(tenant, from.profileAfter),
    from.chatAfter === null ? null : api.chatPhotoQueue(tenant, from.chatAfter),
  ])
  const seen = new Set(from.cards.map((c) => c.key))
  const added = [...(profile?.photos.map(profileCard) ?? []), ...(chat?.photos.map(chatCard) ?? [])].filter((c) => !seen.has(c.key))
  const last = (list: { id: number }[] | undefined) => (list && list.length >= queuePage ? list[list.length - 1].id : null)
  return {
    cards: [...from.cards, ...added.sort((a, b) => a.at.localeCompare(b.at))],
    profileAfter: last(profile?.photos),
    chatAfter: last(chat?.photos.map((p) => ({ id: p.message_id }))),
  }
}

/** PhotoCards is the brand's photo queue with keyboard shortcuts and bulk decisions. */
export function PhotoCards({ api, tenant }: { api: ConsoleApi; tenant: string }) {
  const { t, i18n } = useTranslation()
  const mayDecide = useCan()(anyTenant('moderation', 'write'), tenant)
  const queue = useLoad<Queue>(tenant, () => nextPages(api, tenant, { cards: [], profileAfter: 0, chatAfter: 0 }))
  const loaded = queue.state.status === 'done' ? queue.state.data : null
  const cards = loaded?.cards ?? null
  const [loadingMore, setLoadingMore] = useState(false)
  const showMore = async () => {
    if (!loaded || loadingMore) return
    setLoadingMore(true)
    setError('')
    try {
      const next = await nextPages(api, tenant, loaded)
      queue.update(() => next)
    } catch (err) {
      setError(errorText(t, err))
    } finally {
      setLoadingMore(false)
    }
  }
  const [current, setCurrent] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [reason, setReason] = useState(() => t('moderation.cards.defaultReason'))
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)
  const refs = useRef(new Map<string, HTMLLIElement>())
  const reasonRef = useRef<HTMLInputElement>(null)
  // The card to focus once the list without the decided cards is on screen.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    const key = focusNext.current
    if (key === null) return
    focusNext.current = null
    refs.current.get(key)?.focus()
  }, [cards])

  const focusAt = (list: QueueCard[], i: number) => {
    const at = Math.max(0, Math.min(i, list.length - 1))
    setCurrent(at)
    const card = list[at]
    if (card) refs.current.get(card.key)?.focus()
  }

  /** decide sends one decision per card, in order, and takes the decided cards off the list. */
  const decide = async (targets: QueueCard[], approve: boolean) => {
    if (!cards || targets.length === 0 || busy) return
    const why = reason.trim()
    if (!approve && !why) {
      setError(t('moderation.cards.reasonNeeded'))
      reasonRef.current?.focus()
      return
    }
    setBusy(true)
    setError('')
    const gone = new Set<string>()
    for (const c of targets) {
      try {
        if (c.kind === 'profile') await (approve ? api.approvePhoto(tenant, c.id) : api.rejectPhoto(tenant, c.id, why))
        else await (approve ? api.approveChatPhoto(tenant, c.id) : api.rejectChatPhoto(tenant, c.id, why))
        gone.add(c.key)
      } catch (err) {
        setError(errorText(t, err))
        break
      }
    }
    setBusy(false)
    const first = cards.findIndex((c) => gone.has(c.key))
    const left = cards.filter((c) => !gone.has(c.key))
    queue.update((q) => ({ ...q, cards: left }))
    setSelected((s) => new Set([...s].filter((k) => !gone.has(k))))
    setDone(t(approve ? 'moderation.cards.approved' : 'moderation.cards.rejected', { count: gone.size }))
    // Focus goes to the card that took the first decided one's place, once it is on screen.
    const at = Math.max(0, Math.min(first < 0 ? current : first, left.length - 1))
    setCurrent(at)
    focusNext.current = left[at]?.key ?? null
  }

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!cards || e.altKey || e.ctrlKey || e.metaKey) return
    const target = e.target as HTMLElement
    if (target.closest('input, textarea, select, button')) return
    const card = cards[current]
    switch (e.key.toLowerCase()) {
      case 'j':
        focusAt(cards, current + 1)
        break
      case 'k':
        focusAt(cards, current - 1)
        break
      case 'a':
        if (mayDecide && card) void decide([card], true)
        break
      case 'r':
        if (mayDecide && card) void decide([card], false)
        break
      case 'x':
        if (mayDecide && card) toggle(card.key)
        break
      default:
        return
    }
    e.preventDefault()
  }

  const picked = cards?.filter((c) => selected.has(c.key)) ?? []
  const when = (iso: string) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '')

  return (
    <section aria-labelledby="photos-heading" style={{ marginBottom: 28 }}>
      <h2 id="photos-heading" style={{ fontSize: '1.125rem' }}>{t('console.moderation.photos.heading')}</h2>
      {mayDecide && (
        <>
          <Keys id="photo-keys">
            {t('moderation.cards.keysIntro')}
            {shortcuts.map(([key, what], i) => (
              <span key={key}>
                {i > 0 ? ' ·' : ''} <kbd>{key}</kbd> {t(what)}
              </span>
            ))}
          </Keys>
          <Field style={{ maxWidth: 520 }}>
            <label htmlFor="photo-reason">{t('console.moderation.photos.reason')}</label>
            <Input id="photo-reason" ref={reasonRef} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Field>
        </>
      )}
      {error && <Alert role="alert">{error}</Alert>}
      <Muted role="status">{done}</Muted>
      {queue.state.status === 'loading' && <Muted>{t('console.loading')}</Muted>}
      {queue.state.status === 'failed' && <Alert role="alert">{errorText(t, queue.state.error)}</Alert>}
      {cards && cards.length === 0 && <Muted>{t('console.moderation.photos.empty')}</Muted>}
      {mayDecide && cards && cards.length > 0 && (
        <Row role="group" aria-label={t('moderation.cards.bulk')} style={{ marginBottom: 12 }}>
          <Button type="button" disabled={busy || picked.length === 0} onClick={() => void decide(picked, true)}>
            {t('moderation.cards.approveSelected', { count: picked.length })}
          </Button>
          <Button type="button" $quiet disabled={busy || picked.length === 0} onClick={() => void decide(picked, false)}>
            {t('moderation.cards.rejectSelected', { count: picked.length })}
          </Button>
        </Row>
      )}
      {cards && cards.length > 0 && (
        <Cards aria-label={t('console.moderation.photos.heading')} aria-describedby={mayDecide ? 'photo-keys' : undefined} onKeyDown={onKey}>
          {cards.map((c, i) => {
            const label = t(c.kind === 'chat' ? 'moderation.cards.chatPhotoOf' : 'console.moderation.photos.photoOf', { id: c.id, name: c.name })
            return (
              <CardItem
                key={c.key}
                ref={(el) => {
                  if (el) refs.current.set(c.key, el)
                  else refs.current.delete(c.key)
                }}
                tabIndex={i === current ? 0 : -1}
                aria-label={label}
                $current={i === current}
                onFocus={() => setCurrent(i)}
              >
                <a href={c.url} target="_blank" rel="noreferrer"><img src={c.thumb} alt={label} loading="lazy" /></a>
                <div>
                  <h3>{c.age === null ? c.name : t('moderation.cards.nameAge', { name: c.name, age: c.age })}</h3>
                  <p>{c.brand}</p>
                  <p>{t(c.kind === 'chat' ? 'moderation.cards.sentTo' : 'moderation.cards.uploaded', { when: when(c.at), name: c.to ?? '' })}</p>
                  {c.others.length > 0 && (
                    <Others aria-label={t('moderation.cards.others', { name: c.name })}>
                      {c.others.map((o) => (
                        <li key={o.id}>
                          <img src={o.thumb_url} alt={t('moderation.cards.other', { id: o.id, status: t(`console.members.photos.status.${o.status}`) })} loading="lazy" />
                        </li>
                      ))}
                    </Others>
                  )}
                  {mayDecide && (
                    <>
                      <label style={{ display: 'flex', gap: 6, alignItems: 'center', margin: '8px 0' }}>
                        <input type="checkbox" checked={selected.has(c.key)} onChange={() => toggle(c.key)} />
                        {t('moderation.cards.select')}
                      </label>
                      <Row>
                        <Button type="button" disabled={busy} onClick={() => void decide([c], true)}>{t('console.moderation.photos.approve')}</Button>
                        <Button type="button" $quiet disabled={busy} onClick={() => void decide([c], false)}>{t('console.moderation.photos.reject')}</Button>
                      </Row>
                    </>
                  )}
                </div>
              </CardItem>
            )
          })}
        </Cards>
      )}
      {loaded && (loaded.profileAfter !== null || loaded.chatAfter !== null) && (
        <Button type="button" $quiet disabled={loadingMore} onClick={() => void showMore()}>
          {t('moderation.cards.more')}
        </Button>
      )}
    </section>
  )
}
