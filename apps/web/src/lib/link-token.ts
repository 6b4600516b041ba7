import { useEffect, useState } from 'react';

/** The token of an e-mailed link, read from the address (`?token=`); null when absent or blank. */
function tokenFromLocation(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

/**
 * The token of the e-mailed link this page was opened with, read once; the query and hash are then
 * taken out of the address bar (history.replaceState), so the token is not left in the history, a
 * bookmark or a shared screen. The server serves such pages with Referrer-Policy: no-referrer.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => tokenFromLocation(window.location.search));
  useEffect(() => {
    if (window.location.search !== '' || window.location.hash !== '') {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return token;
}
