import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import styled from 'styled-components'
import { Container } from '../components/Grid'
import { ArrowLeft, Icon } from '../components/Icon'
import { color, radius, space } from '../theme/theme'
import { Bar } from './Header'
import { Logo } from './Logo'

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 52px;
  padding: ${space(1)} 0;
`

const Back = styled(Link)`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  min-width: 40px;
  min-height: 40px;
  border-radius: ${radius.md};
  background: rgba(255, 255, 255, 0.15);
  color: ${color.onPrimary};
  font-size: 1.25rem;
`

/** backOf is where a signup page's way back leads: the profile it was opened from, else the home page. */
export function backOf(pathname: string): string {
  const m = /^\/members\/(\d+)\/signup\/?$/.exec(pathname)
  return m ? `/members/${m[1]}` : '/'
}

/**
 * FlowHeader is the header of the signup pages: the brand and a way back,
 * nothing else to wander off to while the steps run.
 */
export function FlowHeader() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <Bar data-testid="site-header">
      <Container>
        <Row>
          <Back to={backOf(pathname)} aria-label={t('nav.back')} data-testid="flow-back">
            <Icon icon={ArrowLeft} />
          </Back>
          <Logo onPrimary />
        </Row>
      </Container>
    </Bar>
  )
}
