// The operators' console in a real browser on admin.localhost (the demo's
// console host): the demo superadmin sees every brand, a demo moderator sets
// up the second factor and sees only their brand; members' pages never load
// the console's code.
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import { open, port, totp } from './lib.mjs'

const CONSOLE = 'admin.localhost'

/** get asks the engine on 127.0.0.1 for host's path (Node does not resolve *.localhost the way Chromium does). */
function get(host, path) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Host: `${host}:${port}` } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
      .on('error', reject)
  })
}

async function logIn(page, email, password) {
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('the demo superadmin logs in and sees the three brands', async () => {
  const c = await open(CONSOLE)
  try {
    await c.goto('/')
    assert.equal(new URL(c.page.url()).pathname, '/admin/')
    await logIn(c.page, 'admin@rendezvous.example', 'demo-password')
    const list = c.page.getByRole('list', { name: 'Today' })
    await list.getByRole('heading', { name: 'LustLokaal' }).waitFor()
    await list.getByRole('heading', { name: 'Herzklopfen' }).waitFor()
    await list.getByRole('heading', { name: 'Spark' }).waitFor()
    assert.equal(await list.getByRole('listitem').count(), 3)
    assert.match(await c.page.getByTestId('signed-in').textContent(), /admin@rendezvous\.example/)
    // The session survives a reload; logging out ends it.
    await c.page.reload()
    await c.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
    await c.page.getByRole('button', { name: 'Log out' }).click()
    await c.page.getByRole('heading', { name: 'Log in to the console' }).waitFor()
    await c.page.reload()
    await c.page.getByRole('heading', { name: 'Log in to the console' }).waitFor()
  } finally {
    await c.close()
  }
})

test('a wrong password is refused in words', async () => {
  const c = await open(CONSOLE)
  try {
    await c.goto('/admin/')
    await logIn(c.page, 'admin@rendezvous.example', 'not-the-password')
    assert.equal(await c.page.getByRole('alert').textContent(), 'Login failed, please try again')
  } finally {
    await c.close()
  }
})

test('a moderator sets up the second factor, then sees only their brand, at 390 px', async () => {
  const c = await open(CONSOLE, { width: 390 })
  try {
    await c.goto('/admin/')
    await logIn(c.page, 'moderator@herzklopfen.example', 'demo-password')
    await c.page.getByRole('heading', { name: 'Set up your second factor' }).waitFor()
    await c.page.getByRole('button', { name: 'Show the key' }).click()
    const secret = (await c.page.getByTestId('totp-secret').textContent()).trim()
    assert.match(secret, /^[A-Z2-7]{16,}$/)
    await c.page.getByLabel('Code', { exact: true }).fill(totp(secret))
    await c.page.getByRole('button', { name: 'Turn on' }).click()
    const list = c.page.getByRole('list', { name: 'Today' })
    await list.getByRole('heading', { name: 'Herzklopfen' }).waitFor()
    assert.equal(await list.getByRole('listitem').count(), 1)
    const overflow = await c.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the console is ${overflow} px wider than the screen`)

    // From now on the login asks for the code.
    await c.page.getByRole('button', { name: 'Menu' }).click()
    await c.page.getByRole('button', { name: 'Log out' }).click()
    await logIn(c.page, 'moderator@herzklopfen.example', 'demo-password')
    const code = c.page.getByLabel('Code from your authenticator app')
    await code.waitFor()
    // The code used to set up counts once: wait for the next one.
    const step = Math.floor(Date.now() / 30_000)
    await c.page.waitForFunction((s) => Math.floor(Date.now() / 30_000) > s, step, { timeout: 35_000 })
    await code.fill(totp(secret))
    await c.page.getByRole('button', { name: 'Log in' }).click()
    await c.page.getByRole('list', { name: 'Today' }).getByRole('heading', { name: 'Herzklopfen' }).waitFor()
  } finally {
    await c.close()
  }
})

test('a brand host has no console, and the console host no member site', async () => {
  for (const path of ['/admin', '/admin/', '/admin/api/me']) {
    assert.equal((await get('localhost', path)).status, 404, `localhost${path}`)
  }
  assert.equal((await get(CONSOLE, '/api/settings.php')).status, 404)
})

/** graph is every script a page loads, following static and dynamic imports. */
async function graph(host, page) {
  const html = (await get(host, page)).body
  // The page's scripts: src and href attributes, or the member app's list for its code loader.
  const todo = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])
  const seen = new Map()
  while (todo.length) {
    const path = todo.pop()
    if (seen.has(path)) continue
    const { status, body: code } = await get(host, path)
    assert.equal(status, 200, path)
    seen.set(path, code)
    // Vite's chunks: "./name-<8 hash characters>.js" in imports, "assets/..." in preload lists.
    for (const m of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+-[\w-]{8}\.js)["'`]/g)) todo.push('/assets/' + m[1])
  }
  return seen
}

test('members never download the console', async () => {
  const member = await graph('localhost', '/')
  const console = await graph(CONSOLE, '/admin/')
  const consoleOnly = [...console.keys()].filter((p) => !member.has(p))
  assert.ok(consoleOnly.some((p) => /\/admin-[\w-]+\.js$/.test(p)), `the console's entry: ${consoleOnly}`)
  assert.ok(member.size > 5, `walked only ${member.size} member scripts`)
  for (const [path, code] of member) {
    assert.ok(!code.includes('Set up your second factor') && !code.includes('/admin/api'), `${path} holds console code`)
  }
  // The dashboards' chart library (uPlot) is the console's alone.
  assert.ok(consoleOnly.some((p) => /\/uPlot[\w.-]*\.js$/.test(p)), `no uPlot chunk in the console: ${consoleOnly}`)
  assert.ok(![...member.keys()].some((p) => /uPlot/i.test(p)), 'members download uPlot')
})
