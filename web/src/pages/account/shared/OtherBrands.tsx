import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'
import { useServices } from '../../../state/context'
import { accountApi } from '../api'
import { space } from '../../../theme/theme'

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)} ${space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`

/**
 * OtherBrands: "Also from <company>: ..." with links to the company's other
 * brands that serve the member (the brand's member_resell, GET
 * /api/brands.php); nothing when the server lists none.
 */
export function OtherBrands({ testId = 'other-brands' }: { testId?: string }) {
  const { t } = useTranslation()
  const { api } = useServices()
  const { state } = useLoad('other-brands', (signal) => accountApi(api).otherBrands(signal))
  if (state.status !== 'done' || state.data.brands.length === 0) return null
  const { company, brands } = state.data
  return (
    <section data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`}>{t('otherBrands.title', { company })}</h2>
      <List>
        {brands.map((b) => (
          <li key={b.url}>
            <a href={b.url}>{b.name}</a>
          </li>
        ))}
      </List>
    </section>
  )
}
