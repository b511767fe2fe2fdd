import { Suspense, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { lazyPage } from '../../app/lazyPage'
import { isPhone } from '../../app/hooks'
import { Panel } from '../../components/Page'
import { afterFirstRender } from '../../boot/firstRender'
import { useAppState } from '../../state/context'
import { below, color, space } from '../../theme/theme'
import { validateDraft, type Draft, type DraftErrors, type FilterField } from './searchQuery'

/**
 * Filters: on a phone the filters fold away behind a toggle, so the first
 * members are in view; wider screens show them open, without the toggle.
 */
const Filters = styled(Panel)`
  ${below('md')} {
    padding: ${space(2)} ${space(3)};
    &:not([data-open]) form {
      display: none;
    }
  }
`

const Toggle = styled.button`
  display: none;
  ${below('md')} {
    display: flex;
    align-items: center;
    justify-content: space-between;
    width: 100%;
    min-height: 40px;
    padding: 0;
    border: 0;
    background: transparent;
    color: ${color.text};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
    &[aria-expanded='true'] {
      margin-bottom: ${space(3)};
    }
  }
`

// The fields are a chunk of their own: a phone folds them away, so it
// fetches them once the page is in; a wider screen shows them open and has
// them before the first render (preloadFields).
const loadFields = () => import('./SearchFields')
const SearchFields = lazyPage(() => (isPhone() ? afterFirstRender(loadFields)() : loadFields()), 'SearchFields')

/** preloadFields fetches the filters' chunk before the search's first render where they show open (not on a phone). */
export function preloadFields(): Promise<void> {
  return isPhone() ? Promise.resolve() : SearchFields.preload()
}

export interface SearchFormProps {
  /** initial is the search shown (URL, then the engine's defaults). */
  initial: Draft
  fields: readonly FilterField[]
  onSearch: (draft: Draft) => void
  /** invalid is a filter the engine refused. */
  invalid?: string
  /** unit is the brand's distance unit, km or mi. */
  unit?: string
  /** located: distance filters are offered (a logged-in member has a place). */
  located?: boolean
}

/** SearchForm edits the search: the filters the tenant's search_fields allow, folded away on a phone. */
export function SearchForm({ initial, fields, onSearch, invalid, unit = 'km', located = false }: SearchFormProps) {
  const { t } = useTranslation()
  const id = useId()
  const minAge = useAppState((s) => s.settings.min_age) || 18
  const [draft, setDraft] = useState<Draft>(initial)
  const [errors, setErrors] = useState<DraftErrors>({})
  const [unfolded, setUnfolded] = useState(false)
  const open = unfolded || !!invalid || Object.keys(errors).length > 0
  const set = (f: keyof Draft, v: string) => setDraft((d) => ({ ...d, [f]: v, ...(f === 'country' ? { countryregion: '' } : {}) }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const errs = validateDraft(draft, minAge)
    setErrors(errs)
    if (Object.keys(errs).length === 0) onSearch(draft)
  }
  return (
    <Filters data-open={open || undefined}>
      <Toggle type="button" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setUnfolded(!open)} data-testid="search-filters-toggle">
        <span>{t('search.filters')}</span>
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </Toggle>
      <Suspense fallback={null}>
        <SearchFields id={id} draft={draft} set={set} errors={errors} onSubmit={submit} fields={fields} invalid={invalid} unit={unit} located={located} />
      </Suspense>
    </Filters>
  )
}
