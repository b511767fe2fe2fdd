import type { Api } from './calls'
import type { AppStore, PushState } from '../state/store'

/** base64UrlToBytes decodes a VAPID public key. */
export function base64UrlToBytes(key: string): Uint8Array<ArrayBuffer> {
  const b64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/**
 * subscribePush asks for notification permission, subscribes with the
 * tenant's VAPID key and saves the subscription (POST /api/user.php?push=1).
 */
export async function subscribePush(api: Api, store: AppStore): Promise<void> {
  const sw = navigator.serviceWorker
  if (!sw || !('PushManager' in window) || typeof Notification === 'undefined') return
  const setPush = (p: Partial<PushState>) => store.set({ push: { ...store.get().push, ...p } })
  const permission = await Notification.requestPermission()
  if (permission === 'denied') {
    setPush({ subscription: 'denied', isSubscribed: false })
    await api.savePush('denied').catch(() => {})
    return
  }
  if (permission !== 'granted') return
  const reg = await sw.ready
  const sub = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(store.get().settings.push_public_key),
  })
  const json = sub.toJSON()
  await api.savePush(json)
  setPush({ subscription: json, isSubscribed: true })
}
