// Members hear from the site in their own language, in a real browser: the
// demo superadmin makes a brand for Poland and Denmark (locales pl and da)
// through the console's API; a visitor from Poland gets the site in Polish
// and one from Denmark in Danish (the country-to-language map), each
// signs up through the site's own form in that language, gets the activation
// mail in it from the development mailbox and opens its link; the Dane likes
// the Pole and the Pole likes back, and each, away from the site, gets the
// like (or match) mail and the web push in their own language: the pushes
// from the development push sink (/dev/push.json), since a test browser has no
// push service. The subscriptions are registered through the API with an
// https endpoint of no real push service.
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { test } from 'node:test'
import { call, open, site } from './lib.mjs'

const CONSOLE = 'admin.localhost'
const SITE = 'Bursztyn'

/** waitFor polls find (an async function answering a value or null) for 10 s at most. */
async function waitFor(what, find) {
  for (const end = Date.now() + 10_000; Date.now() < end; ) {
    const found = await find()
    if (found) return found
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.fail(`no ${what} within 10 s`)
}

/** mail waits for the newest mail to an address from the given template in the brand's development mailbox. */
const mail = (s, to, template) =>
  waitFor(`${template} mail to ${to}`, async () => {
    const mails = (await call(s, 'GET', '/dev/mailbox.json')).body
    return mails.find((m) => m.to === to && m.template === template) ?? null
  })

/** pushed waits for the newest push to an address of the given type in the brand's development push sink. */
const pushed = (s, to, type) =>
  waitFor(`${type} push to ${to}`, async () => {
    const pushes = (await call(s, 'GET', '/dev/push.json')).body
    return pushes.find((p) => p.to === to && p.type === type) ?? null
  })

/**
 * localNoonZone is a fixed-offset zone where it is about noon now, so the
 * notification mails are never held back by the brand's quiet hours
 * (22:00 to 08:00) whenever the test runs. Etc/GMT-2 is UTC+2.
 */
function localNoonZone() {
  const offset = ((12 - new Date().getUTCHours() + 36) % 24) - 12
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
}

/** makeBrand has the demo superadmin create a brand for PL and DK, in pl and da, from LustLokaal's file; it answers the brand's host. */
async function makeBrand() {
  const admin = await open(CONSOLE)
  try {
    await admin.goto('/admin/')
    await admin.page.getByLabel('E-mail address').fill('admin@rendezvous.example')
    await admin.page.getByLabel('Password').fill('demo-password')
    await admin.page.getByRole('button', { name: 'Log in' }).click()
    await admin.page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
    const base = await call(admin, 'GET', '/admin/api/tenants/lustlokaal/file')
    assert.equal(base.status, 200, JSON.stringify(base.body))
    const slug = `bursztyn${Date.now().toString(36)}`
    const f = base.body.file
    Object.assign(f, {
      slug,
      name: SITE,
      position: 90,
      hosts: [`${slug}.localhost`],
      locales: ['pl', 'da'],
      default_locale: 'pl',
      countries: ['PL', 'DK'],
      time_zone: localNoonZone(),
      profile_pool: slug,
    })
    f.company = { ...f.company, slug: `${slug}-media`, name: 'Bursztyn Media ApS', country: 'DK', tradenames: [SITE] }
    // LustLokaal's home words are Dutch and English: this brand speaks neither, so its home has the niche's words.
    if (f.look) delete f.look.copy
    // LustLokaal's least message costs are for its own countries, which this brand does not serve.
    if (f.settings) delete f.settings.minimum_message_costs
    // No domain language: the visitor's country picks between pl and da.
    // The fictional-profile markers in the brand's own two languages.
    f.settings = {
      ...f.settings,
      domain_language: '',
      mail_name: SITE,
      fictional_warning: 'Niektóre profile na tej stronie są fikcyjne i prowadzone przez pracowników.',
      fictional_singular: 'Profil fikcyjny',
      fictional_plural: 'Profile fikcyjne',
      fictional_texts: { da: { warning: 'Nogle profiler på dette site er fiktive og drives af medarbejdere.', singular: 'Fiktiv profil', plural: 'Fiktive profiler' } },
    }
    const made = await call(admin, 'POST', '/admin/api/tenants', f)
    assert.equal(made.status, 201, JSON.stringify(made.body))
    const file = (await call(admin, 'GET', `/admin/api/tenants/${slug}/file`)).body.file
    assert.deepEqual([file.locales, file.default_locale], [['pl', 'da'], 'pl'])
    return `${slug}.localhost`
  } finally {
    await admin.close()
  }
}

/** subscription is a browser's PushSubscription.toJSON() with a real P-256 key, for an endpoint of no real push service. */
function subscription(name) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint: `https://push.invalid/e2e/${name}-${Date.now()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

/** The words of the site, the form and the mails in each language (web/src and engine/delivery/locales). */
const WORDS = {
  pl: {
    nav: 'Nawigacja główna',
    signup: 'Rejestracja',
    search: 'Szukaj użytkowników',
    step: 'Krok 1',
    account: 'Twoje konto',
    male: 'mężczyzną',
    seeking: 'Szukam',
    women: 'Kobiet',
    men: 'Mężczyzn',
    name: 'Nazwa użytkownika',
    day: 'Dzień',
    month: 'Miesiąc',
    monthName: 'marzec',
    year: 'Rok',
    email: 'Adres e-mail',
    password: 'Hasło',
    submit: 'Załóż darmowe konto',
    later: 'Dokończ później',
    activated: 'Twoje konto jest aktywne',
    activation: `Potwierdź swój adres e-mail w serwisie ${SITE}`,
    activationText: 'Witaj w Bursztyn! Potwierdź swój adres e-mail',
    like: 'Lubię',
    liked: 'Polubiono',
    message: 'Wyślij wiadomość',
  },
  da: {
    nav: 'Hovedmenu',
    signup: 'Tilmeld dig',
    search: 'Søg medlemmer',
    step: 'Trin 1',
    account: 'Din konto',
    male: 'en mand',
    seeking: 'Søger',
    women: 'Kvinder',
    men: 'Mænd',
    name: 'Brugernavn',
    day: 'Dag',
    month: 'Måned',
    monthName: 'marts',
    year: 'År',
    email: 'E-mailadresse',
    password: 'Adgangskode',
    submit: 'Opret min gratis konto',
    later: 'Gør færdig senere',
    activated: 'Din konto er aktiv',
    activation: `Bekræft din e-mailadresse til ${SITE}`,
    activationText: 'Velkommen til Bursztyn! Bekræft din e-mailadresse',
    like: 'Like',
    liked: 'Liket',
    message: 'Send en besked',
  },
}

/**
 * signUp opens the brand as a visitor from country, checks the site speaks
 * lang, signs up through the site's form, opens the activation link of the
 * mail in lang and registers a push subscription. It answers the session,
 * the address and the member's id.
 */
async function signUp(host, country, lang, name) {
  const w = WORDS[lang]
  const s = await open(host, { country })
  const { page } = s
  await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
  await s.goto('/signup')
  assert.equal(await page.locator('html').getAttribute('lang'), lang)
  const flow = page.getByTestId('signup-flow')
  await page.getByRole('dialog', { name: w.signup }).waitFor()
  await flow.getByTestId('signup-step-title').filter({ hasText: `${w.step}` }).filter({ hasText: w.account }).waitFor()
  const form = flow.getByTestId('signup-step-account')
  await form.getByLabel(w.male, { exact: true }).check()
  await form.getByLabel(w.seeking, { exact: true }).selectOption({ label: w.women })
  await form.getByLabel(w.name, { exact: true }).fill(name)
  await form.getByLabel(w.day, { exact: true }).selectOption('14')
  await form.getByLabel(w.month, { exact: true }).selectOption({ label: w.monthName })
  await form.getByLabel(w.year, { exact: true }).selectOption('1990')
  const email = `e2e-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  await form.getByLabel(w.email, { exact: true }).fill(email)
  await form.getByLabel(w.password, { exact: true }).fill('secret-password-1')
  await form.getByTestId('signup-orientation-consent').check()
  await form.getByRole('button', { name: w.submit }).click()
  await flow.getByRole('button', { name: w.later }).click()

  const me = await call(s, 'GET', '/api/user.php')
  assert.equal(me.status, 200, JSON.stringify(me.body))
  assert.equal(me.body.user.language, lang, 'the member keeps the language they signed up in')

  const activation = await mail(s, email, 'activation')
  assert.equal(activation.subject, w.activation)
  assert.ok(activation.text.includes(w.activationText), activation.text)
  const link = activation.links.find((l) => /activate/.test(l))
  assert.ok(link, 'an activation link')
  await page.goto(link)
  await page.waitForURL(/\/activate\/done/)
  await page.getByRole('heading', { name: w.activated }).waitFor()
  // The member's site: its menu and links in their language.
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.search }).waitFor()

  const saved = await call(s, 'POST', '/api/user.php?push=1', { subscription: subscription(lang) })
  assert.equal(saved.status, 204, JSON.stringify(saved.body))
  return { s, email, id: me.body.user.id }
}

