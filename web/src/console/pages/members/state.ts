// A member's state in words: banned, suspended until a time, or the
// account's status (active, e-mail not confirmed, deletion pending).
import type { useTranslation } from 'react-i18next'
import type { ModerationMember } from '../../api'

const statuses = ['active', 'not_confirmed', 'deletion_pending', 'deleted'] as const

/** stateText words the member's state for a table cell or a fact. */
export function stateText(t: ReturnType<typeof useTranslation>['t'], m: Pick<ModerationMember, 'status' | 'banned_at' | 'suspended_until'>): string {
  if (m.banned_at) return t('members.state.banned')
  if (m.suspended_until) return t('members.state.suspended', { until: m.suspended_until.slice(0, 16).replace('T', ' ') })
  const known = statuses.find((s) => s === m.status)
  return known ? t(`members.state.${known}`) : m.status
}
