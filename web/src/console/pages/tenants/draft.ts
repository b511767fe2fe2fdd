// The brand editor's model: the tenant file being edited, the typed shape
// of the sections the editor shows as forms, and what the editor checks
// itself before it sends the file (the engine checks everything again).
import type { TFunction } from 'i18next'
import type { TenantFile } from '../../api'
import { colorPairs, contrastRatio } from '../../../theme/contrast'

/** Package is one credit package of the billing section; prices in minor units per currency. */
export interface Package {
  id: string
  credits: number
  prices: Record<string, number>
  badge?: string
}

/** PaymentCountry is one payment country's currency and methods. */
export interface PaymentCountry {
  currency: string
  methods: string[]
}

/** Billing is the billing section as the editor shows it; other keys are kept as they are. */
export interface Billing {
  provider?: string
  api_key_env?: string
  packages: Package[]
  countries: Record<string, PaymentCountry>
  vat_zero_rated?: boolean
  [key: string]: unknown
}

/** Gift is one gift of the gifts list; credits left out is the brand's gift_credits. */
export interface Gift {
  id: string
  name: string
  icon: string
  credits?: number
}

/** MessageCost is the least a message costs in one country, in the currency's major units. */
export interface MessageCost {
  costs: number
  currency: string
}

/** FictionalText is how the brand marks its fictional profiles in one language. */
export interface FictionalText {
  warning: string
  singular: string
  plural: string
}

/** Postbacks are each affiliate network's URL per event. */
export type Postbacks = Record<string, Record<string, string>>

/** Trust is the brand's trust rules; what is left out takes the engine's default. */
export interface Trust {
  threshold?: number
  weights?: Record<string, number>
  repeat_members?: number
  repeat_minutes?: number
}

/** Path is a field of the file as a list of keys and indexes. */
export type Path = (string | number)[]

/** fieldName is a path as the engine names a field: billing.packages[0].id. */
export function fieldName(path: Path): string {
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k), '')
}

/** fieldId is the id of the input of a field. */
export function fieldId(name: string): string {
  return `brand-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`
}

/** getIn reads a field of the file. */
export function getIn(doc: unknown, path: Path): unknown {
  let v = doc
  for (const k of path) {
    if (v == null || typeof v !== 'object') return undefined
    v = (v as Record<string | number, unknown>)[k]
  }
  return v
}

/** setIn is the file with one field set (undefined drops it); the rest is shared, not copied. */
export function setIn<T>(doc: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T
  const [k, ...rest] = path
  const cur = (doc ?? (typeof k === 'number' ? [] : {})) as Record<string | number, unknown>
  const next = (Array.isArray(cur) ? [...cur] : { ...cur }) as Record<string | number, unknown>
  const v = setIn(cur[k], rest, value)
  if (v === undefined && !Array.isArray(next)) delete next[k]
  else next[k] = v
  return next as T
}

/** Keys the editor shows as forms; every other top-level key is edited as JSON. */
export const formKeys = ['slug', 'name', 'position', 'hosts', 'theme', 'niche', 'locales', 'default_locale', 'countries', 'time_zone', 'profile_pool', 'company', 'settings', 'look', 'billing', 'gifts',
  'free_messages', 'postbacks', 'trust']

/** withoutDroppedLanguages is the file without the fictional texts of languages the brand no longer offers: they go with the language. */
export function withoutDroppedLanguages(file: TenantFile): TenantFile {
  const texts = getIn(file, ['settings', 'fictional_texts']) as Record<string, FictionalText> | undefined
  if (!texts) return file
  const kept = Object.fromEntries(Object.entries(texts).filter(([l]) => file.locales.includes(l)))
  return setIn(file, ['settings', 'fictional_texts'], Object.keys(kept).length ? kept : undefined)
}

/** colorNames are the theme colours a brand may set: those of the member app's pairs. */
export const colorNames = [...new Set(colorPairs.flatMap((p) => [p.fg, p.bg]))]

/** colorsOf is the brand's colours: its theme's with its own over them. */
export function colorsOf(file: TenantFile, themes: Record<string, Record<string, string>>): Record<string, string> {
  return { ...(themes[file.theme] ?? {}), ...(file.look?.colors ?? {}) }
}

/** PairCheck is one pair of the member app's colours, with the brand's colours. */
export interface PairCheck {
  fg: string
  bg: string
  kind: 'text' | 'ui'
  where: string
  ratio: number
  need: number
}

const hex = /^#[0-9a-fA-F]{6}$/

/** pairChecks are the distinct pairs with their ratio in the brand's colours. */
export function pairChecks(colors: Record<string, string>): PairCheck[] {
  const seen = new Set<string>()
  const out: PairCheck[] = []
  for (const p of colorPairs) {
    const key = `${p.fg} ${p.bg} ${p.kind}`
    const fg = colors[p.fg]
    const bg = colors[p.bg]
    if (seen.has(key) || !hex.test(fg ?? '') || !hex.test(bg ?? '')) continue
    seen.add(key)
    out.push({ fg: p.fg, bg: p.bg, kind: p.kind, where: p.where, ratio: contrastRatio(fg, bg), need: p.kind === 'text' ? 4.5 : 3 })
  }
  return out
}

const slug = /^[a-z0-9][a-z0-9-]{0,39}$/
const host = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/
const currency = /^[A-Z]{3}$/
const giftId = /^[a-z0-9_-]{1,32}$/

