/** Leaves the app for another site (Instagram's authorisation page); a module so tests can stub it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
