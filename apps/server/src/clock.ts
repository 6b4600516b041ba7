/** The time source. Injected so tests can move time forward (session expiry, rate-limit windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move: `clock.advance({ days: 31 })`. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = at.getTime();
  }
  advance(by: {
    days?: number;
    hours?: number;
    minutes?: number;
    seconds?: number;
    ms?: number;
  }): void {
    this.current +=
      (by.days ?? 0) * 86_400_000 +
      (by.hours ?? 0) * 3_600_000 +
      (by.minutes ?? 0) * 60_000 +
      (by.seconds ?? 0) * 1000 +
      (by.ms ?? 0);
  }
}
