import { useTranslation } from 'react-i18next'
import { tradeNameStatement } from './company'
import { useAppState } from '../../state/context'

/**
 * TradeName says which company the brand is a trade name of ('LustLokaal is
 * a trade name of Lokaal Media B.V., Herengracht 420, ...'); nothing when
 * the company has no trade name other than its own name.
 */
export function TradeName({ testId = 'trade-name' }: { testId?: string }) {
  const { t } = useTranslation()
  const company = useAppState((s) => s.company)
  const brand = useAppState((s) => s.tenant.name)
  const statement = tradeNameStatement(company, brand)
  if (!statement) return null
  return <p data-testid={testId}>{t('footer.tradeName', statement)}</p>
}
