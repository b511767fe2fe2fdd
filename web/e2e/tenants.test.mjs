import assert from 'node:assert/strict'
import { test } from 'node:test'
import { open, style } from './lib.mjs'

test('two demo tenants differ in name, theme and language', async () => {
  const nl = await open('localhost')
  const de = await open('de.localhost')
  try {
    await nl.goto('/')
    await de.goto('/')
    await nl.page.getByTestId('site-name').waitFor()
    await de.page.getByTestId('site-name').waitFor()

    assert.equal(await nl.page.getByTestId('site-name').textContent(), 'LustLokaal')
    assert.equal(await de.page.getByTestId('site-name').textContent(), 'Herzklopfen')

    const nlHeader = await style(nl.page, '[data-testid="site-header"]', 'background-color')
    const deHeader = await style(de.page, '[data-testid="site-header"]', 'background-color')
    assert.equal(nlHeader, 'rgb(194, 65, 12)') // amber primary
    assert.equal(deHeader, 'rgb(157, 135, 255)') // midnight primary
    assert.notEqual(await style(nl.page, 'body', 'background-color'), await style(de.page, 'body', 'background-color'))

    assert.equal(await nl.page.locator('html').getAttribute('lang'), 'nl')
    assert.equal(await de.page.locator('html').getAttribute('lang'), 'de')
    await nl.page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Leden zoeken').waitFor()
    await de.page.getByRole('navigation', { name: 'Hauptnavigation' }).getByText('Mitglieder suchen').waitFor()
    assert.match(await nl.page.title(), /LustLokaal/)
    assert.match(await de.page.title(), /Herzklopfen/)
  } finally {
    await nl.close()
    await de.close()
  }
})

test('the English-only US tenant has no language menu and shows the US footer', async () => {
  const us = await open('us.localhost')
  try {
    await us.goto('/')
    await us.page.getByTestId('site-name').waitFor()
    assert.equal(await us.page.getByTestId('site-name').textContent(), 'Spark')
    assert.equal(await us.page.locator('html').getAttribute('lang'), 'en')
    // rose's primary: the brand's name on its plain light header (the minimal variant).
    assert.equal(await style(us.page, '[data-testid="site-name"]', 'color'), 'rgb(194, 37, 92)')
    assert.equal(await us.page.getByTestId('language-menu').count(), 0)
    await us.page.getByTestId('us-footer').waitFor()
  } finally {
    await us.close()
  }
})

test('the service worker registers and controls the site', async () => {
  const s = await open('us.localhost')
  try {
    await s.goto('/')
    const scope = await s.page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    assert.match(scope, /^http:\/\/us\.localhost:\d+\/$/)
  } finally {
    await s.close()
  }
})
