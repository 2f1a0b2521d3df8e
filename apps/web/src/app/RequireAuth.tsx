import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe, whySessionIs } from '../api/account.js';

/** Pages for signed-in users: a guest is sent to /login and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!me.data) {
    // A guest is brought back after login; someone who just logged out starts afresh.
    const state = whySessionIs(null) === 'here' ? undefined : { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}
