// The Members page (/members): find a member by name, e-mail address,
// member id or the address (IP) they signed up or last logged in from, on
// every brand the staff member may read members of (the engine searches
// only those), and open the member page.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import type { ConsoleApi, FoundMember } from '../../api'
import { errorText } from '../../errors'
import { Alert, Button, Field, Heading, Input, Muted, colors } from '../../ui'
import { stateText } from './state'

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
  margin-bottom: 20px;
  > div { margin: 0; flex: 1 1 280px; max-width: 480px; }
`
const Scroll = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; width: 100%; font-size: 0.9375rem; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${colors.line}; }
`

/** MembersSearch is the console's member search. */
export function MembersSearch({ api }: { api: ConsoleApi }) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const [asked, setAsked] = useState<string | null>(null)
  const found = useLoad<FoundMember[]>(asked, () => api.searchMembers(asked ?? '').then((a) => a.members))

  const search = (e: FormEvent) => {
    e.preventDefault()
    const q = query.trim()
    if (q) setAsked(q)
  }

  return (
    <>
      <Heading>{t('members.search.heading')}</Heading>
      <Form role="search" onSubmit={search}>
        <Field>
          <label htmlFor="member-search">{t('members.search.label')}</label>
          <Input id="member-search" type="search" value={query} maxLength={200} aria-describedby="member-search-hint"
            onChange={(e) => setQuery(e.target.value)} />
          <small id="member-search-hint">{t('members.search.hint')}</small>
        </Field>
        <Button type="submit" disabled={!query.trim()}>{t('members.search.submit')}</Button>
      </Form>
      {asked !== null && found.state.status === 'loading' && <Muted role="status">{t('console.loading')}</Muted>}
      {found.state.status === 'failed' && <Alert role="alert">{errorText(t, found.state.error)}</Alert>}
      {found.state.status === 'done' && found.state.data.length === 0 && <Muted role="status">{t('members.search.none', { query: asked })}</Muted>}
      {found.state.status === 'done' && found.state.data.length > 0 && (
        <Scroll>
          <table aria-label={t('members.search.results')}>
            <thead>
              <tr>
                <th scope="col">{t('members.search.name')}</th>
                <th scope="col">{t('members.search.email')}</th>
                <th scope="col">{t('members.search.brand')}</th>
                <th scope="col">{t('members.search.state')}</th>
                <th scope="col">{t('members.search.signedUp')}</th>
              </tr>
            </thead>
            <tbody>
              {found.state.data.map((m) => (
                <tr key={`${m.tenant}-${m.id}`}>
                  <td><Link to={`/members/${encodeURIComponent(m.tenant)}/${m.id}`}>{t('members.search.open', { name: m.name || m.email, id: m.id })}</Link></td>
                  <td>{m.email}</td>
                  <td>{m.brand}</td>
                  <td>{stateText(t, m)}</td>
                  <td>{m.signup_date ? m.signup_date.slice(0, 10) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </>
  )
}
