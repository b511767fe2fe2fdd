import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useAppState } from '../../state/context'
import { color, space } from '../../theme/theme'

const Box = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space(2)};
  margin: ${space(3)} 0;
  min-width: 0;
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 2px 0 0;
  }
  label {
    overflow-wrap: anywhere;
  }
`

const Problem = styled.p`
  margin: ${space(1)} 0 0;
  color: ${color.danger};
  font-size: 0.875rem;
`

/** useWaiverAsked: the brand follows the European rules, so every order needs the withdrawal waiver. */
export const useWaiverAsked = (): boolean => useAppState((s) => s.settings.eu_rules)

/**
 * useWaiver is a checkout's waiver box: its props, ready() before an order
 * (false, the box marked and focused, while the brand asks it and it is not
 * ticked) and the order body's part.
 */
export function useWaiver() {
  const asked = useWaiverAsked()
  const [waived, setWaived] = useState(false)
  const [missing, setMissing] = useState(false)
  const ready = (): boolean => {
    if (!asked || waived) return true
    setMissing(true)
    document.querySelector<HTMLInputElement>('[data-testid="withdrawal-waiver"]')?.focus()
    return false
  }
  return { box: { checked: waived, onChange: setWaived, missing }, ready, body: waived ? { waive_withdrawal: true } : {} }
}

/**
 * WithdrawalWaiver is the buyer's consent that the credits come at once,
 * which ends the 14-day right of withdrawal: a required box at checkout on
 * brands with the European rules (the server refuses an order without it),
 * nothing elsewhere. missing shows that it was not ticked.
 */
export function WithdrawalWaiver({ checked, onChange, disabled, missing }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; missing?: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  if (!useWaiverAsked()) return null
  return (
    <div>
      <Box>
        <input
          id={id}
          type="checkbox"
          required
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-invalid={missing && !checked}
          aria-describedby={missing && !checked ? `${id}-missing` : undefined}
          data-testid="withdrawal-waiver"
        />
        <label htmlFor={id}>{t('withdrawalWaiver.label')}</label>
      </Box>
      {missing && !checked && (
        <Problem id={`${id}-missing`} role="alert">
          {t('withdrawalWaiver.required')}
        </Problem>
      )}
    </div>
  )
}
