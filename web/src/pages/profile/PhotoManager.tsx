import { useId, useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button, ButtonLink } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { Panel } from '../../components/Page'
import { codeText } from '../../api/serverErrors'
import type { OwnPhoto } from './api'
import { usePhotos, type Problem, type UploadItem } from './hooks'
import { PREMIUM_PHOTO_LIMIT, limitState, photoErrorKey, type LimitState } from './rules'
import { ArrowLeft, ArrowRight, Icon } from '../../components/Icon'
import { color, radius, space } from '../../theme/theme'

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif'

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(3)};
  margin-bottom: ${space(3)};
  h2 {
    margin: 0;
  }
`

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`

const Announce = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
`

const Notice = styled.div<{ $tone: 'info' | 'warning' | 'danger' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(3)};
  margin-bottom: ${space(3)};
  border-left: 4px solid ${(p) => color[p.$tone]};
  border-radius: ${radius.sm};
  background: ${color.background};
`

const Grid = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${space(3)};
  padding: 0;
  margin: 0;
  list-style: none;
`

const Tile = styled.li<{ $over: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding: ${space(2)};
  border: 2px ${(p) => (p.$over ? 'dashed' : 'solid')} ${(p) => (p.$over ? color.primary : color.border)};
  border-radius: ${radius.md};
  background: ${color.surface};
  cursor: grab;
  img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${radius.sm};
  }
`

const Reason = styled.p`
  margin: 0;
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`

const Tag = styled.span<{ $tone: 'primary' | 'warning' | 'danger' }>`
  align-self: flex-start;
  padding: 0 ${space(2)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${(p) => (p.$tone === 'warning' ? color.onWarning : p.$tone === 'danger' ? color.onDanger : color.onPrimary)};
  background: ${(p) => color[p.$tone]};
`

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  button {
    min-height: 32px;
    padding: 0 ${space(2)};
    font-size: 0.8125rem;
  }
`

const Uploads = styled.ul`
  padding: 0;
  margin: 0 0 ${space(3)};
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${space(2)};
    margin-bottom: ${space(2)};
  }
  progress {
    flex: 1 1 160px;
    accent-color: ${color.primary};
  }
