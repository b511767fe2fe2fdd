import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Field, Input, Label, Select } from '../../components/Form'
import { Col, Row } from '../../components/Grid'
import { Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import { useRegions } from './useRegions'

const Form = styled.form`
  margin-bottom: ${(p) => p.theme.space(4)};
`

/** countryName names a country in the page's language. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** SearchForm holds the search state (gender, country, region, ages) in the URL query. */
export function SearchForm() {
  const { t } = useTranslation()
  const id = useId()
  const settings = useAppState((s) => s.settings)
  const locale = useAppState((s) => s.locale)
  const [params, setParams] = useSearchParams()
  const fields = new Set(settings.search_fields ?? [])
  const [gender, setGender] = useState(params.get('gender') ?? '')
  const [country, setCountry] = useState(params.get('country') ?? settings.geoip_selected_country ?? settings.countries[0] ?? '')
  const [region, setRegion] = useState(params.get('countryregion') ?? '')
  const [minAge, setMinAge] = useState(params.get('min_age') ?? String(settings.min_age || 18))
  const [maxAge, setMaxAge] = useState(params.get('max_age') ?? '99')
  const regions = useRegions(fields.has('countryregion') ? country : '')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next = new URLSearchParams()
    if (gender) next.set('gender', gender)
    if (fields.has('country') && country) next.set('country', country)
    if (region) next.set('countryregion', region)
    if (minAge) next.set('min_age', minAge)
    if (maxAge) next.set('max_age', maxAge)
    setParams(next)
  }

  return (
    <Panel>
      <Form onSubmit={submit} aria-label={t('search.form')} data-testid="search-form">
        <Row>
          {fields.has('gender') && (
            <Col $span={{ md: 6, lg: 3 }}>
              <Field>
                <Label htmlFor={`${id}-gender`}>{t('search.gender')}</Label>
                <Select id={`${id}-gender`} value={gender} onChange={(e) => setGender(e.target.value)}>
                  <option value="">{t('search.anyGender')}</option>
                  <option value="female">{t('search.female')}</option>
                  <option value="male">{t('search.male')}</option>
                </Select>
              </Field>
            </Col>
          )}
          {fields.has('country') && (
            <Col $span={{ md: 6, lg: 2 }}>
              <Field>
                <Label htmlFor={`${id}-country`}>{t('search.country')}</Label>
                <Select
                  id={`${id}-country`}
                  value={country}
                  onChange={(e) => {
                    setCountry(e.target.value)
                    setRegion('')
                  }}
                >
                  {settings.countries.map((c) => (
                    <option key={c} value={c}>
                      {countryName(c, locale)}
                    </option>
                  ))}
                </Select>
              </Field>
            </Col>
          )}
          {fields.has('countryregion') && (
            <Col $span={{ md: 6, lg: 3 }}>
              <Field>
                <Label htmlFor={`${id}-region`}>{t(`search.regionLabel.${(regions?.label ?? 'region').replace(/ /g, '_')}`, t('search.regionLabel.region'))}</Label>
                <Select id={`${id}-region`} value={region} onChange={(e) => setRegion(e.target.value)}>
                  <option value="">{t('search.anyRegion')}</option>
                  {regions?.regions.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </Col>
          )}
          {fields.has('min_age') && (
            <Col $span={{ xs: 6, md: 3, lg: 2 }}>
              <Field>
                <Label htmlFor={`${id}-min`}>{t('search.minAge')}</Label>
                <Input id={`${id}-min`} type="number" inputMode="numeric" min={settings.min_age || 18} max={99} value={minAge} onChange={(e) => setMinAge(e.target.value)} />
              </Field>
            </Col>
          )}
          {fields.has('max_age') && (
            <Col $span={{ xs: 6, md: 3, lg: 2 }}>
              <Field>
                <Label htmlFor={`${id}-max`}>{t('search.maxAge')}</Label>
                <Input id={`${id}-max`} type="number" inputMode="numeric" min={settings.min_age || 18} max={99} value={maxAge} onChange={(e) => setMaxAge(e.target.value)} />
              </Field>
            </Col>
          )}
        </Row>
        <Button type="submit">{t('search.submit')}</Button>
      </Form>
    </Panel>
  )
}
