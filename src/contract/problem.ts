import { z } from 'zod';

/** One validation failure: a JSON pointer into the body, or the name of a query parameter or header. */
export const ProblemFieldError = z
  .object({
    pointer: z.string().optional().meta({ description: 'JSON pointer into the request body, e.g. /authenticationData/merchantIdentifier' }),
    parameter: z.string().optional().meta({ description: 'Name of the query parameter or header at fault' }),
    detail: z.string(),
  })
  .meta({ id: 'ProblemFieldError' });
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

/** RFC 9457 problem details, served as application/problem+json for every error. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z.array(ProblemFieldError).optional(),
    /** on 409: the credential that already exists */
    existingId: z.string().optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });
export type Problem = z.infer<typeof Problem>;

export const problemContentType = 'application/problem+json';
