// Worker threads do not inherit tsx's loader hooks: register them when the entry is TypeScript
// source (the server, the CLI and the tests all run the sources through tsx or Vitest).
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
