// Test helper: renders routes under the app's providers, as the app opens an address.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { CheckoutWatchProvider } from '../features/billing/checkout-watch';

/**
 * Opens `path` (also in the address bar, where `useLinkToken` reads it) with `page` at `pagePath`
 * and `home` at `/`, under queries without retries, auth and the checkout watch.
 */
export function renderAt(path: string, pagePath: string, page: ReactNode, home: ReactNode) {
  window.history.replaceState(null, '', path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <CheckoutWatchProvider>
            <Routes>
              <Route path={pagePath} element={page} />
              <Route path="/" element={home} />
            </Routes>
          </CheckoutWatchProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