/** like opens a profile on the brand in page and likes it with the button in lang. */
async function like(page, host, lang, id) {
  const w = WORDS[lang]
  await page.goto(`${site(host)}/members/${id}`, { waitUntil: 'domcontentloaded' })
  const actions = page.getByTestId('member-actions')
  await actions.getByRole('link', { name: w.message }).waitFor()
  await actions.getByRole('button', { name: w.like, exact: true }).click()
  await actions.getByRole('button', { name: w.liked, exact: true }).waitFor()
}

test('a member in Polish and one in Danish get the site, the mails and the pushes in their language', async () => {
  const host = await makeBrand()
  const pl = await signUp(host, 'PL', 'pl', 'Kasia')
  // Away from the site: no live stream, so likes come by mail and push.
  await pl.s.page.close()
  const da = await signUp(host, 'DK', 'da', 'Mads')
  try {
    await like(da.s.page, host, 'da', pl.id)

    const plPush = await pushed(da.s, pl.email, 'like')
    assert.deepEqual([plPush.language, plPush.title, plPush.body, plPush.url], ['pl', 'Mads', 'Mads cię lubi.', `/members/${da.id}`])
    const plMail = await mail(da.s, pl.email, 'like')
    assert.equal(plMail.subject, 'Mads cię lubi')
    assert.ok(plMail.text.includes(`Mads polubił(a) twój profil w ${SITE}.`), plMail.text)

    // The Dane leaves; the Pole comes back and likes back: a match.
    await da.s.page.close()
    const back = await pl.s.context.newPage()
    await like(back, host, 'pl', da.id)

    const daPush = await pushed(back, da.email, 'like')
    assert.deepEqual([daPush.language, daPush.title, daPush.body], ['da', 'Kasia', 'Kasia kan også lide dig. Det er et match!'])
    const daMail = await mail(back, da.email, 'match')
    assert.equal(daMail.subject, 'Det er et match: Kasia kan også lide dig')
    assert.ok(daMail.text.includes(`Kasia har liket dig tilbage på ${SITE}.`), daMail.text)
  } finally {
    await da.s.close()
    await pl.s.close()
  }
})
