import './mantine-styles.js';
import '@mantine/notifications/styles.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useSessionFromOtherTabs } from '../api/account.js';
import { ApiError } from '../api/errors.js';
import { useLiveSettlement } from '../api/live.js';
import { FundPasswordHost } from '../components/FundPasswordHost.js';
import { PageError } from '../components/PageError.js';
import { AuthGateProvider } from '../features/auth/auth-gate.js';
import { AliasRedirect } from './AliasRedirect.js';
import { Layout } from './Layout.js';
import { RequireAuth } from './RequireAuth.js';
import { theme } from './theme.js';

const LoginPage = lazy(() => import('../features/auth/LoginPage.js'));
const AssetsPage = lazy(() => import('../features/assets/AssetsPage.js'));
const SecurityPage = lazy(() => import('../features/settings/SecurityPage.js'));
const NotFoundPage = lazy(() => import('./NotFoundPage.js'));
const SimpleEarnHome = lazy(() => import('../features/simple-earn/SimpleEarnHome.js'));
const MyLendingsPage = lazy(() => import('../features/simple-earn/MyLendingsPage.js'));
const HoldingDetailPage = lazy(() => import('../features/simple-earn/HoldingDetailPage.js'));
const VipWealthPage = lazy(() => import('../features/simple-earn/fixed/VipWealthPage.js'));
const HistoryPage = lazy(() => import('../features/simple-earn/HistoryPage.js'));
const FaqPage = lazy(() => import('../features/simple-earn/FaqPage.js'));
const ClockPage = lazy(() => import('../features/admin/ClockPage.js'));
const LaunchpoolPage = lazy(() => import('../features/launchpool/LaunchpoolPage.js'));
const StakePage = lazy(() => import('../features/launchpool/StakePage.js'));
const StakingHubPage = lazy(() => import('../features/staking/StakingHubPage.js'));
const LegalPage = lazy(() => import('../features/legal/LegalPage.js'));
const SoftStakingPage = lazy(() => import('../features/soft-staking/SoftStakingPage.js'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry transient failures (spec: up to 10), never a refusal the server meant.
      retry: (count, error) => count < 10 && error instanceof ApiError && error.isNetwork,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 15_000),
    },
  },
});

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
      </Suspense>
    </ErrorBoundary>
  );
  return auth ? <RequireAuth>{content}</RequireAuth> : content;
}

function Shell() {
  useLiveSettlement();
  useSessionFromOtherTabs();
  return (
    <AuthGateProvider>
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
        element: (
          <Page>
            <LoginPage />
          </Page>
        ),
      },
      {
        path: 'assets',
        element: (
          <Page auth>
            <AssetsPage />
          </Page>
        ),
      },
      {
        path: 'settings/security',
        element: (
          <Page auth>
            <SecurityPage />
          </Page>
        ),
      },
      {
        path: 'simple-earn',
        element: (
          <Page>
            <SimpleEarnHome />
          </Page>
        ),
      },
      {
        path: 'simple-earn/my-lendings',
        element: (
          <Page auth>
            <MyLendingsPage />
          </Page>
        ),
      },
      {
        path: 'simple-earn/my-lendings/:id',
        element: (
          <Page auth>
            <HoldingDetailPage />
          </Page>
        ),
      },
      {
        path: 'vip-wealth',
        element: (
          <Page>
            <VipWealthPage />
          </Page>
        ),
      },
      {
        path: 'simple-earn/history',
        element: (
          <Page auth>
            <HistoryPage />
          </Page>
        ),
      },
      {
        path: 'simple-earn/faq',
        element: (
          <Page>
            <FaqPage />
          </Page>
        ),
      },
      {
        path: 'launchpool',
        element: (
          <Page>
            <LaunchpoolPage />
          </Page>
        ),
      },
      {
        path: 'staking',
        element: (
          <Page>
            <StakingHubPage />
          </Page>
        ),
      },
      {
        // Spec: /staking/{coin}?pid= opens the stake modal of that product.
        path: 'staking/:coin',
        element: (
          <Page>
            <StakingHubPage />
          </Page>
        ),
      },
      {
        path: 'launchpool/stake',
        element: (
          <Page auth>
            <StakePage />
          </Page>
        ),
      },
      {
        path: 'operator/clock',
        element: (
          <Page auth>
            <ClockPage />
          </Page>
        ),
      },
      {
        path: 'asset-management/institution/disclaimer',
        element: (
          <Page>
            <LegalPage doc="disclaimer" />
          </Page>
        ),
      },
      {
        path: 'soft-staking',
        element: (
          <Page>
            <SoftStakingPage />
          </Page>
        ),
      },
      {
        path: 'soft-staking/agreement',
        element: (
          <Page>
            <LegalPage doc="softStaking" />
          </Page>
        ),
      },
      { path: 'myaccount/funds/finance/my_lendings', element: <AliasRedirect to="/simple-earn/my-lendings" /> },
      { path: 'myaccount/funds/finance/vip-wealth', element: <AliasRedirect to="/vip-wealth" /> },
      { path: 'myaccount/myfunds/financial_staking', element: <AliasRedirect to="/staking" add={{ tab: 'mine' }} /> },
      { path: 'myaccount/funds/finance/staking', element: <AliasRedirect to="/staking" add={{ tab: 'mine' }} /> },
      { path: 'myaccount/funds/spot', element: <AliasRedirect to="/assets" /> },
      {
        path: '*',
        element: (
          <Page>
            <NotFoundPage />
          </Page>
        ),
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ErrorBoundary FallbackComponent={PageError}>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
