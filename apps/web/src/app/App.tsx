import './mantine-styles.js';
import '@mantine/notifications/styles.css';
import './touch-targets.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useSessionFromOtherTabs, useUserLeavings } from '../api/account.js';
import { useLiveSettlement } from '../api/live.js';
import { createQueryClient } from '../api/query-client.js';
import { FundPasswordHost } from '../components/FundPasswordHost.js';
import { PageError } from '../components/PageError.js';
import { Toasts } from '../components/Toasts.js';
import { AuthGateProvider } from '../features/auth/auth-gate.js';
import type { Messages } from '../i18n/en.js';
import { i18n } from '../i18n/index.js';
import { AliasRedirect } from './AliasRedirect.js';
import { Layout } from './Layout.js';
import { type LazyPage, lazyPage } from './lazy-page.js';
import { PageTakenOver } from './PageTakenOver.js';
import { RequireAuth } from './RequireAuth.js';
import { theme } from './theme.js';
import { useUserLeft } from './user-left.js';

const LoginPage = lazyPage(() => import('../features/auth/LoginPage.js'));
const AssetsPage = lazyPage(() => import('../features/assets/AssetsPage.js'));
const SecurityPage = lazyPage(() => import('../features/settings/SecurityPage.js'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage.js'));
const SimpleEarnHome = lazyPage(() => import('../features/simple-earn/SimpleEarnHome.js'));
const MyLendingsPage = lazyPage(() => import('../features/simple-earn/MyLendingsPage.js'));
const HoldingDetailPage = lazyPage(() => import('../features/simple-earn/HoldingDetailPage.js'));
const VipWealthPage = lazyPage(() => import('../features/simple-earn/fixed/VipWealthPage.js'));
const VipPage = lazyPage(() => import('../features/vip/VipPage.js'));
const HistoryPage = lazyPage(() => import('../features/simple-earn/HistoryPage.js'));
const FaqPage = lazyPage(() => import('../features/simple-earn/FaqPage.js'));
const ClockPage = lazyPage(() => import('../features/admin/ClockPage.js'));
const LaunchpoolPage = lazyPage(() => import('../features/launchpool/LaunchpoolPage.js'));
const StakePage = lazyPage(() => import('../features/launchpool/StakePage.js'));
const StakingHubPage = lazyPage(() => import('../features/staking/StakingHubPage.js'));
const LegalPage = lazyPage(() => import('../features/legal/LegalPage.js'));
const SoftStakingPage = lazyPage(() => import('../features/soft-staking/SoftStakingPage.js'));

const queryClient = createQueryClient();

function Page({ children, auth }: { children: React.ReactNode; auth?: boolean }) {
  const { pathname } = useLocation();
  const content = (
    <ErrorBoundary FallbackComponent={PageError} resetKeys={[pathname]}>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        {children}
        <PageTakenOver />
      </Suspense>
    </ErrorBoundary>
  );
  return auth ? <RequireAuth>{content}</RequireAuth> : content;
}

/** What a page's route carries: its code, which `preloadPage` can fetch, and its title's key. */
interface PageHandle {
  page: LazyPage<object>;
  title?: keyof Messages;
}

/** A route showing a lazy page, titled `title` in the browser's tab (the app's name alone without). */
function page(
  content: ReactElement<object, LazyPage<object>>,
  { auth = false, title }: { auth?: boolean; title?: keyof Messages } = {},
): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <Page auth={auth}>{content}</Page>, handle: { page: content.type, title } satisfies PageHandle };
}

function handles(pathname: string): PageHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((m) => (m.route.handle ? [m.route.handle as PageHandle] : []));
}

/** Fetches the code of the page at `pathname`, so the app's first render shows it at once. */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all(handles(pathname).map((h) => h.page.preload()));
}

/** The browser tab's title for the page at `pathname`, in the language shown: "Launchpool | Earn". */
export function pageTitle(pathname: string): string {
  const title = handles(pathname).at(-1)?.title;
  return title ? `${i18n.t(title)} | ${i18n.t('app.name')}` : i18n.t('app.name');
}

/**
 * The app's pages as route patterns ('/', '/staking/:coin'), each with the key of its tab title if
 * it has one; any other address is the not-found page's.
 */
export function appRoutes(): { pattern: string; title?: keyof Messages }[] {
  return (routes[0]?.children ?? []).flatMap((route) =>
    route.path === '*'
      ? []
      : [{ pattern: route.index ? '/' : `/${route.path}`, title: (route.handle as PageHandle | undefined)?.title }],
  );
}

