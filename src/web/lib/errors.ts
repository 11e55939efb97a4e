import { isApiError } from './api-client.ts';

export interface DescribedError {
  title: string;
  detail: string;
  status: number;
  fieldErrors: { where: string | null; detail: string }[];
}

/** A readable title and detail for anything thrown: ApiError (with its problem), Error, or other. */
export function describeError(error: unknown): DescribedError {
  if (isApiError(error)) {
    const problem = error.problem;
    const title =
      problem?.title ??
      (error.kind === 'network'
        ? 'Network error'
        : error.kind === 'parse'
          ? 'Unexpected response'
          : error.status === 403
            ? 'Not allowed'
            : error.status === 404
              ? 'Not found'
              : error.status >= 500
                ? 'Server error'
                : 'Request failed');
    return {
      title,
      detail: problem?.detail ?? error.message,
      status: error.status,
      fieldErrors: (problem?.errors ?? []).map((e) => ({ where: e.pointer ?? e.parameter ?? null, detail: e.detail })),
    };
  }
  if (error instanceof Error) return { title: 'Something went wrong', detail: error.message, status: 0, fieldErrors: [] };
  return { title: 'Something went wrong', detail: String(error), status: 0, fieldErrors: [] };
}
