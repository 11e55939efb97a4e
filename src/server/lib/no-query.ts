import { z } from 'zod';

/** Query schema of routes that take no parameters: any parameter is a 400 naming it. */
export const noQuery = z.strictObject({});
