import net from 'node:net';

/** A 127.0.0.1 port nothing listens on (the OS picks it, then it is let go). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls `url` until it answers 200; throws when `ms` pass first. */
export async function waitReady(url: string, ms: number, everyMs = 200): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