/** Problems are field errors by field name. */
export type Problems = Record<string, string>

/** listFields are the lists edited in one input: a problem of one item ("hosts[1]") is that input's. */
const listFields = /^(hosts|locales|countries)\[\d+\]$/

/** atInputs is problems keyed by the input that shows them; an item of a list keeps its name in the message. */
export function atInputs(problems: { field: string; message: string }[]): Problems {
  const marks: Problems = {}
  for (const p of problems) {
    const list = listFields.exec(p.field)
    const key = list ? list[1] : p.field
    const message = list ? `${p.field}: ${p.message}` : p.message
    marks[key] = marks[key] ? `${marks[key]}; ${message}` : message
  }
  return marks
}

/** check is what the editor finds wrong with the file before sending it. */
export function check(file: TenantFile, themes: Record<string, Record<string, string>>, t: TFunction): Problems {
  const found: { field: string; message: string }[] = []
  const add = (field: string, message: string) => {
    if (!found.some((f) => f.field === field)) found.push({ field, message })
  }
  if (!slug.test(file.slug)) add('slug', t('console.brand.errors.slug'))
  if (!file.name.trim()) add('name', t('console.brand.errors.required'))
  if (file.hosts.length === 0) add('hosts', t('console.brand.errors.required'))
  file.hosts.forEach((h, i) => {
    if (!host.test(h)) add(`hosts[${i}]`, t('console.brand.errors.host', { host: h }))
  })
  if (!file.theme) add('theme', t('console.brand.errors.required'))
  if (!(file.niche >= 1 && file.niche <= 7)) add('niche', t('console.brand.errors.range', { min: 1, max: 7 }))
  if (file.locales.length === 0) add('locales', t('console.brand.errors.oneLocale'))
  if (!file.locales.includes(file.default_locale)) add('default_locale', t('console.brand.errors.defaultLocale'))
  if (file.countries.length === 0) add('countries', t('console.brand.errors.oneCountry'))
  if (!file.time_zone.trim()) add('time_zone', t('console.brand.errors.required'))
  if (!file.profile_pool.trim()) add('profile_pool', t('console.brand.errors.required'))
  if (!slug.test(file.company.slug)) add('company.slug', t('console.brand.errors.slug'))
  if (!file.company.name.trim()) add('company.name', t('console.brand.errors.required'))
  for (const [k, v] of Object.entries(file.settings)) {
    if (typeof v === 'number' && Number.isNaN(v)) add(`settings.${k}`, t('console.brand.errors.required'))
  }
  const minAge = Number(getIn(file, ['settings', 'min_age']))
  if (!(minAge >= 18)) add('settings.min_age', t('console.brand.errors.minAge'))

  const own = file.look?.colors ?? {}
  for (const [name, value] of Object.entries(own)) {
    if (!hex.test(value)) add(`look.colors.${name}`, t('console.brand.errors.color'))
  }
  for (const c of pairChecks(colorsOf(file, themes))) {
    if (c.ratio >= c.need || !(c.fg in own || c.bg in own)) continue
    add(`look.colors.${c.fg in own ? c.fg : c.bg}`, t('console.brand.errors.contrast', { fg: c.fg, bg: c.bg, ratio: c.ratio.toFixed(2), need: c.need }))
  }

  const billing = getIn(file, ['billing']) as Billing | undefined
  if (billing) {
    billing.packages.forEach((pk, i) => {
      const at = `billing.packages[${i}]`
      if (!slug.test(pk.id)) add(`${at}.id`, t('console.brand.errors.slug'))
      if (billing.packages.findIndex((o) => o.id === pk.id) !== i) add(`${at}.id`, t('console.brand.errors.twice'))
      if (!(pk.credits > 0)) add(`${at}.credits`, t('console.brand.errors.positive'))
      for (const [cur, price] of Object.entries(pk.prices)) if (!(price > 0)) add(`${at}.prices.${cur}`, t('console.brand.errors.positive'))
    })
    for (const [code, c] of Object.entries(billing.countries)) {
      const at = `billing.countries.${code}`
      if (!currency.test(c.currency)) add(`${at}.currency`, t('console.brand.errors.currency'))
      if (c.methods.length === 0) add(`${at}.methods`, t('console.brand.errors.oneMethod'))
    }
  }
  const costs = getIn(file, ['settings', 'minimum_message_costs']) as Record<string, MessageCost> | undefined
  for (const [code, c] of Object.entries(costs ?? {})) {
    const at = `settings.minimum_message_costs.${code}`
    if (!(c.costs > 0)) add(`${at}.costs`, t('console.brand.errors.positive'))
    if (!currency.test(c.currency)) add(`${at}.currency`, t('console.brand.errors.currency'))
  }
  const gifts = getIn(file, ['gifts']) as Gift[] | undefined
  gifts?.forEach((g, i) => {
    const at = `gifts[${i}]`
    if (!giftId.test(g.id)) add(`${at}.id`, t('console.brand.errors.giftId'))
    if (gifts.findIndex((o) => o.id === g.id) !== i) add(`${at}.id`, t('console.brand.errors.twice'))
    if (!g.name.trim()) add(`${at}.name`, t('console.brand.errors.required'))
    if (!g.icon.trim()) add(`${at}.icon`, t('console.brand.errors.required'))
    if (g.credits !== undefined && !(g.credits >= 0)) add(`${at}.credits`, t('console.brand.errors.notNegative'))
  })
  return atInputs(found)
}
