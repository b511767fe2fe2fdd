// The member landings of affiliates: /members/{id}/landing, /landing2/{slug?}
// and /landing3/{slug?} show that member (name, age, city, photo) in three
// designs, on a phone and a desktop, without sideways scrolling, and their
// button opens the signup with the member as the first contact. A member in
// invisible mode is not shown; where visitors may see members only with a
// traffic source (Herzklopfen), the source shows them.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PHONE, aHouseProfile, assertNoSidewaysScroll, call, open, png, site } from './lib.mjs'

const DESKTOP = { width: 1280, height: 900 }
const LANDINGS = [
  ['/landing', 'landing-spotlight', 'Write to'],
  ['/landing2/a', 'landing-chat', 'Reply to'],
  ['/landing3/b', 'landing-match', 'Start chatting'],
]

/** visitor opens a fresh logged-out browser on host that has dismissed the site-entry popup. */
async function visitor(host, viewport, country = 'NL') {
  const s = await open(host, { country, locale: host === 'de.localhost' ? 'de' : 'en', ...viewport })
  await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
  // Several sessions share the test machine's two cores: pages may take longer than lib's 10 s.
  s.context.setDefaultTimeout(30_000)
  return s
}

/** shows asserts the landing shows member p: the name in the heading, age and city, a loaded photo. */
async function shows(page, testId, p, what) {
  const design = page.getByTestId(testId)
  await design.waitFor()
  const title = await design.getByRole('heading', { level: 1 }).textContent()
  assert.ok(title.includes(p.name), `${what}: the heading "${title}" names ${p.name}`)
  const facts = await design.getByTestId('landing-facts').textContent()
  assert.ok(facts.includes(String(p.age)) && facts.includes(p.city), `${what}: "${facts}" has the age ${p.age} and the city ${p.city}`)
  const photo = design.getByRole('img', { name: `Photo of ${p.name}` }).first()
  await photo.waitFor()
  await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle())
  await assertNoSidewaysScroll(page, what)
  return design
}

test('each landing shows the member on a phone and a desktop, and leads to the signup that writes to them', async () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    for (const [path, testId, cta] of LANDINGS) {
      const s = await visitor('localhost', viewport)
      const { page } = s
      try {
        await s.goto('/pages/faq')
        const card = await aHouseProfile(s)
        const p = (await call(s, 'GET', `/api/member-landing.php?id=${card.id}`)).body.profile
        assert.ok(p.age && p.city, `the demo member ${p.id} has an age and a city`)
        const what = `${label} ${path}`
        await s.goto(`/members/${p.id}${path}?network=e2e-net&ref=aff1`)
        await page.locator('[data-layout="lander"]').waitFor()
        assert.equal(await page.locator('[data-layout="lander"]').count(), 1, `${what}: the lander layout`)
        const design = await shows(page, testId, p, what)
        const button = design.getByRole('link', { name: new RegExp(`^${cta}`) })
        await button.click()
        await page.waitForURL((u) => u.pathname === `/members/${p.id}/signup` && u.searchParams.get('network') === 'e2e-net')
        // The signup's first step is the message to this member: a page on a phone, the modal on a desktop.
        const root = label === 'phone' ? page : page.getByTestId('signup-modal')
        if (label === 'desktop') await root.waitFor()
        const step = root.getByTestId('signup-step-message')
        await step.getByLabel(`Your message to ${p.name}`).waitFor()
        await assertNoSidewaysScroll(page, `${what}: the signup`)
      } finally {
        await s.close()
      }
    }
  }
})

/**
 * approvedPhoto uploads a photo for the member logged in on s and has the
 * demo's superadmin approve it in the console: a landing shows only members
 * with a photo operators reviewed.
 */
async function approvedPhoto(s) {
  const up = await s.page.request.post(site('localhost') + '/api/photos.php', {
    headers: { 'X-Request-Type': 'client' },
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: png(320, 320, 7) } },
  })
  assert.equal(up.status(), 201, await up.text())
  const photo = (await up.json()).photo.id
  const admin = await open('admin.localhost')
  try {
    await admin.goto('/admin/')
    const login = await call(admin, 'POST', '/admin/api/login', { email: 'admin@rendezvous.example', password: 'demo-password' })
    assert.equal(login.status, 200, JSON.stringify(login.body))
    const approved = await call(admin, 'POST', `/admin/api/tenants/lustlokaal/moderation/photos/${photo}/approve`)
    assert.equal(approved.status, 200, JSON.stringify(approved.body))
  } finally {
    await admin.close()
  }
}

