import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { lastSignOutReason } from '../../lib/session.ts';
import { probeSession } from './session-probe.ts';
import { useSession } from './use-token.ts';

/**
 * In front of every signed-in route, in the first route's code: whether the tab is signed in is decided here, before
 * the signed-in shell's chunk loads (app/router.tsx), so a first visit to `/` or a deep link without a session
 * downloads only what sign-in needs. No session (or one the server refused, now or later) goes to sign-in, then back
 * to the page asked for.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [probed, setProbed] = useState(false);
  useEffect(() => {
    if (session.status !== 'unknown') return;
    let live = true;
    void probeSession().then(() => live && setProbed(true));
    return () => {
      live = false;
    };
  }, [session.status]);

  if (session.status === 'signed-out') {
    const search = new URLSearchParams();
    const here = `${location.pathname}${location.search}${location.hash}`;
    const reason = lastSignOutReason();
    if (here !== '/' && reason !== 'signed-out') search.set('next', here);
    if (reason === 'expired') search.set('reason', 'expired');
    const query = search.toString();
    return <Navigate to={`/sign-in${query ? `?${query}` : ''}`} replace />;
  }
  // one request: the page stays blank for it, as it does while a chunk loads
  if (session.status === 'unknown' && !probed) return null;
  return children;
}
