import { useCallback } from 'react'
import { useLoad } from '../../../api/useLoad'
import { useServices } from '../../../state/context'
import { accountApi, type NotificationSettings } from '../api'

/** The notification types a member can switch off, in the order the page shows them. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const

export interface NotificationsHook {
  settings: NotificationSettings | null
  failed: boolean
  save: (disabled: string[], enableEmail?: boolean) => Promise<NotificationSettings>
}

/** useNotificationSettings loads GET /api/notifications.php and saves with PUT. */
export function useNotificationSettings(): NotificationsHook {
  const { api } = useServices()
  const { state, update } = useLoad('notifications', (signal) => accountApi(api).notifications(signal))
  const save = useCallback(
    async (disabled: string[], enableEmail = false) => {
      const s = await accountApi(api).setNotifications(disabled, enableEmail)
      update(() => s)
      return s
    },
    [api, update],
  )
  return { settings: state.status === 'done' ? state.data : null, failed: state.status === 'failed', save }
}

/** toggleType switches one type in the list of disabled types. */
export function toggleType(disabled: readonly string[], type: string, enabled: boolean): string[] {
  const rest = disabled.filter((d) => d !== type)
  return enabled ? rest : [...rest, type]
}
