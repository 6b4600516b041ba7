import { expect } from 'vitest';
import type { Page } from 'playwright-core';

let counter = 0;

/** A unique e-mail for a new account. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** Fills the auth card and presses 'Create Account'; waits for the signed-in header. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Fills the auth card and presses 'Sign in to Dashboard'; waits for the signed-in header. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in to Dashboard' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The credits pill's number once the profile arrived. */
export async function creditsShown(page: Page): Promise<string> {
  return (await page.getByTestId('credits-pill').innerText()).split(/\s/)[0]!;
}

/** Creates an account through the API (faster than the UI) and returns its token. */
export async function apiSignUp(
  baseUrl: string,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { token: string }).token;
}

/** GET with the token, parsed JSON. */
export async function apiGet<T>(baseUrl: string, token: string, p: string): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${p} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
