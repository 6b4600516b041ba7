/** Autosave fires this long after the last edit. */
export const AUTOSAVE_DELAY_MS = 2000;

export const NOTES_MESSAGES = {
  placeholder: 'Start writing your notes for this video...',
  loading: 'Loading notes for this video...',
  save: 'Save Notes',
  saving: 'Saving...',
  error: 'Network or server error',
  conflict:
    'These notes were changed in another tab or window. Reload to see the latest version before saving.',
} as const;

/** True when the editor's HTML holds no visible text (empty paragraphs, breaks, spaces). */
export function isBlankHtml(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text === '';
}

/** Autosave and Save Notes only send non-blank content that differs from what is stored. */
export function shouldSave(html: string, stored: string | null): boolean {
  return !isBlankHtml(html) && html !== (stored ?? '');
}

/** 'Last saved: {time}' in the reader's locale. */
export function lastSavedLabel(iso: string): string {
  const d = new Date(iso);
  const time = Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
  return `Last saved: ${time}`;
}
