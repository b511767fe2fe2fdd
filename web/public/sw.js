/* Rendezvous service worker: web push and the installed-app mode.
 * It caches nothing: the engine's HTTP caching serves the assets. */
self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

function payloadOf(event) {
  if (!event.data) return {}
  try {
    return event.data.json()
  } catch (_) {
    return { body: event.data.text() }
  }
}

// push: show the notification and tell open pages, which reload chats and likes.
self.addEventListener('push', (event) => {
  const data = payloadOf(event)
  const title = data.title || self.registration.scope
  const options = {
    body: data.body || '',
    icon: data.icon || '/favicon.svg',
    badge: data.badge || '/favicon.svg',
    tag: data.tag || undefined,
    data: { url: data.url || '/', type: data.type || '' },
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
        for (const client of list) client.postMessage({ type: 'push', payload: data })
      }),
    ]),
  )
})

// notificationclick: focus an open page of the site on the URL, or open one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const ours = list.filter((c) => new URL(c.url).origin === self.location.origin && 'focus' in c)
      // a page already on that URL (the chat) comes to the front as it is
      const exact = ours.find((c) => c.url === url)
      if (exact) return exact.focus()
      const other = ours.find((c) => c.focused) || ours[0]
      if (other) return other.focus().then((c) => (c && 'navigate' in c ? c.navigate(url) : c))
      return self.clients.openWindow ? self.clients.openWindow(url) : undefined
    }),
  )
})
