import { Suspense } from 'react'
import { Outlet } from 'react-router'
import styled from 'styled-components'
import { FailureView } from '../app/ErrorPage'
import { PageLoading } from '../components/PageLoading'
import { useAppState } from '../state/context'

const MainEl = styled.main<{ $fill?: boolean }>`
  flex: 1 0 auto;
  ${(p) =>
    p.$fill &&
    `
    display: flex;
    flex-direction: column;
    flex: 1 1 0;
    min-height: 0;
  `}
  &:focus {
    outline: none;
  }
`

/**
 * Main holds the routed page; pages load lazily behind a quiet loader. While
 * the page refreshes the loader runs; a failed refresh marks it failed and
 * shows the error page instead of the page. fill makes it a column that
 * takes the screen's remaining height and no more (the chat screens scroll
 * inside, the page does not).
 */
export function Main({ fill = false }: { fill?: boolean }) {
  const loader = useAppState((s) => s.loader)
  return (
    <MainEl id="main" tabIndex={-1} $fill={fill}>
      {loader.state === 'loading' && <PageLoading />}
      {loader.state === 'failed' ? (
        <>
          <PageLoading failed />
          <FailureView error={loader.error} />
        </>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
    </MainEl>
  )
}

/**
 * Shell is a layout's full-height column: at least the screen's height (the
 * dynamic viewport on phones, whose browser bars come and go); a fixed shell
 * is exactly that high and scrolls inside its screens.
 */
export const Shell = styled.div<{ $fixed?: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
  ${(p) =>
    p.$fixed &&
    `
    height: 100vh;
    height: 100dvh;
    overflow: hidden;
  `}
`
