import type { MailMessage } from '../../providers/mail/mailer.port';

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

/**
 * An e-mail that carries one link, as plain text and the same as simple HTML: "Hello," and the
 * lines of `text`, signed "Chorus"; in the HTML, the paragraphs of `lead` (given the escaped link),
 * the link in full for a mail reader that does not open it, then the paragraphs of `tail`.
 */
export function linkEmail(input: {
  to: string;
  subject: string;
  link: string;
  text: string[];
  lead: (href: string) => string[];
  tail: string[];
}): MailMessage {
  const text = ['Hello,', '', ...input.text, '', 'Chorus'].join('\n');
  const href = escapeHtml(input.link);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    '<p>Hello,</p>',
    ...input.lead(href),
    `<p style="font-size:90%;color:#555">If the link does not open, copy this address into your browser:<br>${href}</p>`,
    ...input.tail,
    '<p>Chorus</p>',
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: input.subject, text, html };
}
