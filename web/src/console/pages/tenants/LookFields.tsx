// The brand's look: its own colours over its theme's, each with a picker,
// and the member app's colour pairs with their contrast as the operator
// picks, so a colour that fails WCAG AA shows before it is saved.
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { TenantFile } from '../../api'
import { Button, Muted, colors as ui } from '../../ui'
import { colorNames, colorsOf, fieldId, pairChecks, type Problems } from './draft'
import { Problem, Section, Wide } from './fields'

const Colors = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 8px 16px;
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
  label { font-weight: 600; min-width: 7rem; }
  input[type='color'] { width: 48px; height: 36px; padding: 2px; border: 1px solid ${ui.line}; border-radius: 6px; background: ${ui.card}; }
  input[aria-invalid='true'] { border-color: ${ui.danger}; outline: 2px solid ${ui.danger}; }
  small { flex-basis: 100%; }
`

const Swatch = styled.span<{ $fg: string; $bg: string }>`
  display: inline-block;
  padding: 0 8px;
  border-radius: 4px;
  border: 1px solid ${ui.line};
  color: ${(p) => p.$fg};
  background: ${(p) => p.$bg};
  font-weight: 700;
`

const Fails = styled.td`
  color: ${ui.danger};
  font-weight: 700;
`

/** LookFields edits look.colors; slot is where more of the brand's look (logo, layout) is mounted. */
export function LookFields({ file, themes, problems, onChange, slot }: {
  file: TenantFile
  themes: Record<string, Record<string, string>>
  problems: Problems
  onChange: (colors: Record<string, string>) => void
  slot?: React.ReactNode
}) {
  const { t } = useTranslation()
  const own = file.look?.colors ?? {}
  const merged = colorsOf(file, themes)
  const set = (name: string, value: string | undefined) => {
    const next = { ...own }
    if (value === undefined) delete next[name]
    else next[name] = value
    onChange(next)
  }
  const checks = pairChecks(merged)
  return (
    <Section>
      <legend>{t('console.brand.look')}</legend>
      {/* More of the brand's look (its logo and icon, the layout variants) is mounted here. */}
      {slot}
      <Muted>{t('console.brand.colorsHint', { theme: file.theme })}</Muted>
      <Colors>
        {colorNames.map((name) => {
          const field = `look.colors.${name}`
          const id = fieldId(field)
          const value = merged[name] ?? '#000000'
          return (
            <li key={name}>
              <label htmlFor={id}>{name}</label>
              <input
                id={id}
                type="color"
                value={value.toLowerCase()}
                aria-invalid={problems[field] ? true : undefined}
                aria-describedby={problems[field] ? `${id}-error` : undefined}
                onChange={(e) => set(name, e.target.value)}
              />
              <code>{value}</code>
              {name in own && (
                <Button type="button" $quiet onClick={() => set(name, undefined)} aria-label={t('console.brand.colorReset', { name })}>
                  {t('console.brand.colorResetShort')}
                </Button>
              )}
              <Problem name={field} problems={problems} />
            </li>
          )
        })}
      </Colors>
      <Wide>
        <table>
          <caption>{t('console.brand.contrastCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.brand.contrastPair')}</th>
              <th scope="col">{t('console.brand.contrastWhere')}</th>
              <th scope="col">{t('console.brand.contrastRatio')}</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => {
              const ok = c.ratio >= c.need
              const ratio = t('console.brand.ratio', { ratio: c.ratio.toFixed(2), need: c.need })
              return (
                <tr key={`${c.fg} ${c.bg} ${c.kind}`} data-pair={`${c.fg}/${c.bg}/${c.kind}`}>
                  <td>
                    <Swatch $fg={merged[c.fg]} $bg={merged[c.bg]}>
                      {c.fg} / {c.bg}
                    </Swatch>
                  </td>
                  <td>{c.where}</td>
                  {ok ? <td>{ratio}</td> : <Fails>{t('console.brand.ratioFails', { ratio: c.ratio.toFixed(2), need: c.need })}</Fails>}
                </tr>
              )
            })}
          </tbody>
        </table>
      </Wide>
    </Section>
  )
}
