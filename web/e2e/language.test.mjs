import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open } from './lib.mjs'

test('the language menu switches the site to English and the choice is kept', async () => {
  const s = await open('localhost')
  try {
    await s.goto('/pricing')
    const nav = s.page.getByRole('navigation', { name: 'Hoofdmenu' })
    await nav.getByText('Leden zoeken').waitFor()
    const menu = s.page.getByTestId('language-menu')
    await menu.getByRole('button').click()
    await menu.getByRole('menuitem', { name: 'English' }).click()
    await s.page.getByRole('navigation', { name: 'Main navigation' }).getByText('Search members').waitFor()
    assert.equal(await s.page.locator('html').getAttribute('lang'), 'en')
    await s.page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
    const cookie = (await s.context.cookies()).find((c) => c.name === 'locale')
    assert.equal(cookie?.value, 'en')
    assert.ok(cookie.expires * 1000 - Date.now() > 364 * 24 * 3600 * 1000, 'the locale cookie lives 365 days')

    await s.page.reload()
    await s.page.getByRole('navigation', { name: 'Main navigation' }).getByText('Search members').waitFor()
    assert.equal(await s.page.locator('html').getAttribute('lang'), 'en')
  } finally {
    await s.close()
  }
})

test('the language menu works with the keyboard', async () => {
  const s = await open('de.localhost')
  try {
    await s.goto('/pricing')
    const trigger = s.page.getByTestId('language-menu').getByRole('button')
    await trigger.focus()
    await s.page.keyboard.press('ArrowDown')
    await s.page.getByRole('menu').waitFor()
    await s.page.keyboard.press('End')
    await s.page.keyboard.press('Enter')
    await s.page.getByRole('navigation', { name: 'Main navigation' }).waitFor()
    assert.equal(await s.page.locator('html').getAttribute('lang'), 'en')
  } finally {
    await s.close()
  }
})
