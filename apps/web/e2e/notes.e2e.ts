import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NotesReply } from '@app/contracts';
import { apiGet, screenshot, setTheme, useAppPage } from './support';
import type { RunningServer } from './support';

// Issue 7: the notes card in Chromium against the real server.

const VIDEO_A = 'notesVidAAA';
const VIDEO_B = 'notesVidBBB';

/** OWASP XSS filter-evasion examples, pasted as HTML. Each would call alert or set window.__xss if it ran. */
const XSS_HTML = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  "<svg/onload=alert('XSS')>",
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<iframe src="javascript:alert(\'XSS\');"></iframe>',
  '<div style="background-image: url(javascript:alert(\'XSS\'))">styled div</div>',
  "<BODY ONLOAD=alert('XSS')>",
  '<p onclick="alert(1)">plain text survives</p>',
].join('');

const editor = (page: Page) => page.locator('.notes-content');
const editorText = async (page: Page) => (await editor(page).innerText()).trim();

async function chooseVideo(page: Page, id: string): Promise<void> {
  await page.getByLabel('YouTube video link').fill(`https://www.youtube.com/watch?v=${id}`);
  await editor(page).waitFor();
}

async function storedNotes(page: Page, server: RunningServer, id: string): Promise<NotesReply> {
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  return apiGet<NotesReply>(server.url, token, `/api/v1/notes/${id}`);
}

const toolButton = (page: Page, label: string) =>
  page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: label, exact: true });

async function tool(page: Page, label: string): Promise<void> {
  await toolButton(page, label).click();
}

