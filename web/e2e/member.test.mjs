import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

// The demo logins of `serve --demo` (engine/demo): a free and a premium member per tenant.
const PASSWORD = 'demo-password'

async function login(s, email) {
  await s.goto('/login')
  const form = s.page.getByTestId('login-form')
  await form.getByLabel('E-mail address').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Log in' }).click()
  await s.page.waitForURL(/\/members$/)
}

test('a free member gets Get Premium and logs out through the account menu', async () => {
  const s = await open('us.localhost')
  try {
    await login(s, 'demo@sparkusa.example')
    const nav = s.page.getByRole('navigation', { name: 'Main navigation' })
    await nav.getByRole('link', { name: 'Get Premium' }).waitFor()
    assert.equal(await nav.getByTestId('nav-credits').count(), 0)
    await nav.getByRole('link', { name: /^Messages/ }).waitFor()
    await nav.getByRole('link', { name: /^Likes/ }).waitFor()

    // The session survives a reload: the engine puts the member in the boot state.
    await s.page.reload()
    await nav.getByRole('link', { name: 'Get Premium' }).waitFor()

    const menu = s.page.getByTestId('account-menu')
    await menu.getByRole('button').click()
    const items = menu.getByRole('menuitem')
    assert.deepEqual(await items.allTextContents(), ['My profile', 'Settings', 'Logout'])
    await menu.getByRole('menuitem', { name: 'Logout' }).click()
    await s.page.getByTestId('home-hero').waitFor()
    await s.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }).waitFor()
    await s.page.reload()
    await s.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }).waitFor()
  } finally {
    await s.close()
  }
})

test('a premium member gets the Credits item, without a badge above 10 credits', async () => {
  const s = await open('us.localhost')
  try {
    await login(s, 'premium@sparkusa.example')
    const credits = s.page.getByTestId('nav-credits')
    await credits.waitFor()
    assert.equal(await s.page.getByTestId('nav-premium').count(), 0)
    assert.equal(await s.page.getByTestId('nav-credits-badge').count(), 0)
    await credits.click()
    await s.page.getByTestId('credits-page').waitFor()
  } finally {
    await s.close()
  }
})
