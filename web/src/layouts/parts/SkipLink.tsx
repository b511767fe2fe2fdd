import { useTranslation } from 'react-i18next'
import styled from 'styled-components'

const Skip = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: ${(p) => p.theme.zIndex.toast};
  padding: ${(p) => p.theme.space(2)} ${(p) => p.theme.space(4)};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.link};
  &:focus {
    left: ${(p) => p.theme.space(2)};
  }
`

export function SkipLink() {
  const { t } = useTranslation()
  return <Skip href="#main">{t('app.skipToContent')}</Skip>
}
