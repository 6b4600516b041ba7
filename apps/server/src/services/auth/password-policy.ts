import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@app/contracts';
import { BadRequestError } from '../../errors';

/**
 * The rules a new password must meet (at sign-up and at a password reset), after NIST SP 800-63B:
 * no composition rules, but at least PASSWORD_MIN_LENGTH characters once normalised (Unicode NFKC,
 * so a password typed on another keyboard or system is the same password), no control characters,
 * not a password attackers try first (the commonly used and breached passwords zxcvbn ships, a
 * single repeated character, a plain run like 12345678), and not the account's e-mail address or
 * something close to it. Sign-in never applies these rules: accounts from before keep working.
 */

export const PASSWORD_TOO_SHORT_MESSAGE = `Passwords are at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const PASSWORD_CONTROL_MESSAGE =
  'Passwords cannot contain control characters, such as tabs, line breaks or NUL.';
export const PASSWORD_TOO_SIMPLE_MESSAGE =
  'That password is one character repeated or a plain sequence (like 12345678 or abcdefgh), which is guessed at once. Choose another.';
export const PASSWORD_TOO_COMMON_MESSAGE =
  'That password is one of the most commonly used ones, which attackers try first. Choose another.';
export const PASSWORD_LIKE_EMAIL_MESSAGE =
  'Your password cannot be your e-mail address, its name part or something close to them. Choose another.';

/** The form a password is checked and stored in (sign-in verifies this form first). */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

let common: Set<string> | null = null;
/** The shipped list of common passwords, lower-cased, only those long enough to be allowed. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary['passwords-common']
      .map((p) => p.toLowerCase())
      .filter((p) => [...p].length >= PASSWORD_MIN_LENGTH),
  );
  return common;
}

function refuse(message: string, code: string): never {
  throw new BadRequestError(message, [{ path: 'password', message }], code);
}

/** Throws a 400 naming the rule a new password breaks (distinct codes); returns its normal form. */
export function acceptNewPassword(password: string, email: string | null): string {
  const normal = normalisePassword(password);
  if (/\p{Cc}/u.test(normal)) refuse(PASSWORD_CONTROL_MESSAGE, 'password_control_characters');
  const chars = [...normal];
  if (chars.length < PASSWORD_MIN_LENGTH) refuse(PASSWORD_TOO_SHORT_MESSAGE, 'password_too_short');
  const lower = normal.toLowerCase();
  if (commonPasswords().has(lower)) refuse(PASSWORD_TOO_COMMON_MESSAGE, 'password_too_common');
  if (isRepeatOrRun([...lower])) refuse(PASSWORD_TOO_SIMPLE_MESSAGE, 'password_too_simple');
  if (email && isLikeEmail(lower, email.normalize('NFKC').toLowerCase())) {
    refuse(PASSWORD_LIKE_EMAIL_MESSAGE, 'password_like_email');
  }
  return normal;
}

/** One character repeated, or each character one code point above (or below) the one before. */
function isRepeatOrRun(chars: string[]): boolean {
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  if (Math.abs(step) > 1) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

const alnum = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The e-mail itself or its name part, within two edits (a digit added, a letter changed), also
 * once separators are left out; or a password made mostly of the name part.
 */
function isLikeEmail(password: string, email: string): boolean {
  const local = email.split('@')[0] ?? '';
  const candidates = [email, local].filter((c) => [...c].length >= 3);
  for (const candidate of candidates) {
    if (editDistance(password, candidate) <= 2) return true;
    const a = alnum(password);
    const b = alnum(candidate);
    if (b.length >= 3 && editDistance(a, b) <= 2) return true;
  }
  const name = alnum(local);
  return (
    name.length >= 5 && alnum(password).includes(name) && name.length * 2 >= alnum(password).length
  );
}

/** Levenshtein distance over code points (stops early past 3: only "within 2" matters). */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 2) return 3;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[y.length]!;
}
