import { useState } from 'react'
import { useLoad } from '../../api/useLoad'
import { useTranslation } from 'react-i18next'
import type { ConsoleApi } from '../api'
import { errorText } from '../errors'
import { useCan, type Need } from '../permissions'
import { Alert, Field, colors } from '../ui'
import styled from 'styled-components'

/** Select is as wide as its longest choice (never wider than its column), not stretched over the page. */
export const Select = styled.select`
  font: inherit;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: max-content;
  max-width: 100%;
  align-self: flex-start;
  background: ${colors.card};
`

/**
 * useTenantPicker loads the brands the staff member may see and offers a
 * choice of one; the pages of one brand (orders, inbox, moderation) start
 * with it. need is the permission the page needs: the engine's brand list
 * holds every brand the staff member may read, the picker only those where
 * need holds too (a moderator of one brand and finance of another sees
 * only the second on the orders page). tenants is null while loading.
 */
export function useTenantPicker(api: ConsoleApi, id: string, need?: Need) {
  const { t } = useTranslation()
  const can = useCan()
  const list = useLoad('tenants', () => api.tenants())
  const all = list.state.status === 'done' ? list.state.data : null
  const error = list.state.status === 'failed' ? errorText(t, list.state.error) : ''
  // A link to a brand's queue (Today's) names the brand: ?tenant=<slug>.
  const [chosen, setChosen] = useState(() => new URLSearchParams(window.location.search).get('tenant') ?? '')

  const tenants = all && need ? all.filter((x) => can(need, x.slug)) : all
  const tenant = tenants?.some((x) => x.slug === chosen) ? chosen : (tenants?.[0]?.slug ?? '')

  const picker = (
    <>
      {error && <Alert role="alert">{error}</Alert>}
      {tenants && tenants.length > 0 && (
        <Field>
          <label htmlFor={id}>{t('console.picker.brand')}</label>
          <Select id={id} value={tenant} onChange={(e) => setChosen(e.target.value)}>
            {tenants.map((x) => (
              <option key={x.slug} value={x.slug}>
                {x.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  )
  return { tenant, picker, tenants, error }
}
