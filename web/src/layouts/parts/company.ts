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
 * companyIdentity is the company as its trade-name statement names it:
 * name, address, city, country and 'KvK <number>', only what is set
 * (the engine's tenancy.Company.Identity).
 */
export function companyIdentity(company: TradingCompany): string {
  const parts = [company.name, company.address, company.city, company.country].map((p) => (p ?? '').trim()).filter(Boolean)
  const kvk = (company.kvk ?? '').trim()
  if (kvk) parts.push(`KvK ${kvk}`)
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
