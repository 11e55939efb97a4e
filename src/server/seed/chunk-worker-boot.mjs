// A worker thread starts without the main thread's TypeScript loader: register tsx here, then run the worker.
import { register } from 'tsx/esm/api';

register();
await import('./chunk-worker.ts');
