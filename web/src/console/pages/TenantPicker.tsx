import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleApi, Tenant } from '../api'
import { errorText } from '../errors'
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
 * with it. tenants is null while loading.
 */
export function useTenantPicker(api: ConsoleApi, id: string) {
  const { t } = useTranslation()
  const [tenants, setTenants] = useState<Tenant[] | null>(null)
  const [tenant, setTenant] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    let live = true
    api.tenants().then(
      (list) => {
        if (!live) return
        setTenants(list)
        setTenant((cur) => cur || list[0]?.slug || '')
      },
      (err: unknown) => live && setError(errorText(t, err)),
    )
    return () => {
      live = false
    }
  }, [api, t])

  const picker = (
    <>
      {error && <Alert role="alert">{error}</Alert>}
      {tenants && tenants.length > 0 && (
        <Field>
          <label htmlFor={id}>{t('console.picker.brand')}</label>
          <Select id={id} value={tenant} onChange={(e) => setTenant(e.target.value)}>
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
