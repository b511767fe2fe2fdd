import { Suspense } from 'react'
import { Outlet } from 'react-router'
import styled from 'styled-components'
import { PageLoading } from '../components/PageLoading'

const MainEl = styled.main`
  flex: 1 0 auto;
  &:focus {
    outline: none;
  }
`

/** Main holds the routed page; pages load lazily behind a quiet loader. */
export function Main() {
  return (
    <MainEl id="main" tabIndex={-1}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </MainEl>
  )
}

export const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`
