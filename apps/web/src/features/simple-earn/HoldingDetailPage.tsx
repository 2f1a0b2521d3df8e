import { lazy } from 'react';
import { useSearchParams } from 'react-router';

const FlexibleDetailPage = lazy(() => import('./FlexibleDetailPage.js'));
const FixedDetailPage = lazy(() => import('./fixed/FixedDetailPage.js'));

/** /simple-earn/my-lendings/{id}?orderType=flexible|fixed: one route, two details (spec). */
export default function HoldingDetailPage() {
  const [params] = useSearchParams();
  return params.get('orderType') === 'fixed' ? <FixedDetailPage /> : <FlexibleDetailPage />;
}
