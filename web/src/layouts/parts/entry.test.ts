import { describe, expect, it } from 'vitest'
import { dismissSiteEntry, showSiteEntryModal, showUsFooter, siteEntryDismissed, type SiteEntryInput } from './entry'
import { entryWarningFor } from './EntryWarning'

describe('entry warning', () => {
  it('is shown for NL and DE only', () => {
    expect(entryWarningFor('NL')).toBe('NL')
    expect(entryWarningFor('de')).toBe('DE')
    expect(entryWarningFor('BE')).toBeNull()
    expect(entryWarningFor('US')).toBeNull()
    expect(entryWarningFor('')).toBeNull()
    expect(entryWarningFor(undefined)).toBeNull()
  })
})

describe('US footer', () => {
  it('shows only in English, for US sites or US visitors', () => {
    expect(showUsFooter('en', ['US'], '')).toBe(true)
    expect(showUsFooter('en', ['NL'], 'US')).toBe(true)
    expect(showUsFooter('es', ['US'], 'US')).toBe(false)
    expect(showUsFooter('en', ['NL', 'BE'], 'NL')).toBe(false)
  })
})

describe('site-entry modal', () => {
  const base: SiteEntryInput = {
    loggedIn: false,
    installedApp: false,
    dismissed: false,
    setting: 'yes',
    country: 'NL',
    countries: ['NL', 'BE'],
  }
  it('shows for a logged-out visitor from one of the countries', () => {
    expect(showSiteEntryModal(base)).toBe(true)
    expect(showSiteEntryModal({ ...base, country: 'be' })).toBe(true)
  })
  it('does not show for members, installed apps, after dismissal, when off, or for other countries', () => {
    expect(showSiteEntryModal({ ...base, loggedIn: true })).toBe(false)
    expect(showSiteEntryModal({ ...base, installedApp: true })).toBe(false)
    expect(showSiteEntryModal({ ...base, dismissed: true })).toBe(false)
    expect(showSiteEntryModal({ ...base, setting: 'no' })).toBe(false)
    expect(showSiteEntryModal({ ...base, country: 'US' })).toBe(false)
    expect(showSiteEntryModal({ ...base, country: '' })).toBe(false)
  })
  it('remembers the dismissal', () => {
    const m = new Map<string, string>()
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
    expect(siteEntryDismissed(storage)).toBe(false)
    dismissSiteEntry(storage, 1000)
    expect(siteEntryDismissed(storage)).toBe(true)
  })
  it('shares the answer with the landers through their cookie', () => {
    const empty = { getItem: () => null }
    expect(siteEntryDismissed(empty, 'rdv_tracking=x')).toBe(false)
    // answered on a lander (server-rendered, its own script or form)
    expect(siteEntryDismissed(empty, 'rdv_tracking=x; rdv_site_entry=1')).toBe(true)
    let written = ''
    dismissSiteEntry(null, 1000, (c) => (written = c))
    expect(written).toMatch(/^rdv_site_entry=1; path=\/; max-age=\d+/)
  })
})
