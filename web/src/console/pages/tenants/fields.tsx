// The brand editor's inputs: each labelled, with its hint and its error
// next to it (aria-describedby), marked invalid while it has one.
import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Field, Input, colors } from '../../ui'
import type { TenantBound } from '../../api'
import { fieldId, type Problems } from './draft'

export const ErrorText = styled.small`
  color: ${colors.danger} !important;
  font-weight: 600;
`

export const Select = styled.select`
  font: inherit;
  padding: 10px 12px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  background: ${colors.card};
  width: 100%;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`

/** Section is one part of the form: a fieldset with its legend. */
export const Section = styled.fieldset`
  border: 1px solid ${colors.line};
  border-radius: 8px;
  padding: 12px 16px 4px;
  margin: 0 0 20px;
  min-width: 0;
  legend { font-weight: 700; font-size: 1.0625rem; padding: 0 6px; }
`

/** Wide holds a table that may be wider than a phone: it scrolls, the page does not. */
export const Wide = styled.div`
  overflow-x: auto;
  margin-bottom: 12px;
  table { border-collapse: collapse; min-width: 100%; }
  th, td { text-align: left; padding: 4px 6px; vertical-align: top; }
  th { font-size: 0.875rem; }
  td input { min-width: 5.5rem; }
  td select { min-width: 9rem; }
  td button { white-space: nowrap; overflow-wrap: normal; }
  caption { text-align: left; font-weight: 700; padding: 4px 6px; white-space: nowrap; }
`

/**
 * Stack holds a table of inputs that fits a phone: on a narrow screen each
 * row is a block of its cells, each cell under its column's name
 * (data-label); wider, it is a table like Wide.
 */
export const Stack = styled(Wide)`
  @media (max-width: 40rem) {
    overflow-x: visible;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    table, tbody, td { display: block; min-width: 0; }
    tr { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 8px 12px; padding: 8px 0; border-bottom: 1px solid ${colors.line}; }
    td { padding: 0; flex: 1 1 5.5rem; min-width: 0; }
    td:not([data-label]) { flex-basis: 100%; }
    td[data-label]::before { content: attr(data-label); display: block; font-size: 0.8125rem; font-weight: 600; margin-bottom: 2px; }
    td input, td select { width: 100%; min-width: 0; }
    td button { white-space: normal; }
    caption { display: block; white-space: normal; padding: 4px 0; }
  }
`

const SubSection = styled.fieldset`
  border: 1px solid ${colors.line};
  border-radius: 6px;
  padding: 8px 12px 0;
  margin: 0 0 14px;
  min-width: 0;
  legend { font-weight: 600; padding: 0 4px; }
  &[data-invalid] { border-color: ${colors.danger}; }
`