describe('notes card', () => {
  const app = useAppPage({ signUp: 'notes' });

  it('formats with every option, autosaves, and shows the same notes after a reload', async () => {
    await chooseVideo(app.page, VIDEO_A);
    expect(await editor(app.page).locator('p').getAttribute('data-placeholder')).toBe(
      'Start writing your notes for this video...',
    );
    await editor(app.page).click();
    for (const [label, text] of [
      ['Heading 1', 'Title'],
      ['Heading 2', 'Section'],
      ['Heading 3', 'Detail'],
    ] as const) {
      await tool(app.page, label);
      await app.page.keyboard.type(text);
      await app.page.keyboard.press('Enter');
    }
    await app.page.keyboard.type('plain ');
    for (const [label, text, after] of [
      ['Bold', 'bold', ' '],
      ['Italic', 'italic', ' '],
      ['Strikethrough', 'struck', ''],
    ] as const) {
      await tool(app.page, label);
      await app.page.keyboard.type(text);
      await tool(app.page, label);
      if (after) await app.page.keyboard.type(after);
    }
    await app.page.keyboard.press('Enter');
    await tool(app.page, 'Bulleted list');
    await app.page.keyboard.type('bullet');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('Enter');
    await tool(app.page, 'Numbered list');
    await app.page.keyboard.type('number');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('Enter');
    await tool(app.page, 'Quote');
    await app.page.keyboard.type('quoted');
    // Keyboard shortcuts work too (Ctrl+Alt+1 turns the quote's paragraph into a heading and back).
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('Control+Alt+0');
    await app.page.keyboard.type('last ');
    await app.page.keyboard.press('Control+b');
    await app.page.keyboard.type('shortcut');

    // Autosave 2 s after the last edit; no click needed.
    await app.page.getByText(/^Last saved: /).waitFor({ timeout: 10_000 });
    const saved = await storedNotes(app.page, app.server, VIDEO_A);
    expect(saved.notes).toBe(
      '<h1>Title</h1><h2>Section</h2><h3>Detail</h3><p>plain <strong>bold</strong> <em>italic</em> <s>struck</s></p>' +
        '<ul><li><p>bullet</p></li></ul><ol><li><p>number</p></li></ol><blockquote><p>quoted</p></blockquote>' +
        // TipTap keeps an empty paragraph at the end so there is always a place to type.
        '<p>last <strong>shortcut</strong></p><p></p>',
    );
    await screenshot(app.page, 'notes-dark');
    await setTheme(app.page, 'light');
    await chooseVideo(app.page, VIDEO_A);
    await app.page.getByText(/^Last saved: /).waitFor();
    expect(await editor(app.page).innerHTML()).toContain('<h1>Title</h1>');
    await screenshot(app.page, 'notes-light');
    await setTheme(app.page, 'dark');

    await app.page.reload();
    await chooseVideo(app.page, VIDEO_A);
    await editor(app.page).locator('h1').waitFor();
    for (const sel of ['h1', 'h2', 'h3', 'strong', 'em', 's', 'ul li', 'ol li', 'blockquote']) {
      expect(await editor(app.page).locator(sel).count(), sel).toBeGreaterThan(0);
    }
    expect(await editor(app.page).locator('blockquote').innerText()).toBe('quoted');
  });

  it('switching videos clears the editor, saves unsaved text first, and comes back to it', async () => {
    await chooseVideo(app.page, VIDEO_A);
    await editor(app.page).locator('h1').waitFor();
    await chooseVideo(app.page, VIDEO_B);
    await expect.poll(() => editorText(app.page)).toBe('');
    await editor(app.page).click();
    await app.page.keyboard.type('notes for B');
    // Switch before the 2 s autosave: the card saves on the way out.
    await chooseVideo(app.page, VIDEO_A);
    await editor(app.page).locator('h1').waitFor();
    await expect
      .poll(async () => (await storedNotes(app.page, app.server, VIDEO_B)).notes)
      .toBe('<p>notes for B</p>');
    await chooseVideo(app.page, VIDEO_B);
    await expect.poll(() => editorText(app.page)).toBe('notes for B');
  });

  it('undo and redo from the toolbar and the keyboard', async () => {
    await chooseVideo(app.page, VIDEO_B);
    await expect.poll(() => editorText(app.page)).toBe('notes for B');
    await editor(app.page).click();
    await app.page.keyboard.press('End');
    await app.page.keyboard.type(' and more');
    expect(await editorText(app.page)).toBe('notes for B and more');
    await tool(app.page, 'Undo');
    expect(await editorText(app.page)).toBe('notes for B');
    await tool(app.page, 'Redo');
    expect(await editorText(app.page)).toBe('notes for B and more');
    await app.page.keyboard.press('Control+z');
    expect(await editorText(app.page)).toBe('notes for B');
    await app.page.keyboard.press('Control+Shift+z');
    expect(await editorText(app.page)).toBe('notes for B and more');
    // The history starts at the loaded notes: undo never brings back another video's text.
    const undo = toolButton(app.page, 'Undo');
    for (let i = 0; i < 5 && (await undo.isEnabled()); i++) await undo.click();
    expect(await undo.isDisabled()).toBe(true);
    expect(await editorText(app.page)).toBe('notes for B');
  });

  it('a failed save shows the error and keeps the text', async () => {
    await chooseVideo(app.page, VIDEO_B);
    await app.page.getByText(/^Last saved: /).waitFor();
    await app.page.route('**/api/v1/notes', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, body: 'boom' })
        : route.continue(),
    );
    await editor(app.page).click();
    await app.page.keyboard.press('Control+End');
    await app.page.keyboard.type(' unsaved words');
    await app.page.getByRole('button', { name: 'Save Notes' }).click();
    await app.page.getByRole('alert').filter({ hasText: 'Network or server error' }).waitFor();
    expect(
      await app.page.getByRole('alert').filter({ hasText: 'Network or server error' }).count(),
    ).toBe(1);
    expect(await editor(app.page).innerText()).toContain('unsaved words');
    await app.page.unroute('**/api/v1/notes');
    await app.page.getByRole('button', { name: 'Save Notes' }).click();
    await expect
      .poll(async () => (await storedNotes(app.page, app.server, VIDEO_B)).notes)
      .toContain('unsaved words');
    expect(await app.page.getByText('Network or server error').count()).toBe(0);
  });

  it('a second tab cannot silently overwrite newer notes', async () => {
    const second = await app.context.newPage();
    await second.goto('/');
    await chooseVideo(second, VIDEO_B);
    await chooseVideo(app.page, VIDEO_B);
    await expect.poll(() => editorText(second)).toContain('unsaved words');
    await editor(app.page).click();
    await app.page.keyboard.press('Control+End');
    await app.page.keyboard.type(' from tab one');
    await app.page.getByRole('button', { name: 'Save Notes' }).click();
    await expect
      .poll(async () => (await storedNotes(app.page, app.server, VIDEO_B)).notes)
      .toContain('from tab one');
    await second.locator('.notes-content').click();
    await second.keyboard.press('Control+End');
    await second.keyboard.type(' from tab two');
    await second.getByRole('button', { name: 'Save Notes' }).click();
    await second
      .getByText(
        'These notes were changed in another tab or window. Reload to see the latest version before saving.',
      )
      .waitFor();
    expect((await storedNotes(app.page, app.server, VIDEO_B)).notes).not.toContain('from tab two');
    expect(await second.locator('.notes-content').innerText()).toContain('from tab two');
    await second.close();
  });

  it('pasting the OWASP filter-evasion examples stores and shows them inert', async () => {
    await chooseVideo(app.page, VIDEO_A);
    await editor(app.page).locator('h1').waitFor();
    // Anything but the API, the app's own files and the video thumbnail would be the payload at work.
    const requests: string[] = [];
    app.page.on('request', (r) => {
      const u = new URL(r.url());
      const own =
        u.pathname.startsWith('/api/v1/') ||
        u.pathname.startsWith('/assets/') ||
        u.pathname === '/' ||
        u.pathname === '/favicon.svg';
      if (!own && u.hostname !== 'i.ytimg.com') requests.push(r.url());
    });
    const scriptsBefore = await app.page.locator('script').count();
    await editor(app.page).click();
    await app.page.keyboard.press('Control+End');
    await app.page.evaluate((html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'fallback');
      document
        .querySelector('.notes-content')!
        .dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    }, XSS_HTML);
    await editor(app.page).getByText('plain text survives').waitFor();
    await expect
      .poll(async () => (await storedNotes(app.page, app.server, VIDEO_A)).notes, {
        timeout: 10_000,
      })
      .toContain('plain text survives');
    const check = async () => {
      expect(
        await app.page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
      ).toBeUndefined();
      expect(await app.page.locator('script').count()).toBe(scriptsBefore);
      expect(
        await editor(app.page)
          .locator('script, img, svg, iframe, a, div, [style], [onclick], [onerror]')
          .count(),
      ).toBe(0);
      expect(app.pageErrors.filter((e) => e.includes('dialog'))).toEqual([]);
      expect(app.offsite).toEqual([]);
      expect(requests).toEqual([]);
    };
    await check();
    const stored = (await storedNotes(app.page, app.server, VIDEO_A)).notes ?? '';
    expect(stored).toContain('plain text survives');
    expect(stored).not.toMatch(/<(script|img|svg|iframe|a|div|body)\b|on\w+=|javascript:/i);
    await app.page.reload();
    await chooseVideo(app.page, VIDEO_A);
    await editor(app.page).getByText('plain text survives').waitFor();
    await check();
  });
});
