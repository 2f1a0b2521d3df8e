import { Navigate, useLocation } from 'react-router';

/**
 * The exchange's account-side paths of our pages (spec: /myaccount/funds/finance/...) lead to the
 * page itself, keeping the query (tab, asset) and adding what the page needs.
 */
export function AliasRedirect({ to, add = {} }: { to: string; add?: Record<string, string> }) {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(add)) if (!query.has(key)) query.set(key, value);
  const q = query.toString();
  return <Navigate to={`${to}${q ? `?${q}` : ''}`} replace />;
}
