// What messages cost beyond credits: how many a member sends free, and the
// least a message costs in money in each of the brand's countries (shown
// beside the composer and on the credits page), as a table of countries.
import { useTranslation } from 'react-i18next'
import type { TenantBound, TenantChoice } from '../../api'
import { Button, Input } from '../../ui'
import { BoundField, described, Problem, Section, Select, Stack } from './fields'
import type { MessageCost, Problems } from './draft'

/** MessagePriceFields edits free_messages and settings.minimum_message_costs. */
export function MessagePriceFields({ freeMessages, costs, countries, brandCountries, currencyOf, bounds, problems, onFree, onCosts }: {
  freeMessages: unknown
  costs: Record<string, MessageCost>
  /** countries names every country code. */
  countries: TenantChoice[]
  /** brandCountries are the brand's countries: the ones a cost may be given for. */
  brandCountries: string[]
  /** currencyOf is a country's payment currency, which a new row starts with. */
  currencyOf: (country: string) => string
  bounds: Record<string, TenantBound>
  problems: Problems
  onFree: (n: number | undefined) => void
  onCosts: (c: Record<string, MessageCost> | undefined) => void
}) {
  const { t } = useTranslation()
  const entries = Object.entries(costs)
  const set = (list: [string, MessageCost][]) => onCosts(list.length ? Object.fromEntries(list) : undefined)
  const setRow = (i: number, code: string, c: MessageCost) => set(entries.map((e, j) => (j === i ? [code, c] : e)))
  const name = (code: string) => countries.find((c) => c.value === code)?.name ?? code
  const free = brandCountries.filter((c) => !(c in costs))
  const bound = bounds['settings.minimum_message_costs.costs']
  return (
    <Section>
      <legend>{t('console.brand.messages.legend')}</legend>
      <BoundField name="free_messages" label={t('console.brand.messages.free')} hint={t('console.brand.messages.freeHint')} problems={problems}
        bound={bounds.free_messages} value={freeMessages} onChange={onFree} />
      <Stack>
        <table>
          <caption>{t('console.brand.messages.costs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.brand.country')}</th>
              <th scope="col">{t('console.brand.messages.amount')}</th>
              <th scope="col">{t('console.brand.currency')}</th>
              <th scope="col">{t('console.brand.remove')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([code, c], i) => {
              const at = `settings.minimum_message_costs.${code}`
              return (
                <tr key={i}>
                  <td data-label={t('console.brand.country')}>
                    <Select {...described(at, problems)} aria-label={t('console.brand.messages.countryOf', { row: i + 1 })} value={code}
                      onChange={(e) => setRow(i, e.target.value, c)}>
                      {[code, ...free].map((o) => (
                        <option key={o} value={o}>{name(o)}</option>
                      ))}
                    </Select>
                    <Problem name={at} problems={problems} />
                  </td>
                  <td data-label={t('console.brand.messages.amount')}>
                    <Input {...described(`${at}.costs`, problems)} type="number" inputMode="decimal" min={bound?.min} max={bound?.max} step={bound?.step}
                      aria-label={t('console.brand.messages.amountIn', { country: name(code) })} value={Number.isNaN(c.costs) ? '' : c.costs}
                      onChange={(e) => setRow(i, code, { ...c, costs: e.target.value === '' ? NaN : Number(e.target.value) })} />
                    <Problem name={`${at}.costs`} problems={problems} />
                  </td>
                  <td data-label={t('console.brand.currency')}>
                    <Input {...described(`${at}.currency`, problems)} maxLength={3} autoCapitalize="characters"
                      aria-label={t('console.brand.messages.currencyIn', { country: name(code) })} value={c.currency}
                      onChange={(e) => setRow(i, code, { ...c, currency: e.target.value.toUpperCase() })} />
                    <Problem name={`${at}.currency`} problems={problems} />
                  </td>
                  <td>
                    <Button type="button" $quiet onClick={() => set(entries.filter((_, j) => j !== i))}>
                      {t('console.brand.messages.remove', { country: name(code) })}
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </Stack>
      <Problem name="settings.minimum_message_costs" problems={problems} />
      <p>
        <Button type="button" $quiet disabled={free.length === 0}
          onClick={() => set([...entries, [free[0], { costs: NaN, currency: currencyOf(free[0]) }]])}>
          {t('console.brand.messages.add')}
        </Button>
      </p>
    </Section>
  )
}
