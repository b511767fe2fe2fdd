/** TERMS_VERSION is the terms' version date unless the company was added later. */
export const TERMS_VERSION = '2023-12-01T12:00:00Z'

export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const base = new Date(TERMS_VERSION)
  const added = companyAdded ? new Date(companyAdded) : null
  return added && !Number.isNaN(added.getTime()) && added > base ? added : base
}

/** cleanPhone strips dashes and spaces from a support phone number. */
export const cleanPhone = (phone: string): string => phone.replace(/[-\s]/g, '')
