import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button'
import { Hint } from './Hint'

/** LoadFailed says the packages did not load and offers to load them again. */
export function LoadFailed({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation()
  return (
    <Hint $tone="danger" role="alert">
      {t('credits.loadFailed')}{' '}
      <Button type="button" $variant="secondary" onClick={onReload}>
        {t('credits.reload')}
      </Button>
    </Hint>
  )
}
