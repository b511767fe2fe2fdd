import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import type { ConsoleApi } from '../../api'
import { errorText } from '../../errors'
import { Alert, Field, Muted, colors } from '../../ui'
import { Select } from '../TenantPicker'

/** Look is a brand file's look section as these fields edit it; other keys (the colour overrides) pass through. */
export interface Look {
  layout?: { home?: string; card?: string; nav?: string; header?: string; footer?: string; sections?: string[] }
  logo?: string
  icon?: string
  [key: string]: unknown
}

const Box = styled.fieldset`
  border: 1px solid ${colors.line};
  border-radius: 8px;
  padding: 12px 16px 4px;
  margin: 0 0 16px;
  /* A fieldset is as wide as its widest choice unless told otherwise. */
  min-width: 0;
  legend {
    font-weight: 700;
    padding: 0 4px;
  }
`

const Mark = styled.img`
  width: 48px;
  height: 48px;
  object-fit: contain;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  background: ${colors.card};
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`

const Sections = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  label {
    font-weight: 400;
  }
`

type Variant = 'home' | 'card' | 'nav' | 'header' | 'footer'

/**
 * LookLayoutFields edits a brand's own look over its theme's: the layout variants
 * (visitor home, profile card, tab bar, header, footer; "the theme's" leaves the choice to
 * the theme), the home's sections in order, and its own logo and icon,
 * uploaded at once (the engine stores them and names them in the file; the
 * answer's look comes back through onChange, so a later save keeps them).
 */
export function LookLayoutFields({ api, slug, theme, look, onChange }: { api: ConsoleApi; slug: string; theme: string; look: Look; onChange: (look: Look) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const choices = useLoad('look-choices', () => api.lookChoices())
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<'' | 'logo' | 'icon'>('')
  if (choices.state.status === 'failed') return <Alert role="alert">{errorText(t, choices.state.error)}</Alert>
  if (choices.state.status !== 'done') return <Muted role="status">{t('console.loading')}</Muted>
  const c = choices.state.data
  const themeOf = c.themes.find((th) => th.name === theme)
  const layout = look.layout ?? {}
  const setLayout = (change: Look['layout']) => {
    const next = { ...layout, ...change }
    for (const k of Object.keys(next) as (keyof typeof next)[]) if (next[k] === undefined || next[k] === '') delete next[k]
    onChange({ ...look, layout: next })
  }
  const sections = layout.sections ?? themeOf?.layout.sections ?? c.sections
  const toggle = (s: string) => (e: ChangeEvent<HTMLInputElement>) =>
    setLayout({ sections: e.target.checked ? c.sections.filter((x) => x === s || sections.includes(x)) : sections.filter((x) => x !== s) })
  const upload = (image: 'logo' | 'icon') => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setError('')
    if (file.size > c.max_image_bytes) {
      setError(t('console.look.tooLarge', { kb: Math.round(c.max_image_bytes / 1024) }))
      return
    }
    setBusy(image)
    try {
      const a = await api.uploadLookImage(slug, image, file)
      const stored = (a.file as { look?: Look }).look ?? {}
      onChange({ ...look, [image]: stored[image] })
    } catch (err) {
      setError(errorText(t, err))
    } finally {
      setBusy('')
    }
  }
  const select = (k: Variant, names: string[]) => (
    <Field>
      <label htmlFor={`${id}-${k}`}>{t(`console.look.${k}`)}</label>
      <Select id={`${id}-${k}`} value={layout[k] ?? ''} onChange={(e) => setLayout({ [k]: e.target.value })}>
        <option value="">{t('console.look.themes', { choice: themeOf ? t(`console.look.variants.${themeOf.layout[k] ?? names[0]}`) : names[0] })}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {t(`console.look.variants.${n}`)}
          </option>
        ))}
      </Select>
    </Field>
  )
  const image = (k: 'logo' | 'icon') => (
    <Field>
      <label htmlFor={`${id}-${k}`}>{t(`console.look.${k}`)}</label>
      <Row>
        <Mark src={look[k] || (themeOf ? themeOf[k] : '')} alt={t(`console.look.${k}Now`)} width={48} height={48} />
        <input id={`${id}-${k}`} type="file" accept="image/png,image/svg+xml" onChange={(e) => void upload(k)(e)} disabled={busy !== ''} aria-describedby={`${id}-imageHint`} />
        {busy === k && <span role="status">{t('console.look.uploading')}</span>}
      </Row>
    </Field>
  )
  return (
    <Box data-testid="look-fields">
      <legend>{t('console.look.legend')}</legend>
      {select('home', c.home)}
      {select('card', c.card)}
      {select('nav', c.nav)}
      {select('header', c.header)}
      {select('footer', c.footer)}
      <Field as="fieldset" style={{ border: 0, padding: 0 }}>
        <legend>{t('console.look.sections')}</legend>
        <Sections>
          {c.sections.map((s) => (
            <li key={s}>
              <label>
                <input type="checkbox" checked={sections.includes(s)} onChange={toggle(s)} /> {t(`console.look.section.${s}`)}
              </label>
            </li>
          ))}
        </Sections>
      </Field>
      {image('logo')}
      {image('icon')}
      <Muted id={`${id}-imageHint`}>{t('console.look.imageHint', { kb: Math.round(c.max_image_bytes / 1024) })}</Muted>
      {error && <Alert role="alert">{error}</Alert>}
    </Box>
  )
}
