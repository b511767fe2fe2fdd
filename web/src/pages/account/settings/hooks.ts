import { useCallback, useEffect, useState } from 'react'
import { useServices } from '../../../state/context'
import { accountApi, type NotificationSettings } from '../api'

/** The notification types of SPEC.md section 3, in the order the page shows them. */
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
  const [settings, setSettings] = useState<NotificationSettings | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    accountApi(api)
      .notifications()
      .then((s) => live && setSettings(s))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [api])
  const save = useCallback(
    async (disabled: string[], enableEmail = false) => {
      const s = await accountApi(api).setNotifications(disabled, enableEmail)
      setSettings(s)
      return s
    },
    [api],
  )
  return { settings, failed, save }
}

/** toggleType switches one type in the list of disabled types. */
export function toggleType(disabled: readonly string[], type: string, enabled: boolean): string[] {
  const rest = disabled.filter((d) => d !== type)
  return enabled ? rest : [...rest, type]
}
