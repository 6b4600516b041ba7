// The container's health check (Dockerfile HEALTHCHECK, compose.yaml): asks this container's
// server for /api/v1/health/live (or /ready with --ready) and exits 0 on a 200, 1 otherwise.
//   node docker/healthcheck.mjs [--ready] [PORT]
// PORT defaults to the PORT variable (3000); a worker-only container passes WORKER_HEALTH_PORT.
const args = process.argv.slice(2);
const probe = args.includes('--ready') ? 'ready' : 'live';
const port = args.find((a) => /^\d+$/.test(a)) ?? process.env.PORT ?? '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/${probe}`, {
    signal: AbortSignal.timeout(4_000),
  });
  if (!res.ok) console.error(`health ${probe}: ${res.status} ${await res.text()}`);
  process.exit(res.ok ? 0 : 1);
} catch (error) {
  console.error(`health ${probe}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
