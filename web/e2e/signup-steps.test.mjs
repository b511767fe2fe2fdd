// The signup's photo and location steps on a phone: the photo picker in the
// brand's language (no raw browser file input), and on a brand that serves
// several countries (Herzklopfen: DE, AT, CH) the country list in the page's
// language, preselected from the visitor's country, the regions and their
// label reloaded on a change, and the engine refusing a country the brand
// does not serve.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertNoSidewaysScroll, open, png } from './lib.mjs'

const HOST = 'de.localhost'

/**
 * call answers an API call made by the page itself: Node cannot resolve
 * *.localhost, the browser maps it to the engine.
 */
async function call(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) })
      return { status: res.status, body: await res.json() }
    },
    [method, path, body],
  )
}

/** signUpOn makes a member on the page's brand by the API (no photo, no place yet), logged in in the page; from a traffic source, which Spark's signups need. */
async function signUpOn(s, name) {
  await s.goto('/')
  const email = `e2e-loc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const res = await call(s.page, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1990-01-01', password: 'secret-password-1', gender: 'male', seeking: 'female', tracking: { network: 'e2e' } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
}

test('the location step offers the brand’s countries and the regions of the chosen one', async () => {
  const s = await open(HOST, { country: 'CH', locale: 'de', width: 390, height: 844 })
  const { page } = s
  try {
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
    await signUpOn(s, 'Ueli')
    await s.goto('/complete-signup')
    const flow = page.getByTestId('signup-flow')
    await flow.getByTestId('signup-step-photo').waitFor()
    await flow.getByRole('button', { name: 'Überspringen' }).click()

    const location = flow.getByTestId('signup-step-location')
    await location.waitFor()
    // Without the permission the browser gives no position: the lists.
    await location.getByRole('button', { name: 'Meinen Standort verwenden' }).click()
    const fallback = location.getByTestId('geo-fallback')
    await fallback.waitFor()

    const country = fallback.getByLabel('Land', { exact: true })
    assert.equal(await country.inputValue(), 'CH', 'the visitor’s country is preselected')
    const names = await country.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]))
    assert.deepEqual(names, [['DE', 'Deutschland'], ['AT', 'Österreich'], ['CH', 'Schweiz']])

    // Swiss regions are cantons; Austrian ones federal states, asked again on the change.
    const canton = fallback.getByRole('combobox', { name: 'Kanton' })
    await canton.locator('option[value="CH-ZH"]').waitFor({ state: 'attached' })
    const asked = page.waitForResponse((r) => r.url().includes('/api/regions.php?country=AT'))
    await country.selectOption('AT')
    assert.equal((await asked).status(), 200)
    const state = fallback.getByRole('combobox', { name: 'Bundesland' })
    await state.locator('option[value="AT-9"]').waitFor({ state: 'attached' })
    assert.equal(await fallback.getByRole('combobox', { name: 'Kanton' }).count(), 0)
    await state.selectOption('AT-9')
    await fallback.getByLabel('Ort (optional)').fill('Wien')
    await fallback.getByRole('button', { name: 'Weiter' }).click()
    await flow.getByTestId('signup-step-personal').waitFor()

    const own = (await call(page, 'GET', '/api/profile.php')).body.profile
    assert.deepEqual([own.country, own.region, own.city], ['AT', 'AT-9', 'Wien'])

    // The engine refuses a country Herzklopfen does not serve and keeps the profile.
    const refused = await call(page, 'PUT', '/api/profile.php', { country: 'NL', region: 'NL-NH' })
    assert.equal(refused.status, 422)
    assert.equal(refused.body.error, 'country_invalid')
    const after = (await call(page, 'GET', '/api/profile.php')).body.profile
    assert.deepEqual([after.country, after.region], ['AT', 'AT-9'])
  } finally {
    await s.close()
  }
})

test('a brand that serves one country shows no country choice', async () => {
  const s = await open('us.localhost', { country: 'US', locale: 'en', width: 390, height: 844 })
  const { page } = s
  try {
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
    await signUpOn(s, 'Joe')
    await s.goto('/complete-signup')
    const flow = page.getByTestId('signup-flow')
    await flow.getByTestId('signup-step-photo').waitFor()
    await flow.getByRole('button', { name: 'Skip' }).click()
    const location = flow.getByTestId('signup-step-location')
    await location.getByRole('button', { name: 'Use my location' }).click()
    const fallback = location.getByTestId('geo-fallback')
    const state = fallback.getByRole('combobox', { name: 'State' })
    await state.locator('option[value="US-TX"]').waitFor({ state: 'attached' })
    // One list to choose from (the state); the city field beside it is typed into.
    assert.equal(await fallback.locator('select').count(), 1)
    assert.equal(await fallback.getByRole('combobox', { name: 'Country' }).count(), 0)
  } finally {
    await s.close()
  }
})

test('the photo step picks a photo with a button in the page’s language and the keyboard, shows it and removes it', async () => {
  const s = await open(HOST, { country: 'DE', locale: 'de', width: 390, height: 844 })
  const { page } = s
  try {
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
    await signUpOn(s, 'Fotofan')
    await s.goto('/complete-signup')
    const step = page.getByTestId('signup-step-photo')
    await step.waitFor()
    // The browser's own input is in the DOM but not shown ("Datei auswählen / Keine Datei ausgewählt" of the browser).
    assert.equal(await step.getByRole('button', { name: /Datei/ }).count(), 0)
    const raw = await step.locator('input[type=file]').boundingBox()
    assert.ok(raw && raw.width <= 1 && raw.height <= 1, `the file input is visually hidden: ${JSON.stringify(raw)}`)

    // From the step's title the Tab key reaches the button, which shows its focus; Enter opens the file dialog.
    // The wait for the dialog starts first: Playwright turns on its file-chooser
    // interception without waiting for the browser's reply, and an Enter sent
    // right after could open the dialog before it is intercepted (seen in CI).
    const chooser = page.waitForEvent('filechooser')
    await page.getByTestId('signup-step-title').focus()
    await page.keyboard.press('Tab')
    const choose = step.getByRole('button', { name: 'Foto auswählen' })
    assert.equal(await choose.evaluate((el) => el === document.activeElement), true, 'Tab reaches the photo button')
    assert.notEqual(await choose.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'the focus is visible')
    await page.keyboard.press('Enter')
    await (await chooser).setFiles({ name: 'ich.png', mimeType: 'image/png', buffer: png(400, 400) })

    const preview = step.getByRole('img', { name: 'Dein Foto' })
    await preview.waitFor()
    await step.getByRole('button', { name: 'Anderes Foto auswählen' }).waitFor()
    await assertNoSidewaysScroll(page, 'the photo step on a phone')
    let photos = (await call(page, 'GET', '/api/photos.php')).body.photos
    assert.equal(photos.length, 1)

    await step.getByRole('button', { name: 'Foto entfernen' }).click()
    await preview.waitFor({ state: 'detached' })
    await choose.waitFor()
    photos = (await call(page, 'GET', '/api/photos.php')).body.photos
    assert.equal(photos.length, 0, 'the removed photo is gone')
    await step.getByRole('button', { name: 'Überspringen' }).waitFor()
  } finally {
    await s.close()
  }
})
