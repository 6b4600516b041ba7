/**
 * Opens the tab a checkout will load in. It must open during the click (browsers block a window
 * opened after an await), so it starts blank with a short message and is sent to the checkout's
 * address once the server answers. Without a tab (blocked popups), this tab goes there instead.
 */
export function openPendingTab(message = 'Opening secure checkout…'): {
  go: (url: string) => void;
  close: () => void;
} {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  if (tab) {
    try {
      // The checkout page must not be able to reach back into the app.
      tab.opener = null;
      tab.document.title = message;
      const p = tab.document.createElement('p');
      p.textContent = message;
      p.style.font = '16px system-ui, sans-serif';
      p.style.margin = '2rem';
      tab.document.body.appendChild(p);
    } catch {
      // A browser that does not let us write into the blank tab still navigates it below.
    }
  }
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.replace(url);
      else window.location.assign(url);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
