import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleApi, Tenant } from '../api'
import { errorText } from '../errors'
import { useCan, type Need } from '../permissions'
import { Alert, Field, colors } from '../ui'
import styled from 'styled-components'

export const Select = styled.select`
  font: inherit;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  width: 100%;
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
  const [all, setAll] = useState<Tenant[] | null>(null)
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    let live = true
    api.tenants().then(
      (list) => live && setAll(list),
      (err: unknown) => live && setError(errorText(t, err)),
    )
    return () => {
      live = false
    }
  }, [api, t])

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
