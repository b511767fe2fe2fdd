// One complaint in the moderation list: who complained about whom, why, and
// what they reported (the chat message as it was sent, or the profile's
// photo), so a moderator sees the case before opening it.
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { ModerationComplaint } from '../../api'
import { Button, Card, colors } from '../../ui'

const Quote = styled.blockquote`
  margin: 8px 0;
  padding: 8px 12px;
  border-left: 4px solid ${colors.accent};
  background: ${colors.page};
  overflow-wrap: anywhere;
  img { display: block; max-width: 120px; height: auto; border-radius: 4px; }
`

export function ComplaintCard({ complaint: c, onOpen }: { complaint: ModerationComplaint; onOpen: () => void }) {
  const { t, i18n } = useTranslation()
  const reporter = c.reporter_name || t('moderation.complaints.visitor', { name: c.name || c.email })
  const reported = c.profile_name || t('moderation.complaints.nobody')
  const m = c.reported_message
  return (
    <Card aria-labelledby={`complaint-${c.id}`}>
      <h3 id={`complaint-${c.id}`} style={{ margin: '0 0 4px', fontSize: '1rem', overflowWrap: 'anywhere' }}>
        {t('moderation.complaints.by', { reporter, reported })}
      </h3>
      <p style={{ margin: '0 0 4px' }}>{t('moderation.complaints.reason', { category: c.category })} · {new Date(c.created_at).toLocaleDateString(i18n.language)}</p>
      <p style={{ margin: '0 0 4px', overflowWrap: 'anywhere' }}>{c.message}</p>
      {m && (
        <Quote>
          <small>{t('moderation.complaints.reportedMessage', { when: new Date(m.sent_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}</small>
          {m.kind === 'text' && <p style={{ margin: '4px 0 0' }}>{m.text}</p>}
          {m.kind === 'gift' && <p style={{ margin: '4px 0 0' }}>{t('moderation.complaints.giftMessage')}</p>}
          {m.kind === 'photo' && <img src={m.photo_thumb_url} alt={t('moderation.complaints.photoMessage')} loading="lazy" />}
        </Quote>
      )}
      {!m && c.profile_thumb_url && <img src={c.profile_thumb_url} alt={reported} loading="lazy" style={{ maxWidth: 96, height: 'auto', borderRadius: 4 }} />}
      <Button type="button" $quiet onClick={onOpen}>{t('moderation.complaints.open', { id: c.id })}</Button>
    </Card>
  )
}
