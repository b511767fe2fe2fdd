// The member's private note on another profile ("what we talked about"),
// on the profile page and beside the conversation in the chat. Only on
// tenants with visible_profile_notes; the server keeps and refuses the
// same rules (note.php), and only the writer ever gets the note.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ApiError, type HttpClient } from '../api/http'
import type { NoteAnswer, ProfileNote as Note } from '../api/types'
import { useLoad } from '../api/useLoad'
import { serverErrorText } from '../api/serverErrors'
import { useAppState, useServices } from '../state/context'
import { Button } from './Button'
import { FieldError, Hint, TextArea } from './Form'
import { color, radius, space } from '../theme/theme'

/** NOTE_MAX is the longest note the server keeps, in characters. */
export const NOTE_MAX = 500

/** noteLength counts characters as the server does (code points, not UTF-16 units). */
export const noteLength = (text: string): number => [...text.trim()].length

const Box = styled.section`
  display: grid;
  gap: ${space(2)};
  margin: ${space(4)} 0;
  padding: ${space(3)};
  border: 1px dashed ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  h2 {
    margin: 0;
    font-size: 1rem;
  }
`

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
`

const load = (http: HttpClient, profileId: number, signal: AbortSignal) =>
  http.get<NoteAnswer>('/api/note.php', { query: { profile_id: profileId }, signal }).then((r) => (r === false ? null : r.note))

/** useNotesShown tells whether the tenant shows private notes (visible_profile_notes) to the logged-in member. */
export function useNotesShown(profileId: number): boolean {
  const on = useAppState((s) => s.settings.visible_profile_notes)
  const viewer = useAppState((s) => s.user?.id ?? null)
  return !!on && viewer !== null && viewer !== profileId
}

export interface ProfileNoteProps {
  profileId: number
  name: string
  /** note is the note as member.php gave it (undefined: load it from note.php). */
  note?: Note | null
  /** titleId names an element outside that titles the note (the chat's summary); else it has its own heading. */
  titleId?: string
}

/** ProfileNote shows and saves the member's private note on a profile; nothing when the tenant has notes off. */
export function ProfileNote(props: ProfileNoteProps) {
  if (!useNotesShown(props.profileId)) return null
  return props.note === undefined ? <LoadedNote {...props} /> : <NoteEditor {...props} note={props.note} />
}

function LoadedNote(props: ProfileNoteProps) {
  const { api } = useServices()
  const { state } = useLoad(`note:${props.profileId}`, (signal) => load(api.http, props.profileId, signal))
  // a profile the member may not see (blocked, gone) has no note to show
  if (state.status !== 'done') return null
  return <NoteEditor {...props} note={state.data} />
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; text: string }

function NoteEditor({ profileId, name, note, titleId }: { profileId: number; name: string; note: Note | null; titleId?: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const ownTitle = useId()
  const ids = { title: titleId ?? ownTitle, hint: useId() }
  const [saved, setSaved] = useState(note?.text ?? '')
  const [text, setText] = useState(saved)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const length = noteLength(text)
  const over = length > NOTE_MAX
  const changed = text.trim() !== saved

  const save = async () => {
    setStatus({ kind: 'saving' })
    try {
      const r = await api.http.put<NoteAnswer>('/api/note.php', { profile_id: profileId, text }, { retries: 0 })
      const kept = r === false ? '' : (r.note?.text ?? '')
      setSaved(kept)
      setText(kept)
      setStatus({ kind: 'saved' })
    } catch (err) {
      const general = serverErrorText(err)
      const text =
        err instanceof ApiError && err.code === 'note_too_long'
          ? t('profileNote.tooLong', { max: NOTE_MAX })
          : general
            ? t(general[0], general[1])
            : err instanceof Error && err.message
              ? err.message
              : t('errors.generic')
      setStatus({ kind: 'failed', text })
    }
  }

  return (
    <Box aria-labelledby={ids.title} data-testid="profile-note">
      {!titleId && <h2 id={ids.title}>{t('profileNote.title', { name })}</h2>}
      <Hint id={ids.hint} data-testid="profile-note-hint">
        {t('profileNote.onlyYou')}
      </Hint>
      <TextArea
        aria-labelledby={ids.title}
        $rows={3}
        value={text}
        placeholder={t('profileNote.placeholder')}
        aria-describedby={ids.hint}
        aria-invalid={over || undefined}
        onChange={(e) => {
          setText(e.target.value)
          if (status.kind !== 'saving') setStatus({ kind: 'idle' })
        }}
        data-testid="profile-note-text"
      />
      <Bar>
        {over ? (
          <FieldError role="alert">{t('profileNote.tooLong', { max: NOTE_MAX })}</FieldError>
        ) : (
          <Hint data-testid="profile-note-counter">{t('profileNote.counter', { length, max: NOTE_MAX })}</Hint>
        )}
        <Button type="button" $variant="secondary" disabled={over || !changed || status.kind === 'saving'} onClick={() => void save()} data-testid="profile-note-save">
          {status.kind === 'saving' ? t('profileNote.saving') : t('profileNote.save')}
        </Button>
      </Bar>
      <div role="status" aria-live="polite">
        {status.kind === 'saved' && <Hint data-testid="profile-note-saved">{saved ? t('profileNote.saved') : t('profileNote.cleared')}</Hint>}
      </div>
      {status.kind === 'failed' && (
        <FieldError role="alert" data-testid="profile-note-error">
          {status.text}
        </FieldError>
      )}
    </Box>
  )
}
