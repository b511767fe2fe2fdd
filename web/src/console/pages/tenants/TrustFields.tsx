// Trust and safety's rules for the brand: the risk score that flags a
// member, what each signal adds to it, and what counts as the same text to
// many members. A number left empty takes the engine's default, shown in
// the input.
import { useTranslation } from 'react-i18next'
import type { TenantBound } from '../../api'
import { Muted } from '../../ui'
import { BoundField, Group, Section } from './fields'
import type { Problems, Trust } from './draft'

const numbers = ['threshold', 'repeat_members', 'repeat_minutes'] as const

/** TrustFields edits trust. */
export function TrustFields({ trust, signals, bounds, problems, onChange }: {
  trust: Trust
  signals: string[]
  bounds: Record<string, TenantBound>
  problems: Problems
  onChange: (t: Trust | undefined) => void
}) {
  const { t } = useTranslation()
  /** set is the section with key set (undefined leaves it out); an empty section is left out whole. */
  const set = (next: Trust) => {
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]: [string, unknown]) => v !== undefined && !(typeof v === 'object' && v !== null && Object.keys(v).length === 0)))
    onChange(Object.keys(kept).length ? kept : undefined)
  }
  const setWeight = (signal: string, v: number | undefined) => {
    const weights = { ...trust.weights }
    if (v === undefined) delete weights[signal]
    else weights[signal] = v
    set({ ...trust, weights })
  }
  return (
    <Section>
      <legend>{t('console.brand.trust.legend')}</legend>
      <Muted>{t('console.brand.trust.hint')}</Muted>
      {numbers.map((key) => (
        <BoundField key={key} name={`trust.${key}`} label={t(`console.brand.trust.${key}`)} problems={problems} bound={bounds[`trust.${key}`]}
          value={trust[key]} onChange={(v) => set({ ...trust, [key]: v })} />
      ))}
      <Group name="trust.weights" legend={t('console.brand.trust.weights')} problems={problems}>
        {signals.map((signal) => (
          <BoundField key={signal} name={`trust.weights.${signal}`} problems={problems} bound={bounds[`trust.weights.${signal}`]}
            label={t(`console.brand.trust.signal.${signal}`, { defaultValue: signal })} value={trust.weights?.[signal]} onChange={(v) => setWeight(signal, v)} />
        ))}
      </Group>
    </Section>
  )
}
