import { z } from 'zod/mini';

/**
 * A light check of a response whose full schema the page does not need to load: an object holding `keys`, typed as
 * the contract's `T`. The failure names `what` ("not a fee plan"), as the API client reports a response it rejects.
 */
export const objectWith = <T>(what: string, ...keys: string[]) =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && keys.every((key) => key in v), `not ${what}`);

/** A light check of a response that is a JSON array of `T`. */
export const arrayOf = <T>(what: string) => z.custom<T[]>((v) => Array.isArray(v), `not ${what}`);
