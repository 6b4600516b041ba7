import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { FOCUSABLE, keepTabInside } from './focus-trap';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra text under the title, announced with it. */
  subtitle?: string;
  className?: string;
}

/**
 * A modal dialog: aria-modal, labelled by its title, closes on Escape, the X or a backdrop click,
 * keeps Tab inside itself and gives focus back to what opened it.
 */
export function Dialog({ title, subtitle, onClose, children, className }: DialogProps) {
  const titleId = useId();
  const subtitleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Placed in the commit, before the page shows the dialog: a passive effect runs a task later,
  // and in that gap the dialog is on screen with the focus still on <body>.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    // a control marked data-autofocus (the dialog's main action) first, else the first control
    const marked = panel?.querySelector<HTMLElement>('[data-autofocus]:not([disabled])');
    const first = marked ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (panel) keepTabInside(e, panel);
    };
    document.addEventListener('keydown', onKey);
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = prevOverflow;
      opener?.focus();
    };
  }, []);

  return (
    <div
      className="dialog-backdrop"
      data-testid="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
      >
        <div className="dialog-head">
          <div>
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {subtitle ? (
              <p id={subtitleId} className="dialog-subtitle">
                {subtitle}
              </p>
            ) : null}
          </div>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
}