/** Group is a part of a section with its own legend; its problem shows under the legend, and a refusal may focus it. */
export function Group({ name, legend, problems, children }: { name: string; legend: string; problems: Problems; children: ReactNode }) {
  const id = fieldId(name)
  return (
    <SubSection id={id} tabIndex={-1} data-invalid={problems[name] ? '' : undefined} aria-describedby={problems[name] ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {problems[name] && (
        <Field>
          <Problem name={name} problems={problems} />
        </Field>
      )}
      {children}
    </SubSection>
  )
}

/** described is the aria props of a field with its hint and error. */
export function described(name: string, problems: Problems, hint?: boolean) {
  const id = fieldId(name)
  const ids = [hint ? `${id}-hint` : '', problems[name] ? `${id}-error` : ''].filter(Boolean).join(' ')
  return { id, 'aria-invalid': problems[name] ? true : undefined, 'aria-describedby': ids || undefined } as const
}

/** Problem shows the error of field name, if any. */
export function Problem({ name, problems }: { name: string; problems: Problems }) {
  return problems[name] ? <ErrorText id={`${fieldId(name)}-error`}>{problems[name]}</ErrorText> : null
}

interface FieldProps {
  name: string
  label: string
  hint?: string
  problems: Problems
}

/** TextField is a labelled text input. */
export function TextField({ name, label, hint, problems, value, onChange, type = 'text', disabled }: FieldProps & {
  value: string
  onChange: (v: string) => void
  type?: string
  disabled?: boolean
}) {
  const a = described(name, problems, !!hint)
  return (
    <Field>
      <label htmlFor={a.id}>{label}</label>
      <Input {...a} type={type} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      {hint && <small id={`${a.id}-hint`}>{hint}</small>}
      <Problem name={name} problems={problems} />
    </Field>
  )
}

const splitList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * ListField is a labelled comma-separated list. It keeps the text as typed
 * (a trailing comma, a space) while it still reads as the list.
 */
export function ListField({ value, onChange, ...rest }: FieldProps & { value: string[]; onChange: (v: string[]) => void }) {
  const [typed, setTyped] = useState('')
  const same = splitList(typed).join('\n') === value.join('\n')
  return (
    <TextField
      {...rest}
      value={same ? typed : value.join(', ')}
      onChange={(v) => {
        setTyped(v)
        onChange(splitList(v))
      }}
    />
  )
}

/** NumberField is a labelled whole-number input; empty is NaN, which the checks refuse. */
export function NumberField({ value, onChange, ...rest }: FieldProps & { value: number | undefined; onChange: (v: number) => void }) {
  return (
    <TextField {...rest} type="number" value={value === undefined || Number.isNaN(value) ? '' : String(value)} onChange={(v) => onChange(v === '' ? NaN : Number(v))} />
  )
}

/**
 * BoundField is a labelled number input held to the engine's bound of its
 * field (min, max, step); left empty, the field is left out and its
 * default, shown as the placeholder, serves.
 */
export function BoundField({ name, label, hint, problems, bound, value, onChange }: FieldProps & {
  bound: TenantBound | undefined
  value: unknown
  onChange: (v: number | undefined) => void
}) {
  const a = described(name, problems, !!hint)
  return (
    <Field>
      <label htmlFor={a.id}>{label}</label>
      <Input {...a} type="number" inputMode="numeric" min={bound?.min} max={bound?.max} step={bound?.step}
        placeholder={bound?.default === undefined ? undefined : String(bound.default)}
        value={typeof value === 'number' && !Number.isNaN(value) ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))} />
      {hint && <small id={`${a.id}-hint`}>{hint}</small>}
      <Problem name={name} problems={problems} />
    </Field>
  )
}

/** CheckField is a labelled checkbox. */
export function CheckField({ name, label, problems, checked, onChange }: Omit<FieldProps, 'hint'> & { checked: boolean; onChange: (v: boolean) => void }) {
  const a = described(name, problems)
  return (
    <Field>
      <span>
        <input {...a} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> <label htmlFor={a.id}>{label}</label>
      </span>
      <Problem name={name} problems={problems} />
    </Field>
  )
}

/** SelectField is a labelled choice of options (value, name). */
export function SelectField({ name, label, hint, problems, value, options, onChange }: FieldProps & {
  value: string
  options: { value: string; name: string }[]
  onChange: (v: string) => void
}) {
  const a = described(name, problems, !!hint)
  return (
    <Field>
      <label htmlFor={a.id}>{label}</label>
      <Select {...a} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </Select>
      {hint && <small id={`${a.id}-hint`}>{hint}</small>}
      <Problem name={name} problems={problems} />
    </Field>
  )
}

const Boxes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  label { font-weight: 400; white-space: nowrap; }
`

/** CheckList picks any of options: a group of checkboxes under its legend. */
export function CheckList({ name, legend, problems, options, value, onChange, children }: {
  name: string
  legend: string
  problems: Problems
  options: { value: string; name: string }[]
  value: string[]
  onChange: (v: string[]) => void
  children?: ReactNode
}) {
  const id = fieldId(name)
  return (
    <Section aria-describedby={problems[name] ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <Boxes>
        {options.map((o) => (
          <label key={o.value}>
            <input
              type="checkbox"
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />{' '}
            {o.name}
          </label>
        ))}
      </Boxes>
      <Field>
        <Problem name={name} problems={problems} />
      </Field>
      {children}
    </Section>
  )
}
