// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { ME, Providers } from '../../test/workspaces-harness';
import { makeWorkspace } from '../../test/workspace-factories';
import { WorkspaceSideCard } from './side-card';
import { useActiveWorkspace, useWorkspacesList } from './use-workspaces';

function SideCardWithState({ onOpen }: { onOpen: () => void }) {
  const ws = useActiveWorkspace();
  const list = useWorkspacesList();
  return (
    <WorkspaceSideCard
      workspaces={list.data}
      loading={list.isPending}
      addedIds={ws.addedIds}
      activeWorkspaceId={ws.activeWorkspaceId}
      onDashboard={onOpen}
      onChoose={(id) => {
        ws.activate(id);
        onOpen();
      }}
    />
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('auth_token', 'tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('workspace side card', () => {
  it('shows up to 6 shortcuts, this user’s added workspaces first; choosing one makes it active', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/v1/auth/me': ME,
        'GET /api/v1/workspaces': Array.from({ length: 8 }, (_, i) =>
          makeWorkspace(i + 1, { name: `Space ${i + 1}` }),
        ),
      }).fetchMock,
    );
    // Another user's list in the same browser does not count.
    localStorage.setItem('workspace_ids:ana@example.com', JSON.stringify([8, 3]));
    localStorage.setItem('workspace_ids:bob@example.com', JSON.stringify([5]));
    const onOpen = vi.fn();
    render(
      <Providers>
        <SideCardWithState onOpen={onOpen} />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Go to Workspace Dashboard' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('workspace-shortcut').map((b) => b.textContent)).toEqual([
        'Space 8',
        'Space 3',
        'Space 1',
        'Space 2',
        'Space 4',
        'Space 5',
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Space 5' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Space 5' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(sessionStorage.getItem('active_workspace')).toBe('5');
    expect(JSON.parse(localStorage.getItem('workspace_ids:ana@example.com')!)).toEqual([5, 8, 3]);
    expect(screen.getAllByTestId('workspace-shortcut')[0]!.textContent).toBe('Space 5');

    fireEvent.click(screen.getByRole('button', { name: 'Go to Workspace Dashboard' }));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('explains workspaces when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /api/v1/auth/me': ME, 'GET /api/v1/workspaces': [] }).fetchMock,
    );
    render(
      <Providers>
        <SideCardWithState onOpen={() => undefined} />
      </Providers>,
    );
    expect(
      await screen.findByText(/Group a YouTube channel and an Instagram account/),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('workspace-shortcut')).toHaveLength(0);
  });
});
