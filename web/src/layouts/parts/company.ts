interface TradingCompany {
  name: string
  address?: string | null
  city?: string | null
  country?: string | null
  kvk?: string | null
  tradenames?: string[] | null
}

/**
 * tradeName is the name the company trades under on the brand: the brand's
 * own name when it is one of the company's trade names, else the first; ''
 * without trade names (the engine's tenancy.Company.TradeName).
 */
export function tradeName(company: TradingCompany, brand: string): string {
  const names = company.tradenames ?? []
  const own = names.find((n) => n.trim().toLowerCase() === brand.trim().toLowerCase())
  return own ?? names[0] ?? ''
}

/**
 * registryLabels are the names of the company registers by the company's
 * country, as a company's papers cite its number there (the engine's
 * tenancy.RegistryLabel holds the same list).
 */
const registryLabels: Record<string, string> = {
  AT: 'Firmenbuch',
  BE: 'KBO',
  CH: 'Handelsregister',
  CY: 'HE',
  CZ: 'IČO',
  DE: 'Handelsregister',
  DK: 'CVR',
  ES: 'Registro Mercantil',
  FI: 'Y-tunnus',
  FR: 'RCS',
  GB: 'Company No.',
  IE: 'CRO',
  IT: 'Registro Imprese',
  LU: 'RCS',
  MT: 'Company Reg. No.',
  NL: 'KvK',
  NO: 'Org.nr.',
  PL: 'KRS',
  PT: 'NIPC',
  SE: 'Org.nr',
  US: 'Registration No.',
}

/** registryLabel is the name of the company register of a country; 'Reg. no.' where the list has none. */
export function registryLabel(country: string | null | undefined): string {
  return registryLabels[(country ?? '').trim().toUpperCase()] ?? 'Reg. no.'
}

/** registryNumber is the company's registry number under its country's register's name ('Handelsregister HRB 204512 B'), or ''. */
export function registryNumber(company: TradingCompany): string {
  const kvk = (company.kvk ?? '').trim()
  return kvk ? `${registryLabel(company.country)} ${kvk}` : ''
}

/**
 * companyIdentity is the company as its trade-name statement names it:
 * name, address, city, country and its registry number under its
 * country's register, only what is set (the engine's tenancy.Company.Identity).
 */
export function companyIdentity(company: TradingCompany): string {
  const parts = [company.name, company.address, company.city, company.country].map((p) => (p ?? '').trim()).filter(Boolean)
  const registry = registryNumber(company)
  if (registry) parts.push(registry)
  return parts.join(', ')
}

/**
 * tradeNameStatement is what '<trade name> is a trade name of <company>'
 * needs, or null when the company has no trade name other than its own name.
 */
export function tradeNameStatement(company: TradingCompany, brand: string): { tradeName: string; company: string } | null {
  const name = tradeName(company, brand)
  if (!name || name === company.name) return null
  return { tradeName: name, company: companyIdentity(company) }
}