`

/** useProblemText words an error answer, in the catalogue's words where it has them. */
function useProblemText() {
  const { t } = useTranslation()
  return (p: Problem): string => {
    if (p.code === 'photo_limit') {
      const limit = typeof p.fields.limit === 'number' ? p.fields.limit : ''
      return p.fields.premium ? t('profile.photos.limitPremium', { limit }) : t('profile.photos.limitFree', { limit, premium: PREMIUM_PHOTO_LIMIT })
    }
    const general = codeText(p.code, p.fields)
    if (general) return t(general[0], general[1])
    const key = photoErrorKey(p.code)
    if (!key) return p.message || t('errors.generic')
    return t(key, { min_side: p.fields.min_side ?? '', defaultValue: p.message })
  }
}

function LimitNotice({ state }: { state: LimitState }) {
  const { t } = useTranslation()
  if (state.kind === 'room') return null
  if (state.kind === 'max') {
    return (
      <Notice $tone="info" role="status" data-testid="photo-limit-premium">
        {t('profile.photos.limitPremium', { limit: state.limit })}
      </Notice>
    )
  }
  return (
    <Notice $tone="warning" role="status" data-testid="photo-limit-free">
      <span>{t('profile.photos.limitFree', { limit: state.limit, premium: PREMIUM_PHOTO_LIMIT })}</span>
      <ButtonLink to="/premium" $variant="secondary">
        {t('profile.photos.getPremium')}
      </ButtonLink>
    </Notice>
  )
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const { t } = useTranslation()
  const text = useProblemText()
  const pct = Math.round(item.progress * 100)
  return (
    <li data-testid="photo-upload">
      <span>{item.name}</span>
      {item.problem ? (
        <>
          <span role="alert" data-testid="photo-upload-error">
            {text(item.problem)}
          </span>
          <Button type="button" $variant="ghost" onClick={onDismiss}>
            {t('profile.photos.dismiss')}
          </Button>
        </>
      ) : (
        <>
          <progress max={100} value={pct} aria-label={t('profile.photos.uploading', { name: item.name })} data-testid="photo-progress" />
          <span aria-hidden="true">{t('profile.photos.percent', { pct })}</span>
        </>
      )}
    </li>
  )
}

interface TileProps {
  photo: OwnPhoto
  index: number
  count: number
  busy: boolean
  over: boolean
  onMove: (to: number) => void
  onMain: () => void
  onDelete: () => void
  drag: {
    onDragStart: (e: DragEvent) => void
    onDragOver: (e: DragEvent) => void
    onDragLeave: () => void
    onDrop: (e: DragEvent) => void
    onDragEnd: () => void
  }
}

function PhotoTile({ photo, index, count, busy, over, onMove, onMain, onDelete, drag }: TileProps) {
  const { t } = useTranslation()
  const n = index + 1
  const isMain = index === 0 && photo.status === 'active'
  return (
    <Tile $over={over} draggable={!busy} {...drag} data-testid="own-photo" data-photo-id={photo.id}>
      <img src={photo.thumb_url || photo.url} alt={t('profile.photos.alt', { n })} width={photo.width ? undefined : 160} />
      {isMain && <Tag $tone="primary">{t('profile.photos.main')}</Tag>}
      {photo.status === 'pending' && <Tag $tone="warning">{t('profile.photos.pending')}</Tag>}
      {photo.status === 'rejected' && <Tag $tone="danger">{t('profile.photos.rejected')}</Tag>}
      {photo.status === 'rejected' && photo.reject_reason && (
        <Reason data-testid="photo-reject-reason">{t('profile.photos.rejectReason', { reason: photo.reject_reason })}</Reason>
      )}
      <Tools>
        {!isMain && photo.status === 'active' && (
          <Button type="button" $variant="secondary" disabled={busy} onClick={onMain} aria-label={t('profile.photos.makeMainN', { n })}>
            {t('profile.photos.makeMain')}
          </Button>
        )}
        <Button type="button" $variant="ghost" disabled={busy || index === 0} onClick={() => onMove(index - 1)} aria-label={t('profile.photos.earlierN', { n })}>
          <Icon icon={ArrowLeft} />
        </Button>
        <Button type="button" $variant="ghost" disabled={busy || index === count - 1} onClick={() => onMove(index + 1)} aria-label={t('profile.photos.laterN', { n })}>
          <Icon icon={ArrowRight} />
        </Button>
        <Button type="button" $variant="ghost" disabled={busy} onClick={onDelete} aria-label={t('profile.photos.deleteN', { n })}>
          {t('profile.photos.delete')}
        </Button>
      </Tools>
    </Tile>
  )
}

/** PhotoManager: the member's photos with upload progress, order, main photo and limits. */
export function PhotoManager({ initialLimit, paid }: { initialLimit: number; paid: boolean }) {
  const { t } = useTranslation()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const text = useProblemText()
  const { photos, limit, uploads, problem, busy, move, makeMain, remove, upload, dismissUpload } = usePhotos(initialLimit)
  const [dragFrom, setDragFrom] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const [confirm, setConfirm] = useState<OwnPhoto | null>(null)
  const [said, setSaid] = useState('')

  const list = photos ?? []
  const runningUploads = uploads.filter((u) => !u.problem).length
  const state = limitState(list.length + runningUploads, limit, paid)
  const full = state.kind !== 'room'

  const moveTo = (from: number, to: number) => {
    void move(from, to)
    setSaid(t('profile.photos.moved', { n: to + 1 }))
  }

  const onFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return
    void upload([...files])
    if (input.current) input.current.value = ''
  }

  return (
    <Panel id="photos" data-testid="photo-manager" aria-busy={busy || runningUploads > 0}>
      <Head>
        <div>
          <h2>{t('profile.photos.title')}</h2>
          <span data-testid="photo-count">{t('profile.photos.used', { n: list.length, limit })}</span>
        </div>
        <div>
          <HiddenInput
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            disabled={full}
            data-testid="photo-input"
            // The button below is the one control (as in components/PhotoPicker): the input is out of the tab order and the accessibility tree.
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => onFiles(e.currentTarget.files)}
          />
          <Button type="button" disabled={full} onClick={() => input.current?.click()} data-testid="photo-add">
            {t('profile.photos.add')}
          </Button>
        </div>
      </Head>
      <LimitNotice state={state} />
      {problem && (
        <Notice $tone="danger" role="alert" data-testid="photo-error">
          {text(problem)}
        </Notice>
      )}
      {uploads.length > 0 && (
        <Uploads aria-label={t('profile.photos.uploads')}>
          {uploads.map((u) => (
            <UploadRow key={u.key} item={u} onDismiss={() => dismissUpload(u.key)} />
          ))}
        </Uploads>
      )}
      {photos && list.length === 0 && uploads.length === 0 && <p data-testid="photo-empty">{t('profile.photos.empty')}</p>}
      {list.length > 1 && <p>{t('profile.photos.orderHelp')}</p>}
      <Grid aria-label={t('profile.photos.title')}>
        {list.map((p, i) => (
          <PhotoTile
            key={p.id}
            photo={p}
            index={i}
            count={list.length}
            busy={busy}
            over={over === i && dragFrom !== null && dragFrom !== i}
            onMove={(to) => moveTo(i, to)}
            onMain={() => {
              void makeMain(p.id)
              setSaid(t('profile.photos.madeMain'))
            }}
            onDelete={() => setConfirm(p)}
            drag={{
              onDragStart: (e) => {
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', String(i))
                setDragFrom(i)
              },
              onDragOver: (e) => {
                if (dragFrom === null) return
                e.preventDefault()
                e.dataTransfer.dropEffect = 'move'
                setOver(i)
              },
              onDragLeave: () => setOver((o) => (o === i ? null : o)),
              onDrop: (e) => {
                e.preventDefault()
                if (dragFrom !== null && dragFrom !== i) moveTo(dragFrom, i)
                setDragFrom(null)
                setOver(null)
              },
              onDragEnd: () => {
                setDragFrom(null)
                setOver(null)
              },
            }}
          />
        ))}
      </Grid>
      <Announce role="status" aria-live="polite" data-testid="photo-status">
        {said}
      </Announce>
      <Modal open={confirm !== null} title={t('profile.photos.deleteTitle')} onClose={() => setConfirm(null)} testId="photo-delete-modal">
        <p>{t('profile.photos.deleteText')}</p>
        <Tools>
          <Button
            type="button"
            onClick={() => {
              if (confirm) void remove(confirm.id)
              setConfirm(null)
            }}
          >
            {t('profile.photos.deleteConfirm')}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setConfirm(null)}>
            {t('profile.photos.cancel')}
          </Button>
        </Tools>
      </Modal>
    </Panel>
  )
}
