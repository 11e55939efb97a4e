import { z } from 'zod/mini';

/** One validation failure: a JSON pointer into the body, or the name of a query parameter or header. */
export const ProblemFieldError = z
  .object({
    pointer: z.optional(z.string()).check(z.meta({ description: 'JSON pointer into the request body, e.g. /authenticationData/merchantIdentifier' })),
    parameter: z.optional(z.string()).check(z.meta({ description: 'Name of the query parameter or header at fault' })),
    detail: z.string(),
  })
  .register(z.globalRegistry, { id: 'ProblemFieldError' });
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

/** RFC 9457 problem details, served as application/problem+json for every error. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().check(z.int()),
    detail: z.string(),
    instance: z.optional(z.string()),
    errors: z.optional(z.array(ProblemFieldError)),
    /** on 409: the credential or merchant that already exists */
    existingId: z.optional(z.string()),
    /** on 409 of POST /v1/merchants: the name of the merchant that already has this CNPJ */
    existingName: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' });
export type Problem = z.infer<typeof Problem>;

export const problemContentType = 'application/problem+json';
