import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { LoginPanel } from '../account'
import { Page } from '../../components/Page'
import { currentTracking, loggedOutSearchAllowed } from '../../rules/tracking'
import { useAppState } from '../../state/context'
import { SearchForm } from './SearchForm'

/** MembersPage: /members, the member search. */
export function MembersPage() {
  const { t } = useTranslation()
  const loggedIn = useAppState((s) => !!s.user)
  const settings = useAppState((s) => s.settings)
  if (!loggedIn && !loggedOutSearchAllowed(settings, currentTracking() !== null)) return <LoginPanel />
  return (
    <Page title={t('members.title')} lead={t('members.lead')} testId="members-page">
      <SearchForm />
    </Page>
  )
}

/** MemberPage: /members/{id}, a member's profile. */
export function MemberPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const loggedIn = useAppState((s) => !!s.user)
  return (
    <Page title={t('member.title')} lead={t('member.lead')}>
      {loggedIn ? <Link to={`/members/${id}/chat`}>{t('member.chat')}</Link> : <Link to="/login">{t('member.loginToChat')}</Link>}
    </Page>
  )
}
