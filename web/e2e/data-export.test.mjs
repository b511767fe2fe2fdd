// The member's copy of their data on a phone: the settings page asks for
// it, shows its progress while the job builds it, and downloads the zip,
// whose data.json holds the member's messages and photos.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import { inflateRawSync } from 'node:zlib'
import { PHONE, aHouseProfile, assertFullyVisible, assertNoSidewaysScroll, open, png, signupMember, site } from './lib.mjs'

const HOST = 'localhost'

/** unzip reads a zip's files by its central directory: name to contents. */
function unzip(buf) {
  let end = buf.length - 22
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--
  assert.ok(end >= 0, 'a zip file')
  const files = new Map()
  let at = buf.readUInt32LE(end + 16)
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const method = buf.readUInt16LE(at + 10)
    const size = buf.readUInt32LE(at + 20)
    const nameLen = buf.readUInt16LE(at + 28)
    const skip = nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32)
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen)
    const local = buf.readUInt32LE(at + 42)
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
    const raw = buf.subarray(start, start + size)
    files.set(name, method === 8 ? inflateRawSync(raw) : raw)
    at += 46 + skip
  }
  return files
}

test('a member downloads a copy of their data on a phone', async () => {
  const s = await open(HOST, { country: 'NL', locale: 'en', ...PHONE })
  try {
    await s.context.addInitScript(() => window.localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())))
    const me = await signupMember(s, { name: 'Dataseeker' })
    const up = await s.page.request.post(site(HOST) + '/api/photos.php', {
      multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: png(400, 400, 7) } },
    })
    assert.ok([200, 201].includes(up.status()), await up.text())
    const her = await aHouseProfile(s)
    const text = `Hello from my own data ${Date.now()}`
    const sent = await s.page.request.post(site(HOST) + '/api/messages.php', { data: { profile_id: her.id, text, client_id: `dx-${Date.now()}` } })
    assert.ok([200, 201].includes(sent.status()), await sent.text())

    await s.goto('/notifications')
    const section = s.page.getByRole('region', { name: 'Your data' })
    const ask = section.getByRole('button', { name: 'Request my data', exact: true })
    await ask.scrollIntoViewIfNeeded()
    await assertFullyVisible(ask, 'the request button')
    const asked = s.page.waitForResponse((r) => r.url().includes('/api/data-export.php') && r.request().method() === 'POST')
    await ask.click()
    assert.equal((await asked).status(), 202)
    // The progress shows at once, as wide as the section, on the phone.
    const bar = section.getByRole('progressbar', { name: 'Progress of your copy' })
    await bar.waitFor()
    const [barBox, sectionBox] = [await bar.boundingBox(), await section.boundingBox()]
    assert.ok(barBox.width > 200 && barBox.x >= sectionBox.x && barBox.x + barBox.width <= sectionBox.x + sectionBox.width + 1, `progress bar ${JSON.stringify(barBox)}`)
    assert.match(await section.getByRole('status').first().innerText(), /Preparing your copy… \d+%/)
    await s.page.screenshot({ path: 'screenshots/data-export-progress.png' })

    const link = section.getByRole('link', { name: 'Download my data', exact: true })
    await link.waitFor({ timeout: 20_000 })
    await assertFullyVisible(link, 'the download link')
    await assertNoSidewaysScroll(s.page, 'the settings page')
    await s.page.screenshot({ path: 'screenshots/data-export-ready.png' })
    const download = s.page.waitForEvent('download')
    await link.click()
    const file = await (await download).path()
    const zip = unzip(await readFile(file))
    const data = JSON.parse(zip.get('data.json').toString('utf8'))
    assert.equal(data.account.email, me.email)
    const conversation = data.conversations.find((c) => c.with_profile_id === her.id)
    assert.ok(conversation?.messages.some((m) => m.from_me && m.text === text), `my message in ${JSON.stringify(data.conversations)}`)
    assert.equal(data.photos.length, 1)
    assert.ok(zip.get(data.photos[0].file)?.length > 1000, 'the photo itself is in the zip')
    assert.ok(zip.get('index.html').toString('utf8').includes('Your data at'), 'the index a person reads')
    assert.deepEqual(s.problems, [])
  } finally {
    await s.close()
  }
})
