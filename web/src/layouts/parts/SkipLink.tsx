import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { color, space, zIndex } from '../../theme/theme'

const Skip = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: ${zIndex.toast};
  padding: ${space(2)} ${space(4)};
  background: ${color.surface};
  color: ${color.link};
  &:focus {
    left: ${space(2)};
  }
`

export function SkipLink() {
  const { t } = useTranslation()
  return <Skip href="#main">{t('app.skipToContent')}</Skip>
}
