// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

let openDialog: (() => void) | null = null;

function Opener() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    openDialog = () => setOpen(true);
  }, []);
  return (
    <>
      <button type="button">Open</button>
      {open ? (
        <Dialog title="Analyze this video?" onClose={() => setOpen(false)}>
          <button type="button">Cancel</button>
          <button type="button" data-autofocus>
            Analyze for 4 credits
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = true;
  cleanup();
});

describe('Dialog', () => {
  it('has its main action focused by the time the dialog is in the page', async () => {
    render(<Opener />);
    // An update that lands after a fetch (as a price estimate does) renders outside act: the
    // dialog must not be visible to anyone, a screen reader or a test, with the focus still on
    // <body> while React has yet to run its effects.
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    const seen = new Promise<string>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"]')) return;
        observer.disconnect();
        resolve(document.activeElement?.textContent ?? 'nothing');
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    setTimeout(() => openDialog?.(), 0);
    expect(await seen).toBe('Analyze for 4 credits');
  });
});
