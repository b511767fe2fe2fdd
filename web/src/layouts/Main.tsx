import { Suspense } from 'react'
import { Outlet } from 'react-router'
import styled from 'styled-components'
import { FailureView } from '../app/ErrorPage'
import { PageLoading } from '../components/PageLoading'
import { useAppState } from '../state/context'

const MainEl = styled.main`
  flex: 1 0 auto;
  &:focus {
    outline: none;
  }
`

/**
 * Main holds the routed page; pages load lazily behind a quiet loader. While
 * the page refreshes the loader runs; a failed refresh marks it failed and
 * shows the error page instead of the page.
 */
export function Main() {
  const loader = useAppState((s) => s.loader)
  return (
    <MainEl id="main" tabIndex={-1}>
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

export const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`
