import type { RouteObject } from 'react-router'
import { ChatLayout } from '../layouts/ChatLayout'
import { DefaultLayout } from '../layouts/DefaultLayout'
import { EmptyLayout } from '../layouts/EmptyLayout'
import { LanderLayout } from '../layouts/LanderLayout'
import { ErrorPage, NotFoundPage } from './ErrorPage'
import { MemberOnly } from './MemberOnly'
import { pages } from './pages'
import { Root } from './Root'
import { routeTable, type LayoutName, type RouteDef } from './routeTable'

const layouts: Record<LayoutName, () => React.JSX.Element> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
}

function pageRoute(def: RouteDef): RouteObject {
  const Page = pages[def.page]
  return {
    path: def.path,
    handle: { name: def.name, layout: def.layout },
    errorElement: <ErrorPage />,
    element: def.auth ? (
      <MemberOnly>
        <Page />
      </MemberOnly>
    ) : (
      <Page />
    ),
  }
}

/** appRoutes is the route tree: the root, one branch per layout, then the pages. */
export function appRoutes(): RouteObject[] {
  const branches: RouteObject[] = (Object.keys(layouts) as LayoutName[]).map((name) => {
    const Layout = layouts[name]
    const children = routeTable.filter((r) => r.layout === name).map(pageRoute)
    if (name === 'default') {
      children.push({ path: '*', handle: { name: 'not-found', layout: 'default' }, element: <NotFoundPage /> })
    }
    return { element: <Layout />, errorElement: <ErrorPage />, children }
  })
  return [{ element: <Root />, errorElement: <ErrorPage />, children: branches }]
}
