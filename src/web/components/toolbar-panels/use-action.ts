import { useState } from 'react';

/**
 * One write at a time with its pending state, its argument and its error (a few lines instead of loading useMutation on
 * every list). Pending lasts until `onDone` has finished too (the list of views refreshed), so a button does not come
 * back for the moment between the write and the refreshed list.
 */
export function useAction<A, R = unknown>(
  action: (arg: A) => Promise<R>,
  onDone: (arg: A, result: R) => Promise<unknown> | void,
  onError?: (arg: A, error: unknown) => void,
) {
  const [state, setState] = useState<{ pending: boolean; error: unknown; arg: A | null }>({ pending: false, error: null, arg: null });
  const run = (arg: A) => {
    setState({ pending: true, error: null, arg });
    action(arg).then(
      async (result: R) => {
        try {
          await onDone(arg, result);
        } finally {
          setState({ pending: false, error: null, arg: null });
        }
      },
      (error: unknown) => {
        setState({ pending: false, error, arg });
        onError?.(arg, error);
      },
    );
  };
  return { run, isPending: state.pending, error: state.error, arg: state.arg, reset: () => setState({ pending: false, error: null, arg: null }) };
}
