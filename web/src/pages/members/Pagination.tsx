import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { color, radius, space } from '../../theme/theme'

const Steps = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)} ${space(3)};
  margin: 0 0 ${space(6)};
  a,
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
    background: transparent;
    color: ${color.text};
    font: inherit;
    text-decoration: none;
    cursor: pointer;
  }
`

export interface PageStepsProps {
  page: number
  pages: number
  /** nextHref is the address of the page after this one (its cursor), null on the last. */
  nextHref: string | null
  /** onBack returns to the page before, the one the member came from. */
  onBack: () => void
}

/**
 * PageSteps walks a search a page at a time: each page starts where the one
 * before ended (a cursor), so nobody shows twice or is skipped while members
 * become active; back is the browser's way back.
 */
export function PageSteps({ page, pages, nextHref, onBack }: PageStepsProps) {
  const { t } = useTranslation()
  if (page <= 1 && !nextHref) return null
  return (
    <nav aria-label={t('discovery.pages')} data-testid="pagination">
      <Steps>
        {page > 1 && (
          <button type="button" onClick={onBack}>
            {t('discovery.previous')}
          </button>
        )}
        <span>{t('discovery.pageOf', { page, pages: Math.max(page, pages) })}</span>
        {nextHref && (
          <Link to={nextHref} rel="next">
            {t('discovery.next')}
          </Link>
        )}
      </Steps>
    </nav>
  )
}
