const loading = new Map<string, Promise<void>>();

/**
 * Adds `<script async src>` to the page once per address and resolves when it has loaded; a failed
 * load (offline, blocked by an extension, refused by the CSP) rejects, and the next call tries again.
 */
export function loadScript(src: string): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading.delete(src);
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/**
 * Polls `read` every `intervalMs` up to `attempts` times until it returns a value (a vendor library
 * defines its global a moment after its script loads). Rejects when it never appears.
 */
export function pollFor<T>(
  read: () => T | undefined | null,
  { intervalMs, attempts }: { intervalMs: number; attempts: number },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let tries = 0;
    const tick = () => {
      const value = read();
      if (value !== undefined && value !== null) {
        resolve(value);
        return;
      }
      tries += 1;
      if (tries >= attempts) {
        reject(new Error('The sign-in library did not start.'));
        return;
      }
      setTimeout(tick, intervalMs);
    };
    tick();
  });
}
