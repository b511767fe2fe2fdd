import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Field, FieldError, Input, Label, Select } from '../../components/Form'
import { Col, Row } from '../../components/Grid'
import { useCountryName } from '../../i18n/countryName'
import { useAppState } from '../../state/context'
import { color, space } from '../../theme/theme'
import { useRegions } from '../../api/catalogues'
import { DISTANCES, FLAGS, SORTS, type Draft, type DraftErrors, type FilterField } from './searchQuery'

// The search's filters themselves, a chunk of their own: on a phone they
// are folded away when the page opens, so the search's first render goes
// without their code (the fields, the region list, the country names) and
// it comes right after (SearchForm.tsx).

/** Flags: the yes-or-no filters side by side, each a 44 px target. */
const Flags = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${space(4)};
  margin: 0 0 ${space(3)};
  padding: 0;
  border: 0;
  label {
    display: inline-flex;
    align-items: center;
    gap: ${space(2)};
    min-height: 44px;
    cursor: pointer;
  }
  input {
    width: 20px;
    height: 20px;
    accent-color: ${color.primary};
  }
`

const Form = styled.form`
  margin: 0;
`

export interface SearchFieldsProps {
  /** id prefixes the fields' ids; the form's is `${id}-form`. */
  id: string
  draft: Draft
  set: (f: keyof Draft, v: string) => void
  errors: DraftErrors
  onSubmit: (e: FormEvent) => void
  fields: readonly FilterField[]
  /** invalid is a filter the engine refused. */
  invalid?: string
  /** unit is the brand's distance unit, km or mi. */
  unit: string
  /** located: distance filters are offered (a logged-in member has a place). */
  located: boolean
}

/** SearchFields is the search's form: the filters the tenant's search_fields allow. */
export function SearchFields({ id, draft, set, errors, onSubmit, fields, invalid, unit, located }: SearchFieldsProps) {
  const { t } = useTranslation()
  const settings = useAppState((s) => s.settings)
  const nameOf = useCountryName()
  const on = (f: FilterField) => fields.includes(f)
  const countries = settings.countries ?? []
  const regionCountry = draft.country || (countries.length === 1 ? countries[0] : '')
  const regions = useRegions(on('countryregion') ? regionCountry : '')
  const minAge = settings.min_age || 18
  const errorOf = (f: FilterField): string | null => {
    const e = errors[f]
    if (e === 'age') return t('discovery.ageError', { min: minAge, max: 99 })
    if (e === 'order') return t('discovery.ageOrderError')
    if (invalid === f) return f === 'distance' ? t('discovery.placeUnknown') : t('discovery.filterInvalid')
    return null
  }
  const unitLabel = unit === 'mi' ? t('discovery.unitMi') : t('discovery.unitKm')
  const ageField = (f: 'min_age' | 'max_age', label: string) => {
    const err = errorOf(f)
    return (
      <Col $span={{ xs: 6, md: 3, lg: 2 }}>
        <Field>
          <Label htmlFor={`${id}-${f}`}>{label}</Label>
          <Input
            id={`${id}-${f}`}
            name={f}
            type="number"
            inputMode="numeric"
            min={minAge}
            max={99}
            value={draft[f]}
            aria-invalid={err ? true : undefined}
            aria-describedby={err ? `${id}-${f}-error` : undefined}
            onChange={(e) => set(f, e.target.value)}
          />
          {err && <FieldError id={`${id}-${f}-error`}>{err}</FieldError>}
        </Field>
      </Col>
    )
  }

  return (
  <Form id={`${id}-form`} role="search" onSubmit={onSubmit} aria-label={t('search.form')} data-testid="search-form" noValidate>
    <Row>
      {on('gender') && (
        <Col $span={{ md: 6, lg: 3 }}>
          <Field>
            <Label htmlFor={`${id}-gender`}>{t('search.gender')}</Label>
            <Select id={`${id}-gender`} name="gender" value={draft.gender} onChange={(e) => set('gender', e.target.value)}>
              <option value="">{t('search.anyGender')}</option>
              <option value="female">{t('search.female')}</option>
              <option value="male">{t('search.male')}</option>
            </Select>
          </Field>
        </Col>
      )}
      {on('country') && countries.length > 0 && (
        <Col $span={{ md: 6, lg: 2 }}>
          <Field>
            <Label htmlFor={`${id}-country`}>{t('search.country')}</Label>
            <Select id={`${id}-country`} name="country" value={draft.country} onChange={(e) => set('country', e.target.value)}>
              {countries.length > 1 && <option value="">{t('discovery.anyCountry')}</option>}
              {countries.map((c) => (
                <option key={c} value={c}>
                  {nameOf(c)}
                </option>
              ))}
            </Select>
          </Field>
        </Col>
      )}
      {on('countryregion') && regionCountry && (
        <Col $span={{ md: 6, lg: 3 }}>
          <Field>
            <Label htmlFor={`${id}-region`}>
              {/* The country's own word for a region in the page's language, from regions.php. */}
              {regions?.label_text || t('search.regionLabel.region')}
            </Label>
            <Select id={`${id}-region`} name="countryregion" value={draft.countryregion} onChange={(e) => set('countryregion', e.target.value)}>
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
      {on('min_age') && ageField('min_age', t('search.minAge'))}
      {on('max_age') && ageField('max_age', t('search.maxAge'))}
      {on('distance') && located && (
        <Col $span={{ xs: 6, md: 3, lg: 2 }}>
          <Field>
            <Label htmlFor={`${id}-distance`}>{t('discovery.distance')}</Label>
            <Select
              id={`${id}-distance`}
              name="distance"
              value={draft.distance}
              aria-invalid={errorOf('distance') ? true : undefined}
              aria-describedby={errorOf('distance') ? `${id}-distance-error` : undefined}
              onChange={(e) => set('distance', e.target.value)}
            >
              <option value="">{t('discovery.anyDistance')}</option>
              {DISTANCES.map((d) => (
                <option key={d} value={String(d)}>
                  {t('discovery.within', { n: d, unit: unitLabel })}
                </option>
              ))}
            </Select>
            {errorOf('distance') && <FieldError id={`${id}-distance-error`}>{errorOf('distance')}</FieldError>}
          </Field>
        </Col>
      )}
      {on('sort') && (
        <Col $span={{ xs: 6, md: 3, lg: 2 }}>
          <Field>
            <Label htmlFor={`${id}-sort`}>{t('discovery.sort')}</Label>
            <Select id={`${id}-sort`} name="sort" value={draft.sort || 'active'} onChange={(e) => set('sort', e.target.value)}>
              {SORTS.filter((o) => o !== 'distance' || located).map((o) => (
                <option key={o} value={o}>
                  {t(`discovery.sorts.${o}`)}
                </option>
              ))}
            </Select>
          </Field>
        </Col>
      )}
    </Row>
    {FLAGS.some(on) && (
      <Flags>
        <legend className="visually-hidden">{t('discovery.show')}</legend>
        {FLAGS.filter(on).map((f) => (
          <label key={f}>
            <input type="checkbox" name={f} checked={draft[f] === '1'} onChange={(e) => set(f, e.currentTarget.checked ? '1' : '')} />
            {t(`discovery.flags.${f}`)}
          </label>
        ))}
      </Flags>
    )}
    <Button type="submit">{t('search.submit')}</Button>
  </Form>
  )
}
