import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

test('visitors from NL and DE see the adult-content entry warning, others do not', async () => {
  const cases = [
    ['localhost', 'NL', '/landers/gallery', 'NL'],
    ['de.localhost', 'DE', '/chats', 'DE'],
    ['de.localhost', 'NL', '/signup', 'NL'],
    ['us.localhost', 'DE', '/pricing', 'DE'],
  ]
  for (const [host, country, path, want] of cases) {
    const s = await open(host, { country })
    try {
      await s.goto(path)
      const warning = s.page.getByTestId('entry-warning')
      await warning.waitFor()
      assert.equal(await warning.getAttribute('data-country'), want, `${host}${path} from ${country}`)
    } finally {
      await s.close()
    }
  }
  for (const [host, country] of [
    ['us.localhost', 'US'],
    ['localhost', 'BE'],
  ]) {
    const s = await open(host, { country })
    try {
      await s.goto('/pricing')
      await s.page.locator('main h1').waitFor()
      assert.equal(await s.page.getByTestId('entry-warning').count(), 0, `${host} from ${country}`)
    } finally {
      await s.close()
    }
  }
})

test('the site-entry modal shows to a visitor from a site country, closes and stays closed', async () => {
  const s = await open('localhost', { country: 'NL', locale: 'en' })
  try {
    await s.goto('/')
    const dialog = s.page.getByRole('dialog')
    await dialog.waitFor()
    assert.equal(await dialog.getAttribute('aria-modal'), 'true')
    assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus is in the dialog')
    await s.page.keyboard.press('Escape')
    assert.equal(await dialog.isVisible(), true, 'Escape does not skip the warning')
    await dialog.getByTestId('site-entry-enter').click()
    await dialog.waitFor({ state: 'detached' })
    await s.page.reload()
    await s.page.getByTestId('home-hero').waitFor()
    assert.equal(await s.page.getByRole('dialog').count(), 0)
  } finally {
    await s.close()
  }
})

test('the site-entry modal stays away for other countries and when the site turns it off', async () => {
  for (const [host, country] of [
    ['localhost', 'US'],
    ['us.localhost', 'US'],
    ['de.localhost', 'NL'],
  ]) {
    const s = await open(host, { country })
    try {
      await s.goto('/')
      await s.page.getByTestId('home-hero').waitFor()
      assert.equal(await s.page.getByRole('dialog').count(), 0, `${host} from ${country}`)
    } finally {
      await s.close()
    }
  }
  const de = await open('de.localhost', { country: 'AT' })
  try {
    await de.goto('/')
    await de.page.getByRole('dialog').waitFor()
  } finally {
    await de.close()
  }
})
