import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, site } from './lib.mjs'

test('visitors from NL and DE see the adult-content entry warning, others do not', async () => {
  const cases = [
    ['localhost', 'NL', '/landers/gallery', 'NL'],
    ['de.localhost', 'DE', '/chats', 'DE'],
    ['de.localhost', 'NL', '/signup', 'NL'],
    ['us.localhost', 'DE', '/pricing', 'DE'],
    ['us.localhost', 'US', '/pricing', null],
    ['localhost', 'BE', '/pricing', null],
  ]
  // One browser context; each case sets the visitor's country cookie again.
  const s = await open('localhost')
  try {
    for (const [host, country, path, want] of cases) {
      await s.context.addCookies([{ name: 'rdv_country', value: country, url: site(host) }])
      await s.page.goto(site(host) + path, { waitUntil: 'domcontentloaded' })
      await s.page.locator('main h1').first().waitFor()
      const warning = s.page.getByTestId('entry-warning')
      if (want === null) {
        assert.equal(await warning.count(), 0, `${host}${path} from ${country}`)
      } else {
        assert.equal(await warning.getAttribute('data-country'), want, `${host}${path} from ${country}`)
      }
    }
  } finally {
    await s.close()
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
  const s = await open('localhost')
  try {
    for (const [host, country, shown] of [
      ['localhost', 'US', false],
      ['us.localhost', 'US', false],
      ['de.localhost', 'NL', false],
      ['de.localhost', 'AT', true],
    ]) {
      await s.context.addCookies([{ name: 'rdv_country', value: country, url: site(host) }])
      await s.page.goto(site(host) + '/', { waitUntil: 'domcontentloaded' })
      await s.page.getByTestId('home-hero').waitFor()
      if (shown) await s.page.getByRole('dialog').waitFor()
      else assert.equal(await s.page.getByRole('dialog').count(), 0, `${host} from ${country}`)
    }
  } finally {
    await s.close()
  }
})
