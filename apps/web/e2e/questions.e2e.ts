import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  analyseVideo,
  apiGet,
  screenshotsDir,
  toggleTheme,
  useAppPage,
} from './support';

// The report's "Questions to answer" in Chromium against the real server, with a local stub of the
// chat API as its LLM (so the questions carry suggested replies), on the invented comments of a
// cooking video where the channel answered two questions in their threads.

const LEMON = 'k3TnLmVq8Ra';
/** Questions the section shows before "Show all". */
const QUESTIONS_SHOWN = 5;
/** The stub's reply to every question: the model's draft the creator can copy. */
const REPLY = (question: string) => `Thanks for asking! We will cover "${question}" soon.`;

/** A chat-completions stub: headings and a summary, and a reply per question it is shown. */
async function startChatStub(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        messages: { role: string; content: string }[];
        response_format?: { json_schema?: { name?: string } };
      };
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const block = (tag: string) =>
        JSON.parse(new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(user)?.[1] ?? '[]') as {
          cluster_id?: number;
          index?: number;
          question?: string;
        }[];
      const name = body.response_format?.json_schema?.name;
      const content =
        name === 'question_replies'
          ? {
              replies: block('questions').map((q) => ({
                index: q.index,
                reply: REPLY(q.question ?? ''),
              })),
            }
          : name === 'cluster_labels'
            ? { clusters: [] }
            : {
                overall_vibe: 'Viewers love the quick one-pan dinner and ask about swaps.',
                key_positives: ['The quick recipe'],
                improvement_suggestions: ['Answer the thyme question'],
              };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(content) },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('questions to answer', () => {
  let stub: { url: string; server: Server };
  let report: ReportReply;
  afterAll(async () => {
    await new Promise((resolve) => stub?.server.close(resolve));
  });
  const app = useAppPage({
    env: async () => {
      stub = await startChatStub();
      return { LLM_API_URL: stub.url, LLM_MODEL: 'stub-model' };
    },
    prepare: ({ context, server }) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
    signUp: 'questions',
  });

  beforeAll(async () => {
    await analyseVideo(app.page, LEMON, `https://youtu.be/${LEMON}`);
    report = await apiGet<ReportReply>(app.server.url, app.token, `/api/v1/report/${LEMON}`);
  });

  it('lists the stored questions above the clusters, most asked first, with counts and Answered', async () => {
    const questions = report.questions!;
    expect(questions.length).toBeGreaterThan(3);
    const section = app.page.getByTestId('questions');
    await section.waitFor();
    // its own section, above the clusters
    const above = await app.page.evaluate(() => {
      const q = document.querySelector('[data-testid="questions"]')!;
      const c = document.getElementById('clusters-title')!;
      return Boolean(q.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(above).toBe(true);

    const shown = questions.slice(0, QUESTIONS_SHOWN);
    expect(await section.getByTestId('question-text').allInnerTexts()).toEqual(
      shown.map((q) => q.question),
    );
    expect(await section.getByTestId('question-count').allInnerTexts()).toEqual(
      shown.map((q) => (q.count === 1 ? 'Asked once' : `Asked ${q.count} times`)),
    );
    // the channel answered the thyme and the Fahrenheit questions in their threads
    const answered = questions.filter((q) => q.answered);
    expect(answered.map((q) => q.examples.map((e) => e.id)).flat()).toEqual(
      expect.arrayContaining(['lemon-071', 'lemon-089']),
    );
    const items = section.getByTestId('question-item');
    for (const [i, q] of shown.entries())
      expect(await items.nth(i).getByTestId('question-answered').count(), q.question).toBe(
        q.answered ? 1 : 0,
      );
    if (questions.length > QUESTIONS_SHOWN) {
      await section.getByTestId('questions-more').click();
      expect(await section.getByTestId('question-item').count()).toBe(questions.length);
      expect(await items.getByTestId('question-answered').count()).toBe(answered.length);
      await section.getByTestId('questions-more').click();
    }
    expect(app.pageErrors).toEqual([]);
  });

  it('shows example comments on demand and opens the question’s cluster', async () => {
    const first = report.questions![0]!;
    const item = app.page.getByTestId('question-item').first();
    expect(await item.getByTestId('question-examples').count()).toBe(0);
    await item.getByTestId('question-examples-toggle').click();
    expect(
      await item.getByTestId('question-examples').locator('li p:first-child').allInnerTexts(),
    ).toEqual(first.examples.map((e) => e.text));
    expect(await item.getByTestId('question-examples-toggle').getAttribute('aria-expanded')).toBe(
      'true',
    );

    const cluster = report.report.clusters.find((c) => c.cluster_id === first.cluster_id)!;
    const link = item.getByTestId('question-cluster');
    expect(await link.innerText()).toContain(cluster.heading);
    await link.click();
    const row = app.page.locator(`#cluster-row-${first.cluster_id}`);
    await app.page.waitForFunction(
      (id) => document.getElementById(`cluster-row-${id}`)?.classList.contains('open'),
      first.cluster_id,
    );
    await app.page.waitForFunction((id) => {
      const r = document.getElementById(`cluster-row-${id}`)!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight;
    }, first.cluster_id);
    expect(
      await row.locator('.cluster-row-head').evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('offers the model’s suggested reply with a Copy button that copies it', async () => {
    const first = report.questions![0]!;
    expect(first.suggested_reply).toBe(REPLY(first.question));
    const item = app.page.getByTestId('question-item').first();
    await item.scrollIntoViewIfNeeded();
    expect(
      await item.getByTestId('suggested-reply').locator('.suggested-reply-text').innerText(),
    ).toBe(first.suggested_reply);
    await item.getByTestId('copy-reply').click();
    await app.page.waitForFunction(
      () => document.querySelector('[data-testid="copy-reply"]')?.textContent === 'Copied',
    );
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(
      first.suggested_reply,
    );
  });

  it('reads well in both themes on desktop and phone', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', MOBILE],
    ] as const) {
      await app.page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await toggleTheme(app.page, theme);
        const section = app.page.getByTestId('questions');
        await section.scrollIntoViewIfNeeded();
        // nothing spills out of the section sideways
        const overflow = await section.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow, `${theme} ${label}`).toBeLessThanOrEqual(1);
        fs.mkdirSync(screenshotsDir, { recursive: true });
        // a full-page shot clipped to the section, so the sticky header does not cover it
        const box = await section.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
        });
        await app.page.screenshot({
          path: path.join(screenshotsDir, `questions-${theme}-${label}.png`),
          fullPage: true,
          clip: box,
        });
        await app.page.getByTestId('stat-sentiment').screenshot({
          path: path.join(screenshotsDir, `sentiment-card-${theme}-${label}.png`),
        });
      }
    }
    await app.page.setViewportSize(DESKTOP);
  });
});
