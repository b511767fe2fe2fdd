// The billing section as two tables: the credit packages (a price per
// currency) and the payment countries with their currency and methods.
import { useTranslation } from 'react-i18next'
import type { TenantChoice } from '../../api'
import { Button, Input } from '../../ui'
import { described, Problem, Section, Select, SelectField, TextField, CheckField, Stack } from './fields'
import type { Billing, Package, PaymentCountry, Problems } from './draft'

const badges = ['', 'popular', 'best value']

/** BillingFields edits billing: provider, packages and payment countries. */
export function BillingFields({ billing, problems, countries, methods, onChange }: {
  billing: Billing
  problems: Problems
  countries: TenantChoice[]
  methods: TenantChoice[]
  onChange: (b: Billing) => void
}) {
  const { t } = useTranslation()
  const entries = Object.entries(billing.countries)
  const currencies = [...new Set([...entries.map(([, c]) => c.currency), ...billing.packages.flatMap((p) => Object.keys(p.prices))])].filter(Boolean)
  const setPackage = (i: number, p: Package) => onChange({ ...billing, packages: billing.packages.map((o, j) => (j === i ? p : o)) })
  const setCountries = (list: [string, PaymentCountry][]) => onChange({ ...billing, countries: Object.fromEntries(list) })
  const setCountry = (i: number, code: string, c: PaymentCountry) => setCountries(entries.map((e, j) => (j === i ? [code, c] : e)))
  const countryName = (code: string) => countries.find((c) => c.value === code)?.name ?? code
  return (
    <Section>
      <legend>{t('console.brand.billing')}</legend>
      <SelectField
        name="billing.provider"
        label={t('console.brand.provider')}
        problems={problems}
        value={billing.provider ?? 'sandbox'}
        options={[{ value: 'sandbox', name: 'sandbox' }, { value: 'mollie', name: 'Mollie' }]}
        onChange={(v) => onChange({ ...billing, provider: v })}
      />
      {billing.provider === 'mollie' && (
        <TextField name="billing.api_key_env" label={t('console.brand.apiKeyEnv')} hint={t('console.brand.apiKeyEnvHint')} problems={problems}
          value={billing.api_key_env ?? ''} onChange={(v) => onChange({ ...billing, api_key_env: v })} />
      )}
      <CheckField name="billing.vat_zero_rated" label={t('console.brand.vatZeroRated')} problems={problems}
        checked={!!billing.vat_zero_rated} onChange={(v) => onChange({ ...billing, vat_zero_rated: v })} />
      <Stack>
        <table>
          <caption>{t('console.brand.packages')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.brand.packageId')}</th>
              <th scope="col">{t('console.brand.packageCredits')}</th>
              {currencies.map((cur) => (
                <th scope="col" key={cur}>{t('console.brand.price', { currency: cur })}</th>
              ))}
              <th scope="col">{t('console.brand.badge')}</th>
              <th scope="col">{t('console.brand.remove')}</th>
            </tr>
          </thead>
          <tbody>
            {billing.packages.map((p, i) => {
              const at = `billing.packages[${i}]`
              const row = i + 1
              return (
                <tr key={i}>
                  <td data-label={t('console.brand.packageId')}>
                    <Input {...described(`${at}.id`, problems)} aria-label={t('console.brand.packageIdOf', { row })} value={p.id}
                      onChange={(e) => setPackage(i, { ...p, id: e.target.value })} />
                    <Problem name={`${at}.id`} problems={problems} />
                    <Problem name={at} problems={problems} />
                  </td>
                  <td data-label={t('console.brand.packageCredits')}>
                    <Input {...described(`${at}.credits`, problems)} type="number" min={1} aria-label={t('console.brand.packageCreditsOf', { row })}
                      value={Number.isNaN(p.credits) ? '' : p.credits} onChange={(e) => setPackage(i, { ...p, credits: e.target.value === '' ? NaN : Number(e.target.value) })} />
                    <Problem name={`${at}.credits`} problems={problems} />
                  </td>
                  {currencies.map((cur) => (
                    <td key={cur} data-label={t('console.brand.price', { currency: cur })}>
                      <Input {...described(`${at}.prices.${cur}`, problems)} type="number" min={1} aria-label={t('console.brand.priceOf', { row, currency: cur })}
                        value={p.prices[cur] === undefined || Number.isNaN(p.prices[cur]) ? '' : p.prices[cur]}
                        onChange={(e) => {
                          const prices = { ...p.prices }
                          if (e.target.value === '') delete prices[cur]
                          else prices[cur] = Number(e.target.value)
                          setPackage(i, { ...p, prices })
                        }} />
                      <Problem name={`${at}.prices.${cur}`} problems={problems} />
                    </td>
                  ))}
                  <td data-label={t('console.brand.badge')}>
                    <Select {...described(`${at}.badge`, problems)} aria-label={t('console.brand.badgeOf', { row })} value={p.badge ?? ''}
                      onChange={(e) => setPackage(i, { ...p, badge: e.target.value || undefined })}>
                      {badges.map((b) => (
                        <option key={b} value={b}>{b || t('console.brand.noBadge')}</option>
                      ))}
                    </Select>
                  </td>
                  <td>
                    <Button type="button" $quiet onClick={() => onChange({ ...billing, packages: billing.packages.filter((_, j) => j !== i) })}>
                      {t('console.brand.removePackage', { row })}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </Stack>
      <Problem name="billing.packages" problems={problems} />
      <p>
        <Button type="button" $quiet onClick={() => onChange({ ...billing, packages: [...billing.packages, { id: '', credits: NaN, prices: {} }] })}>
          {t('console.brand.addPackage')}
        </Button>
      </p>
      <Stack>
        <table>
          <caption>{t('console.brand.paymentCountries')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.brand.country')}</th>
              <th scope="col">{t('console.brand.currency')}</th>
              <th scope="col">{t('console.brand.methods')}</th>
              <th scope="col">{t('console.brand.remove')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([code, c], i) => {
              const at = `billing.countries.${code}`
              return (
                <tr key={i}>
                  <td data-label={t('console.brand.country')}>
                    <Select {...described(at, problems)} aria-label={t('console.brand.countryOf', { row: i + 1 })} value={code}
                      onChange={(e) => setCountry(i, e.target.value, c)}>
                      {countries.filter((o) => o.value === code || !(o.value in billing.countries)).map((o) => (
                        <option key={o.value} value={o.value}>{o.name}</option>
                      ))}
                    </Select>
                    <Problem name={at} problems={problems} />
                  </td>
                  <td data-label={t('console.brand.currency')}>
                    <Input {...described(`${at}.currency`, problems)} aria-label={t('console.brand.currencyOf', { country: countryName(code) })} value={c.currency}
                      maxLength={3} onChange={(e) => setCountry(i, code, { ...c, currency: e.target.value.toUpperCase() })} />
                    <Problem name={`${at}.currency`} problems={problems} />
                  </td>
                  <td data-label={t('console.brand.methods')}>
                    <Select {...described(`${at}.methods`, problems)} multiple size={5} aria-label={t('console.brand.methodsOf', { country: countryName(code) })}
                      value={c.methods} onChange={(e) => setCountry(i, code, { ...c, methods: [...e.target.selectedOptions].map((o) => o.value) })}>
                      {methods.map((m) => (
                        <option key={m.value} value={m.value}>{m.name}</option>
                      ))}
                    </Select>
                    <Problem name={`${at}.methods`} problems={problems} />
                  </td>
                  <td>
                    <Button type="button" $quiet onClick={() => setCountries(entries.filter((_, j) => j !== i))}>
                      {t('console.brand.removeCountry', { country: countryName(code) })}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </Stack>
      <Problem name="billing.countries" problems={problems} />
      <p>
        <Button type="button" $quiet disabled={entries.length >= countries.length} onClick={() => {
          const free = countries.find((o) => !(o.value in billing.countries))
          if (free) setCountries([...entries, [free.value, { currency: '', methods: [] }]])
        }}>
          {t('console.brand.addCountry')}
        </Button>
      </p>
    </Section>
  )
}
