import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styled from 'styled-components'
import { pageWindow } from './searchQuery'
import { color, radius, space } from '../../theme/theme'

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(6)};
  padding: 0;
  list-style: none;
  a,
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
    color: ${color.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${color.primary};
    border-color: ${color.primary};
    color: ${color.onPrimary};
  }
  span {
    border-color: transparent;
  }
`

export interface PaginationProps {
  page: number
  pages: number
  /** href is the link of a page. */
  href: (page: number) => string
}

/** Pagination links the pages of a search: previous, numbers with gaps, next. */
export function Pagination({ page, pages, href }: PaginationProps) {
  const { t } = useTranslation()
  const items = pageWindow(page, pages)
  if (items.length === 0) return null
  return (
    <nav aria-label={t('discovery.pages')} data-testid="pagination">
      <List>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t('discovery.previous')}
            </Link>
          </li>
        )}
        {items.map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`}>
              <span aria-hidden="true">{'…'}</span>
            </li>
          ) : (
            <li key={p}>
              <Link to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('discovery.page', { page: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t('discovery.next')}
            </Link>
          </li>
        )}
      </List>
    </nav>
  )
}
