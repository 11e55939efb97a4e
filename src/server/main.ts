import { DataDirLockedError } from './db/data-dir-lock.ts';
import { readEnv } from './runtime-env.ts';
import { startServer } from './server-start.ts';

const server = await startServer(readEnv()).catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? 'The port is in use: set PORT to a free one.' : error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: finishing in-flight requests, then closing the server and the database...`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
