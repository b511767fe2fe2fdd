import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import styled from 'styled-components'
import { Button } from '../../components/Button'
import { Field, Hint, Input, Label, Select, TextArea } from '../../components/Form'
import { Page, Panel } from '../../components/Page'
import { useAppState } from '../../state/context'
import { CATEGORIES, MESSAGE_MAX, MESSAGE_MIN, complaintInput, type Complaint } from './api'
import { useComplaints, useProfileName } from './hooks'
import { color, space } from '../../theme/theme'



const ErrorText = styled.p`
  color: ${color.danger};
`

const Done = styled.p`
  padding: ${space(3)};
  border-left: 4px solid ${color.success};
  background: ${color.background};
`

const List = styled.ul`
  padding: 0;
  margin: 0;
  list-style: none;
  li {
    padding: ${space(3)} 0;
    border-bottom: 1px solid ${color.border};
  }
  p {
    margin: ${space(1)} 0 0;
    white-space: pre-line;
  }
`

const Status = styled.span<{ $open: boolean }>`
  margin-left: ${space(2)};
  padding: 0 ${space(2)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${(p) => (p.$open ? color.onWarning : color.onSuccess)};
  background: ${(p) => (p.$open ? color.warning : color.success)};
`

function ComplaintList({ list }: { list: Complaint[] }) {
  const { t } = useTranslation()
  const locale = useAppState((s) => s.locale)
  return (
    <Panel data-testid="complaint-list">
      <h2>{t('complaints.yours')}</h2>
      {list.length === 0 ? (
        <p>{t('complaints.none')}</p>
      ) : (
        <List>
          {list.map((c) => (
            <li key={c.id} data-testid="complaint">
              <strong>{t(`complaints.categories.${c.category}`, { defaultValue: c.category })}</strong>
              <Status $open={c.status === 'open'}>{t(`complaints.status.${c.status}`, { defaultValue: c.status })}</Status>
              <Hint> {new Date(c.created_at).toLocaleDateString(locale)}</Hint>
              <p>{c.message}</p>
            </li>
          ))}
        </List>
      )}
    </Panel>
  )
}

/** ComplaintsPage: /complaints, the complaint form and the member's own complaints. */
export function ComplaintsPage() {
  const { t } = useTranslation()
  const id = useId()
  const [params] = useSearchParams()
  const loggedIn = useAppState((s) => !!s.user)
  const email = useAppState((s) => s.settings.support_email)
  const { list, file } = useComplaints(loggedIn)
  const pid = Number(params.get('profile_id'))
  const profileId = Number.isSafeInteger(pid) && pid > 0 ? pid : null
  const profileName = useProfileName(profileId)
  const [form, setForm] = useState({ category: profileId ? 'profile' : '', name: '', email: '', message: '' })
  const [error, setError] = useState<{ field: string; text: string } | null>(null)
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)
  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSent(false)
    if (form.message.trim().length < MESSAGE_MIN) {
      setError({ field: 'message', text: t('complaints.tooShort', { min: MESSAGE_MIN }) })
      return
    }
    setSending(true)
    const r = await file(complaintInput({ ...form, profileId }, loggedIn))
    setSending(false)
    if (r) {
      const text = r.text
        ? t(r.text[0], r.text[1])
        : t(`complaints.errors.${r.code}`, { min: MESSAGE_MIN, max: MESSAGE_MAX, defaultValue: r.message || t('errors.generic') })
      setError({ field: r.field, text })
      return
    }
    setError(null)
    setSent(true)
    setForm({ category: '', name: '', email: '', message: '' })
  }

  const errorId = `${id}-error`
  const describe = (field: string) => (error?.field === field ? errorId : undefined)

  return (
    <Page title={t('complaints.title')} lead={t('complaints.lead')} testId="complaints-page">
      <Panel>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="complaint-form" aria-label={t('complaints.form')}>
          {profileId && (
            <p data-testid="complaint-profile">
              {profileName ? t('complaints.aboutNamedProfile', { name: profileName }) : t('complaints.aboutProfile', { id: profileId })}
            </p>
          )}
          <Field>
            <Label htmlFor={`${id}-category`}>{t('complaints.category')}</Label>
            <Select id={`${id}-category`} value={form.category} onChange={(e) => set('category', e.currentTarget.value)}>
              <option value="">{t('complaints.chooseCategory')}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`complaints.categories.${c}`)}
                </option>
              ))}
            </Select>
          </Field>
          {!loggedIn && (
            <>
              <Field>
                <Label htmlFor={`${id}-name`}>{t('complaints.name')}</Label>
                <Input id={`${id}-name`} value={form.name} maxLength={100} autoComplete="name" aria-describedby={describe('name')} onChange={(e) => set('name', e.currentTarget.value)} />
              </Field>
              <Field>
                <Label htmlFor={`${id}-email`}>{t('complaints.email')}</Label>
                <Input id={`${id}-email`} type="email" value={form.email} required autoComplete="email" aria-describedby={describe('email')} onChange={(e) => set('email', e.currentTarget.value)} />
              </Field>
            </>
          )}
          <Field>
            <Label htmlFor={`${id}-message`}>{t('complaints.message')}</Label>
            <TextArea $rows={6} id={`${id}-message`} value={form.message} maxLength={MESSAGE_MAX} required aria-describedby={describe('message')} onChange={(e) => set('message', e.currentTarget.value)} />
            <Hint>{t('complaints.count', { n: form.message.length, max: MESSAGE_MAX })}</Hint>
          </Field>
          {error && (
            <ErrorText id={errorId} role="alert" data-testid="complaint-error">
              {error.text}
            </ErrorText>
          )}
          {sent && (
            <Done role="status" data-testid="complaint-sent">
              {t('complaints.sent')}
            </Done>
          )}
          <Button type="submit" disabled={sending}>
            {t('complaints.submit')}
          </Button>
        </form>
      </Panel>
      {loggedIn && list && <ComplaintList list={list} />}
      {email && (
        <Panel>
          {t('complaints.mail')} <a href={`mailto:${email}`}>{email}</a>
        </Panel>
      )}
    </Page>
  )
}
