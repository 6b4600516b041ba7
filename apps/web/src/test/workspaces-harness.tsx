// Test helper for the workspace screens' component tests.
import { useState, type ReactNode } from 'react';
import { cleanup, configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import { WorkspaceJobsProvider } from '../features/workspaces/workspace-jobs';
import WorkspaceScreens, { type WorkspaceScreenProps } from '../features/workspaces/workspace-view';

// These screens load the report view lazily and follow jobs by polling: allow a busy machine time.
configure({ asyncUtilTimeout: 8000 });

export const ME = { email: 'ana@example.com', credits_balance: 30, subscription_plan: 'basic' };

/** The app's providers around a tree: queries (no retries), router, auth, workspace jobs. */
export function Providers({
  children,
  path = '/workspaces',
}: {
  children: ReactNode;
  /** The address the router starts at. */
  path?: string;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <WorkspaceJobsProvider>{children}</WorkspaceJobsProvider>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** jsdom has no layout: scrolling calls are no-ops there. */
export function stubLayout(): void {
  Element.prototype.scrollIntoView = vi.fn();
  window.scrollTo = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/**
 * For a test file of the workspace screens: each test starts signed in with empty storage and the
 * layout stubs, and ends unmounted with the globals restored.
 */
export function setUpSignedInScreens(): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('auth_token', 'tok');
    stubLayout();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * Renders the workspace screens with a live active-workspace state at `path` (the list by default,
 * `/workspaces/{id}?tab=` a detail screen); returns the spies.
 */
export function renderScreens({
  path,
  ...props
}: Partial<WorkspaceScreenProps> & { path?: string } = {}) {
  const onActivate = vi.fn();
  const onOpenReport = vi.fn();
  function Harness() {
    const [active, setActive] = useState<number | null>(props.activeWorkspaceId ?? null);
    return (
      <WorkspaceScreens
        notice={null}
        onDismissNotice={() => undefined}
        onOpenReport={onOpenReport}
        {...props}
        activeWorkspaceId={active}
        onActivate={(id) => {
          onActivate(id);
          setActive(id);
        }}
      />
    );
  }
  const view = render(
    <Providers path={path}>
      <Harness />
    </Providers>,
  );
  return { ...view, onActivate, onOpenReport };
}

/** A promise the test settles later, to observe "busy" labels. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
