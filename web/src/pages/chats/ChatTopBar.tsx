import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Container } from '../../components/Grid'
import { Logo } from '../../nav/Logo'

const Bar = styled.header`
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
`

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space(3)};
  min-height: 56px;
  a {
    color: ${(p) => p.theme.colors.onPrimary};
  }
`

/** ChatTopBar is the in-chat top bar of the bare chat layout. */
export function ChatTopBar() {
  const { t } = useTranslation()
  return (
    <Bar data-testid="site-header">
      <Container>
        <Inner>
          <Logo onPrimary />
          <nav aria-label={t('nav.main')}>
            <Link to="/members">{t('chats.back')}</Link>
          </nav>
        </Inner>
      </Container>
    </Bar>
  )
}
