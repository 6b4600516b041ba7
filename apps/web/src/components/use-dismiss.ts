import { useEffect, type FocusEvent, type RefObject } from 'react';

/**
 * Closes an open dropdown on a click outside `ref`, on Escape (focus goes back to `buttonRef` when
 * the keyboard was inside, else it would fall to <body>), and when focus tabs out of it (spread
 * the returned `onBlur` on the dropdown's element).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  ref: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
): { onBlur: (e: FocusEvent<HTMLElement>) => void } {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (ref.current?.contains(document.activeElement)) buttonRef.current?.focus();
      close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, ref, buttonRef]);
  return {
    onBlur: (e) => {
      // Focus moved to another control outside (Tab); a click elsewhere is the mousedown's case.
      const next = e.relatedTarget;
      if (next instanceof Node && !e.currentTarget.contains(next)) close();
    },
  };
}
