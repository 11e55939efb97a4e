import { z } from 'zod';
import type { ApiInstance } from '../lib/api-instance.ts';

export function healthRoutes(app: ApiInstance): void {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check (no token)',
        tags: ['health'],
        security: [],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await app.database.query('select 1');
      return { status: 'ok' as const };
    },
  );
}
