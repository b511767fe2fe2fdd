// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'

// public/sw.js is served as it is at /sw.js; it runs here against a fake
// service-worker global.
const source = readFileSync(join(__dirname, '../../public/sw.js'), 'utf8')
const ORIGIN = 'https://dates.example.test'

interface FakeClient {
  url: string
  focused: boolean
  focus: ReturnType<typeof vi.fn>
  navigate: ReturnType<typeof vi.fn>
  postMessage: ReturnType<typeof vi.fn>
}

function client(url: string, focused = false): FakeClient {
  const c: FakeClient = {
    url,
    focused,
    focus: vi.fn(() => Promise.resolve(c)),
    navigate: vi.fn((to: string) => Promise.resolve({ ...c, url: to })),
    postMessage: vi.fn(),
  }
  return c
}

type Handler = (event: Record<string, unknown>) => void

function worker(open: FakeClient[] = []) {
  const handlers = new Map<string, Handler>()
  const self = {
    location: { origin: ORIGIN },
    registration: { scope: `${ORIGIN}/`, showNotification: vi.fn(async () => {}) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(open)),
      openWindow: vi.fn(() => Promise.resolve(null)),
      claim: vi.fn(async () => {}),
    },
    skipWaiting: vi.fn(async () => {}),
    addEventListener: (type: string, fn: Handler) => handlers.set(type, fn),
  }
  runInNewContext(source, { self, URL })
  /** dispatch fires an event and waits for what it passed to waitUntil. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve()
    handlers.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => (pending = p) })
    await pending
  }
  return { self, dispatch, handlers }
}

const pushData = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } })
const clickOn = (url: string) => ({ notification: { data: { url }, close: vi.fn() } })

describe('service worker', () => {
  it('handles install, activate, push and notificationclick', () => {
    expect([...worker().handlers.keys()].sort()).toEqual(['activate', 'install', 'notificationclick', 'push'])
  })

  it('shows a pushed message as a notification and tells the open pages', async () => {
    const page = client(`${ORIGIN}/members`)
    const { self, dispatch } = worker([page])
    const payload = { title: 'Bea', body: 'Hi there', tag: 'chat-12', url: '/chats/12', type: 'message' }
    await dispatch('push', pushData(payload))
    expect(self.registration.showNotification).toHaveBeenCalledWith('Bea', {
      body: 'Hi there',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: 'chat-12',
      data: { url: '/chats/12', type: 'message' },
    })
    expect(page.postMessage).toHaveBeenCalledWith({ type: 'push', payload })
  })

  it('shows a text push as the body and opens the home page by default', async () => {
    const { self, dispatch } = worker()
    await dispatch('push', { data: { json: (): unknown => JSON.parse('x'), text: () => 'Plain text' } })
    const [, options] = self.registration.showNotification.mock.calls[0] as unknown as [string, { body: string; data: { url: string } }]
    expect(options.body).toBe('Plain text')
    expect(options.data.url).toBe('/')
  })

  it('focuses a page already on the URL of a clicked notification', async () => {
    const other = client(`${ORIGIN}/members`, true)
    const chat = client(`${ORIGIN}/chats/12`)
    const { self, dispatch } = worker([other, chat])
    const event = clickOn('/chats/12')
    await dispatch('notificationclick', event)
    expect(event.notification.close).toHaveBeenCalled()
    expect(chat.focus).toHaveBeenCalled()
    expect(other.focus).not.toHaveBeenCalled()
    expect(other.navigate).not.toHaveBeenCalled()
    expect(self.clients.openWindow).not.toHaveBeenCalled()
  })

  it('otherwise brings an open page of the site to the URL, the focused one first', async () => {
    const foreign = client('https://elsewhere.example.test/chats/12', true)
    const first = client(`${ORIGIN}/likes`)
    const focused = client(`${ORIGIN}/members`, true)
    const { self, dispatch } = worker([foreign, first, focused])
    await dispatch('notificationclick', clickOn('/chats/12'))
    expect(focused.focus).toHaveBeenCalled()
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/chats/12`)
    expect(first.navigate).not.toHaveBeenCalled()
    expect(foreign.focus).not.toHaveBeenCalled()
    expect(self.clients.openWindow).not.toHaveBeenCalled()
  })

  it('otherwise opens a window on the URL', async () => {
    const { self, dispatch } = worker([client('https://elsewhere.example.test/')])
    await dispatch('notificationclick', clickOn('/chats/12'))
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chats/12`)
  })
})
