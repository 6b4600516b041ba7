import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ExportFormat } from '@app/contracts';
import { errorMessage } from '../../lib/api-client';
import { downloadExport } from './share-api';

const ShareDialog = lazy(() => import('./share-dialog'));

export const EXPORT_CHOICES: readonly { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', hint: 'Clusters for a spreadsheet' },
  { format: 'json', label: 'JSON', hint: 'The whole report as data' },
  { format: 'md', label: 'Markdown', hint: 'Summary and clusters as text' },
  { format: 'pdf', label: 'PDF', hint: 'Laid out for print, with the chart' },
];

/** The report's Export menu (CSV, JSON, Markdown, PDF) and its Share button. */
export function ReportActions({ videoId }: { videoId: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const menuId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!menuOpen) return;
    itemRefs.current[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [menuOpen]);

  const close = (focusButton = true) => {
    setMenuOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = itemRefs.current.filter((x): x is HTMLButtonElement => x !== null);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (e.key === 'Tab') close(false);
  };

  const download = async (format: ExportFormat) => {
    close();
    setError(null);
    setBusy(format);
    try {
      await downloadExport(videoId, format);
    } catch (err) {
      setError(`Could not export the report: ${errorMessage(err)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="report-actions" data-testid="report-actions">
      <div className="report-actions-row">
        <div className="dropdown" ref={wrapRef}>
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-ghost btn-small"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen((o) => !o)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' && !menuOpen) {
                e.preventDefault();
                setMenuOpen(true);
              }
            }}
            disabled={busy !== null}
          >
            {busy ? 'Exporting…' : 'Export'} <span aria-hidden="true">▾</span>
          </button>
          {menuOpen ? (
            <ul
              id={menuId}
              className="dropdown-menu export-menu"
              role="menu"
              aria-label="Export the report"
              onKeyDown={onMenuKey}
            >
              {EXPORT_CHOICES.map((choice, i) => (
                <li key={choice.format} role="none">
                  <button
                    ref={(el) => {
                      itemRefs.current[i] = el;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    data-format={choice.format}
                    onClick={() => void download(choice.format)}
                  >
                    <span className="export-menu-label">{choice.label}</span>
                    <span className="export-menu-hint">{choice.hint}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setSharing(true)}>
          Share
        </button>
      </div>
      {busy ? (
        <p className="muted small report-actions-status" role="status">
          Preparing the {EXPORT_CHOICES.find((c) => c.format === busy)?.label} file…
        </p>
      ) : null}
      {error ? (
        <p className="form-error report-actions-status" role="alert">
          {error}
        </p>
      ) : null}
      {sharing
        ? createPortal(
            <Suspense fallback={null}>
              <ShareDialog videoId={videoId} onClose={() => setSharing(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </div>
  );
}
