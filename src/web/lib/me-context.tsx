import { createContext, use } from 'react';
import type { Me } from '../../contract/me.ts';

export const MeContext = createContext<Me | null>(null);

/** The signed-in token's identity; only under RequireAuth, which loads it first. */
export function useMe(): Me {
  const me = use(MeContext);
  if (!me) throw new Error('useMe() used outside a signed-in route');
  return me;
}
