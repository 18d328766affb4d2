import { lazy, Suspense, type LazyExoticComponent, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { GuardedRoute } from './route-guard';
import { ROUTES, type AppRoute } from './route-table';

const AppLayout = lazy(() => import('./shell/app-layout'));
const SlimLayout = lazy(() => import('./shell/slim-layout'));

/** Signed-in pages get their shell; without a session the guard below redirects, so no shell code is fetched. */
function ShellRoute({ layout: Layout }: { layout: LazyExoticComponent<ComponentType> }) {
  const { authToken } = useSession();
  if (!authToken) return <Outlet />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Layout />
    </Suspense>
  );
}

const toRouteObject = (route: AppRoute): RouteObject => ({ path: route.path, element: <GuardedRoute route={route} /> });

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...ROUTES.filter((route) => !route.access.login).map(toRouteObject),
      { element: <ShellRoute layout={SlimLayout} />, children: ROUTES.filter((r) => r.access.login && !r.navbar).map(toRouteObject) },
      { element: <ShellRoute layout={AppLayout} />, children: ROUTES.filter((r) => r.access.login && r.navbar).map(toRouteObject) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
