import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button, ButtonLink } from '../../components/Button'
import { Modal } from '../../components/Modal'
import type { Failure } from './rules'
import { space } from '../../theme/theme'

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space(2)};
  margin-top: ${space(4)};
`

/**
 * SendPrompt explains a refused send and leads to where it can be solved:
 * credits when the balance does not pay (every member pays in credits),
 * premium for premium-only features.
 */
export function SendPrompt({ prompt, onClose }: { prompt: Failure | null; onClose: () => void }) {
  const { t } = useTranslation()
  const credits = prompt?.kind === 'credits'
  const to = credits ? '/credits' : '/premium'
  return (
    <Modal
      open={!!prompt && (prompt.kind === 'credits' || prompt.kind === 'premium')}
      title={credits ? t('messenger.prompt.creditsTitle') : t('messenger.prompt.premiumTitle')}
      onClose={onClose}
      testId="send-prompt"
    >
      <p>{credits ? t('messenger.prompt.notEnoughCredits', { name: prompt.name }) : t('messenger.prompt.premiumOnly')}</p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('messenger.prompt.later')}
        </Button>
        <ButtonLink to={to} data-testid="send-prompt-action">
          {to === '/credits' ? t('messenger.prompt.buyCredits') : t('messenger.prompt.getPremium')}
        </ButtonLink>
      </Actions>
    </Modal>
  )
}
