import { z } from 'zod';

/** The `{id}` of /v1/credentials/{id} and its sub-resources. */
export const CredentialParams = z.object({ id: z.string().meta({ description: 'The credential id (from the Location header of POST /v1/credentials)' }) });
