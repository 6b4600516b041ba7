/**
 * How a scripted scroll moves: smoothly, unless the person asked their system for reduced motion
 * (prefers-reduced-motion: reduce), when it jumps. Browsers do not apply that preference to
 * scrollIntoView({ behavior: 'smooth' }) themselves.
 */
export function scrollMotion(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
