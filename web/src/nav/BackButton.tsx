import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import styled from 'styled-components'
import { useRouteHandle } from '../app/hooks'
import { isInstalledApp } from '../app/display'
import { showBackButton } from './rules'
import { ArrowLeft, Icon } from '../components/Icon'
import { color, radius } from '../theme/theme'

const Back = styled.button`
  min-width: 40px;
  min-height: 40px;
  border: 0;
  border-radius: ${radius.md};
  background: rgba(255, 255, 255, 0.15);
  color: ${color.onPrimary};
  font-size: 1.25rem;
  cursor: pointer;
`

/** BackButton: installed-app mode, history longer than 1, on member, likes, credits and payment-method pages. */
export function BackButton() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const handle = useRouteHandle()
  if (!showBackButton(handle?.name, isInstalledApp(), window.history.length)) return null
  return (
    <Back type="button" aria-label={t('nav.back')} onClick={() => void navigate(-1)} data-testid="back-button">
      <Icon icon={ArrowLeft} />
    </Back>
  )
}
