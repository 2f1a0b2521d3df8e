import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../api/account.js';
import { lazyDialog } from '../../components/lazy-dialog.js';
import { notifyError } from '../../lib/notify.js';

const RegisterModal = lazyDialog(() => import('./RegisterModal.js').then((m) => m.RegisterModal), {
  isOpen: (p) => p.opened,
  close: (p) => p.onClose(),
});

/** Set once a session has been seen on this device: its guest is a user whose session ended. */
const SIGNED_IN_HERE = 'earn.signedInHere';

interface AuthGate {
  /**
   * Runs the action for a signed-in user; a guest gets the registration modal instead, or the login
   * page when someone has signed in on this device before (a session that ended). Asked before the
   * session is known (a click just after the page shows), it waits for it.
   */
  requireLogin(action?: () => void): void;
  openRegister(): void;
}

const AuthGateContext = createContext<AuthGate | null>(null);

export function AuthGateProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const [registering, setRegistering] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // The action asked for while the session was still being read, run once it is known.
  const waiting = useRef<(() => void) | null>(null);
  // The session as last drawn, read when asked: requireLogin stays one function, so the session's
  // arrival does not draw again everything that was given it.
  const session = useRef(me);
  useLayoutEffect(() => {
    session.current = me;
  });
  // What the guest asked for when the registration opened, and then, once they have registered or
  // logged in from it, what is done as soon as the new account's session is drawn.
  const askedByGuest = useRef<(() => void) | null>(null);
  const afterSigningIn = useRef<(() => void) | null>(null);
  const askToRegister = useCallback((action: (() => void) | null) => {
    askedByGuest.current = action;
    setRegistering(true);
  }, []);
  const openRegister = useCallback(() => askToRegister(null), [askToRegister]);
  // Where the guest is, read when asked (as the session is), for the login page to come back to.
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  const askToSignIn = useCallback(
    (action: () => void) => {
      if (localStorage.getItem(SIGNED_IN_HERE) === null) return askToRegister(action);
      navigate('/login', { state: { from: here.current.pathname + here.current.search } });
    },
    [askToRegister, navigate],
  );
  const requireLogin = useCallback(
    (action: () => void = () => {}) => {
      const current = session.current;
      const unread = sessionUnread(current);
      if (current.data) action();
      else if (unread) notifyError(unread, 'error');
      else if (current.isPending) waiting.current = action;
      else askToSignIn(action);
    },
    [askToSignIn],
  );
  const unread = sessionUnread(me);
  useEffect(() => {
    const action = waiting.current;
    if (!action || (me.isPending && !unread)) return;
    waiting.current = null;
    if (me.data) action();
    else if (unread) notifyError(unread, 'error');
    else askToSignIn(action);
  }, [me.isPending, me.data, unread, askToSignIn]);
  // Signed in meanwhile (in another tab, say): a user has no account to create. Signed in from the
  // registration: what they asked for is done.
  useEffect(() => {
    if (!me.data) return;
    localStorage.setItem(SIGNED_IN_HERE, '1');
    setRegistering(false);
    const action = afterSigningIn.current;
    afterSigningIn.current = null;
    action?.();
  }, [me.data]);
  const value = useMemo(() => ({ requireLogin, openRegister }), [requireLogin, openRegister]);
  return (
    <AuthGateContext.Provider value={value}>
      {children}
      <RegisterModal
        opened={registering}
        onClose={() => setRegistering(false)}
        // Signed in from the login page: on to where the user was headed, as its own form goes.
        onSignedIn={() => {
          afterSigningIn.current = askedByGuest.current;
          askedByGuest.current = null;
          if (location.pathname === '/login') navigate(loginDestination(location.state), { replace: true });
        }}
      />
    </AuthGateContext.Provider>
  );
}

/**
 * Why the session is not known, if its read fails (while it still retries, or for good): the
 * reader may be signed in, so they are told, neither asked to register nor kept waiting.
 */
function sessionUnread(me: { data?: unknown; error: unknown; failureReason: unknown }): unknown {
  return me.data === undefined ? (me.error ?? me.failureReason) : null;
}

/** Where the login page sends a user once signed in: the page that asked for it, else the assets. */
export function loginDestination(state: unknown): string {
  return (state as { from?: string } | null)?.from ?? '/assets';
}

export function useAuthGate(): AuthGate {
  const gate = useContext(AuthGateContext);
  if (!gate) throw new Error('useAuthGate needs AuthGateProvider');
  return gate;
}
