import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useNow } from '../../app/useNow'
import { activityText, type Activity } from './activity'
import { color, space } from '../../theme/theme'

const Label = styled.span<{ $online: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  font-size: 0.875rem;
  color: ${(p) => (p.$online ? color.text : color.textMuted)};
  font-weight: ${(p) => (p.$online ? 600 : 400)};
`

const Dot = styled.span`
  display: inline-block;
  width: 0.625rem;
  height: 0.625rem;
  border-radius: 50%;
  background: ${color.success};
  border: 2px solid ${color.surface};
`

/** ActivityLabel shows "Online now" (with a dot) or how long ago a member was active; nothing when the server hides it. */
export function ActivityLabel({ activity, className }: { activity: Activity; className?: string }) {
  const { t } = useTranslation()
  const now = useNow(60_000)
  const text = activityText(activity, now)
  if (!text) return null
  const online = text.key === 'activity.online'
  return (
    <Label $online={online} className={className} data-testid="activity" data-online={online ? 'true' : 'false'}>
      {online && <Dot aria-hidden="true" />}
      {'count' in text ? t(text.key, { count: text.count }) : t(text.key)}
    </Label>
  )
}
