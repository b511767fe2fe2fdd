import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { companyIdentity, registryNumber, tradeName, tradeNameStatement } from './company'
import { boot } from '../../test/fixtures'
import { renderApp } from '../../test/render'

afterEach(() => cleanup())

const lokaal = {
  name: 'Lokaal Media B.V.',
  address: 'Herengracht 420',
  city: 'Amsterdam',
  country: 'NL',
  kvk: '81234567',
  tradenames: ['LustLokaal', 'Lokaal Dates'],
}
const identity = 'Lokaal Media B.V., Herengracht 420, Amsterdam, NL, KvK 81234567'

describe('trade names', () => {
  it.each([
    ['Lokaal Dates', 'Lokaal Dates'],
    [' lustlokaal ', 'LustLokaal'],
    ['Flirt Fabriek', 'LustLokaal'],
  ])('brand %s trades as %s', (brand, want) => {
    expect(tradeName(lokaal, brand)).toBe(want)
  })

  it('names only what is set, and nothing without a trade name other than the company', () => {
    expect(companyIdentity(lokaal)).toBe(identity)
    expect(companyIdentity({ name: 'Spark Social LLC', city: 'Austin', country: 'US', kvk: '' })).toBe('Spark Social LLC, Austin, US')
    expect(tradeNameStatement({ ...lokaal, tradenames: [] }, 'LustLokaal')).toBeNull()
    expect(tradeNameStatement({ ...lokaal, tradenames: ['Lokaal Media B.V.'] }, 'LustLokaal')).toBeNull()
  })

  it("cites the registry number under the company's country's register", () => {
    const herz = { name: 'Herz Digital GmbH', city: 'Berlin', country: 'DE', kvk: 'HRB 204512 B' }
    expect(companyIdentity(herz)).toBe('Herz Digital GmbH, Berlin, DE, Handelsregister HRB 204512 B')
    expect(registryNumber({ ...herz, country: 'AT' })).toBe('Firmenbuch HRB 204512 B')
    expect(registryNumber({ ...herz, country: 'XX' })).toBe('Reg. no. HRB 204512 B')
    expect(registryNumber({ ...herz, kvk: ' ' })).toBe('')
  })

  it('says it in the footer with the VAT number', async () => {
    await renderApp(boot({ tenant: { slug: 'lustlokaal', name: 'LustLokaal' } }))
    const line = within(screen.getByTestId('site-footer')).getByTestId('trade-name')
    expect(line.textContent).toBe(`LustLokaal is a trade name of ${identity} · VAT: NL862345678B01`)
  })

  it('says it in Dutch with the brand among the trade names', async () => {
    const b = boot({ locale: 'nl', tenant: { slug: 'lokaaldates', name: 'Lokaal Dates' } })
    await renderApp({ ...b, company: { ...b.company, tradenames: lokaal.tradenames } })
    expect(screen.getByTestId('trade-name').textContent).toContain(`Lokaal Dates is een handelsnaam van ${identity}`)
  })

  it.each(['/pages/terms', '/pages/privacy', '/pages/service'])('says it on the info page %s', async (path) => {
    await renderApp(boot(), path)
    expect((await screen.findByTestId('info-trade-name')).textContent).toBe(`LustLokaal is a trade name of ${identity}`)
  })

  it('shows the company as before without trade names', async () => {
    const b = boot()
    await renderApp({ ...b, company: { ...b.company, tradenames: [] } }, '/pages/terms')
    expect(screen.queryByTestId('trade-name')).toBeNull()
    expect(screen.queryByTestId('info-trade-name')).toBeNull()
    expect(screen.getByTestId('site-footer').textContent).toContain('Lokaal Media B.V., Herengracht 420, Amsterdam')
  })
})
