/** The signal's reason when it is an Error, else an AbortError saying `message`. */
export function abortReason(signal: AbortSignal, message = 'The request was aborted'): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException(message, 'AbortError');
}

/** Waits `ms`, or rejects with the abort reason (abortReason, `message`) once `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal, message?: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortReason(signal, message));
      },
      { once: true },
    );
  });
}
