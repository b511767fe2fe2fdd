import type { Boot, Company, Settings, ThemeTokens, User } from './types'

/** readBoot returns the state the engine injected, or null (Vite dev server). */
export function readBoot(doc: Document = document): Boot | null {
  const el = doc.getElementById('rdv-boot')
  if (!el?.textContent) return null
  try {
    return JSON.parse(el.textContent) as Boot
  } catch {
    return null
  }
}

/**
 * fetchBoot builds the same state from the API. Only the Vite dev server
 * needs it: the engine always injects the boot state into index.html.
 */
export async function fetchBoot(): Promise<Boot> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(path, { credentials: 'same-origin', headers: { 'X-Request-Type': 'client' } })
    return (await res.json()) as T
  }
  const [settings, company, user] = await Promise.all([
    get<Settings>(`/api/settings.php?domain=${encodeURIComponent(location.hostname)}`),
    get<Company>('/api/companyinfo.php'),
    get<{ user: User | null }>('/api/user.php'),
  ])
  const theme = await get<ThemeTokens>(`/themes/${settings.theme}/theme.json`)
  const cookie = document.cookie.match(/(?:^|;\s*)locale=([a-z]{2})/)?.[1]
  const locale = cookie && settings.locales.includes(cookie) ? cookie : settings.locales[0] ?? 'en'
  return {
    tenant: { slug: settings.slug, name: settings.name },
    settings,
    company,
    theme,
    user: user.user,
    locale,
    locales: settings.locales,
    country: settings.geoip_country,
  }
}