function usePageTitle() {
  const { pathname } = useLocation();
  const { i18n: shown } = useTranslation();
  const language = shown.language;
  useEffect(() => {
    if (language) document.title = pageTitle(pathname);
  }, [pathname, language]);
}

function Shell() {
  usePageTitle();
  useLiveSettlement();
  useSessionFromOtherTabs();
  const leavings = useUserLeavings();
  // The signed-in user left: the frame and page are drawn afresh (keyed), so no dialog or typed
  // amount of theirs is left open to act as the next user.
  useUserLeft(leavings);
  return (
    <AuthGateProvider key={leavings}>
      <Layout />
      <FundPasswordHost />
    </AuthGateProvider>
  );
}

// Declarative routing: the app loads no data through the router, so the data router's weight is not sent.
const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/simple-earn" replace /> },
      {
        path: 'login',
        ...page(<LoginPage />, { title: 'nav.login' }),
      },
      {
        path: 'assets',
        ...page(<AssetsPage />, { auth: true, title: 'assets.title' }),
      },
      {
        path: 'settings/security',
        ...page(<SecurityPage />, { auth: true, title: 'security.title' }),
      },
      {
        path: 'simple-earn',
        ...page(<SimpleEarnHome />, { title: 'earn.title' }),
      },
      {
        path: 'simple-earn/my-lendings',
        ...page(<MyLendingsPage />, { auth: true, title: 'earn.myHoldings' }),
      },
      {
        path: 'simple-earn/my-lendings/:id',
        ...page(<HoldingDetailPage />, { auth: true, title: 'earn.myHoldings' }),
      },
      {
        path: 'vip-wealth',
        ...page(<VipWealthPage />, { title: 'fixed.vip.title' }),
      },
      {
        // Spec: the VIP page, and with ?upTo={tier} the upgrade link's.
        path: 'vip',
        ...page(<VipPage />, { title: 'vip.title' }),
      },
      {
        path: 'simple-earn/history',
        ...page(<HistoryPage />, { auth: true, title: 'earn.history.title' }),
      },
      {
        path: 'simple-earn/faq',
        ...page(<FaqPage />, { title: 'earn.faq' }),
      },
      {
        path: 'launchpool',
        ...page(<LaunchpoolPage />, { title: 'nav.launchpool' }),
      },
      {
        path: 'staking',
        ...page(<StakingHubPage />, { title: 'staking.title' }),
      },
      {
        // Spec: /staking/{coin}?pid= opens the stake modal of that product.
        path: 'staking/:coin',
        ...page(<StakingHubPage />, { title: 'staking.title' }),
      },
      {
        path: 'launchpool/stake',
        ...page(<StakePage />, { auth: true, title: 'nav.launchpool' }),
      },
      {
        path: 'operator/clock',
        ...page(<ClockPage />, { auth: true, title: 'admin.clock.title' }),
      },
      {
        path: 'asset-management/institution/disclaimer',
        ...page(<LegalPage doc="disclaimer" />, { title: 'legal.disclaimer.title' }),
      },
      {
        path: 'soft-staking',
        ...page(<SoftStakingPage />, { title: 'softStaking.title' }),
      },
      {
        path: 'soft-staking/agreement',
        ...page(<LegalPage doc="softStaking" />, { title: 'legal.softStaking.title' }),
      },
      { path: 'myaccount/funds/finance/my_lendings', element: <AliasRedirect to="/simple-earn/my-lendings" /> },
      { path: 'myaccount/funds/finance/vip-wealth', element: <AliasRedirect to="/vip-wealth" /> },
      { path: 'myaccount/myfunds/financial_staking', element: <AliasRedirect to="/staking" add={{ tab: 'mine' }} /> },
      { path: 'myaccount/funds/finance/staking', element: <AliasRedirect to="/staking" add={{ tab: 'mine' }} /> },
      { path: 'myaccount/funds/spot', element: <AliasRedirect to="/assets" /> },
      {
        path: '*',
        ...page(<NotFoundPage />, { title: 'common.pageNotFound' }),
      },
    ],
  },
];

/** Every page of the app, under whichever router the caller provides (the browser's, or a static one to prerender). */
export function AppRoutes() {
  return <ErrorBoundary FallbackComponent={PageError}>{useRoutes(routes)}</ErrorBoundary>;
}

/** What every page stands on: the theme, notifications and the server-state cache. */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
