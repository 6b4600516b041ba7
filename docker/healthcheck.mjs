// The container's health check (Dockerfile HEALTHCHECK, compose.yaml): asks this container's
// server for /api/v1/health/live (or /ready with --ready) and exits 0 on a 200, 1 otherwise.
//   node docker/healthcheck.mjs [--ready] [PORT]
// Without a PORT argument it asks PORT (3000), where the API listens, and when nothing listens
// there, WORKER_HEALTH_PORT if it is set (a worker-only container), so one image check fits both.
const args = process.argv.slice(2);
const probe = args.includes('--ready') ? 'ready' : 'live';
const given = args.find((a) => /^\d+$/.test(a));
const ports = given
  ? [given]
  : [process.env.PORT || '3000', process.env.WORKER_HEALTH_PORT].filter(Boolean);

let failure = 'no port to ask';
for (const port of ports) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/${probe}`, {
      signal: AbortSignal.timeout(4_000),
    });
    if (res.ok) process.exit(0);
    console.error(`health ${probe} on ${port}: ${res.status} ${await res.text()}`);
    process.exit(1);
  } catch (error) {
    // nothing answered on this port: try the next one
    failure = `health ${probe} on ${port}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
console.error(failure);
process.exit(1);