test('a member in invisible mode is not shown on a landing', async () => {
  const s = await visitor('localhost', PHONE)
  const seen = await visitor('localhost', PHONE)
  try {
    await s.goto('/pages/faq')
    const email = `landing-${Date.now()}-${process.pid}@example.test`
    const name = `Shy${Date.now() % 100000}`
    const res = await call(s, 'POST', '/api/signup.php', { orientation_consent: true, email, name, date_of_birth: '1992-03-04', password: 'landing-password', gender: 'female', seeking: 'male' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const id = res.body.user.id
    // The activation mail's link makes the profile visible.
    let link
    for (const end = Date.now() + 10_000; !link && Date.now() < end; ) {
      const mails = (await call(s, 'GET', '/dev/mailbox.json')).body
      link = mails.find((m) => m.to.includes(email))?.links.find((l) => /activate/.test(l))
      if (!link) await new Promise((r) => setTimeout(r, 100))
    }
    assert.ok(link, 'an activation link')
    await s.page.goto(link)
    await s.page.waitForURL(/\/activate\/done/)
    await approvedPhoto(s)

    await seen.goto(`/members/${id}/landing2`)
    const chat = seen.page.getByTestId('landing-chat')
    await chat.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor()

    const hide = await call(s, 'PUT', '/api/profile.php', { invisible: true })
    assert.equal(hide.status, 200, JSON.stringify(hide.body))
    for (const path of ['/landing', '/landing2', '/landing3/a']) {
      await seen.goto(`/members/${id}${path}`)
      const gone = seen.page.getByTestId('landing-notFound')
      await gone.waitFor()
      assert.equal(await seen.page.getByText(name).count(), 0, `${path}: the invisible member is not named`)
      assert.equal(await gone.getByRole('link', { name: 'Sign up free' }).getAttribute('href'), '/signup')
      await assertNoSidewaysScroll(seen.page, `${path}: not found`)
    }
  } finally {
    await seen.close()
    await s.close()
  }
})

test('Herzklopfen shows the landing’s member only to visitors with a traffic source', async () => {
  const s = await visitor('de.localhost', PHONE, 'DE')
  try {
    // Herzklopfen keeps the traffic source in a cookie only with the visitor's consent: this one agreed.
    await s.context.addCookies([{ name: 'rdv_consent', value: 'all', url: site('de.localhost') }])
    await s.goto('/pages/faq?network=e2e-net')
    // From the page: Node does not resolve *.localhost.
    const card = (await call(s, 'GET', '/api/members.php?per_page=10')).body.profiles.find((x) => x.main_image)
    assert.ok(card, 'Herzklopfen has members with a photo')
    const p = (await call(s, 'GET', `/api/member-landing.php?id=${card.id}`)).body.profile

    const plain = await visitor('de.localhost', PHONE, 'DE')
    try {
      await plain.goto(`/members/${p.id}/landing`)
      const locked = plain.page.getByTestId('landing-locked')
      await locked.waitFor()
      assert.equal(await plain.page.getByText(p.name).count(), 0, 'no name without a traffic source')
      assert.equal(await locked.getByRole('link').getAttribute('href'), `/members/${p.id}/signup`)
    } finally {
      await plain.close()
    }

    const fresh = await visitor('de.localhost', PHONE, 'DE')
    try {
      await fresh.goto(`/members/${p.id}/landing3?network=e2e-net&ref=aff2`)
      const design = fresh.page.getByTestId('landing-match')
      await design.getByRole('heading', { level: 1, name: `${p.name} könnte dein Match sein` }).waitFor()
      await fresh.page.getByRole('img', { name: `Foto von ${p.name}` }).first().waitFor()
      await assertNoSidewaysScroll(fresh.page, 'herzklopfen landing3')
    } finally {
      await fresh.close()
    }
  } finally {
    await s.close()
  }
})
