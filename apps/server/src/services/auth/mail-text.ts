/** Escapes text for the HTML part of an e-mail. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** What is logged of a failed delivery: its message and codes (MailDeliveryError holds no link). */
export function safeMailError(error: unknown): { message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { message: String(error) };
}
