import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntentSchema } from '@app/contracts';
import { parseCsv } from './providers/comment-sources/comment-file-parser';
import { runCli as runCliInProcess } from './cli';
import { ensureConvertedUseLite } from './providers/embeddings/use-lite/converted-model-cache';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const fixtures = path.join(repoRoot, 'test-fixtures/comments');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** The process id of the program run. */
  pid: number | undefined;
}

/** Where beforeAll converts USE-lite from its npm package for the ONNX adapter. */
let model = '';

/** Runs `program` with `args` from apps/server, the ONNX model configured unless `env` says otherwise. */
function run(program: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      program,
      args,
      {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          EMBEDDINGS_PROVIDER: 'onnx',
          EMBEDDINGS_MODEL: model,
          ...env,
        },
        maxBuffer: 32 * 1024 * 1024,
        timeout: 110_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, pid: child.pid });
      },
    );
  });
}

/** The CLI from its sources, under tsx. */
const runCli = (args: string[], env: Record<string, string> = {}) =>
  run(tsx, ['src/cli.ts', ...args], env);

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

let dir: string;
let rows: { text: string; likes: string; video: string; intent: string }[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chorus-cli-'));
  model = ensureConvertedUseLite({
    targetDir: path.join(dir, 'universal-sentence-encoder-lite'),
    dtype: 'q8',
  }).dir;
  // 60 invented comments from two videos (see test-fixtures/README.md), the multi-line ones first so
  // quoted multi-line fields are exercised.
  const all = ['invBread001', 'invHooks001'].flatMap((video) => {
    const [header, ...body] = parseCsv(readFileSync(path.join(fixtures, `${video}.csv`), 'utf8'));
    const col = (name: string): number => header!.indexOf(name);
    return body.map((cells) => ({
      video,
      text: cells[col('text')]!,
      likes: cells[col('likes')]!,
      intent: cells[col('intent')]!,
    }));
  });
  const multiLine = all.filter((r) => r.text.includes('\n'));
  expect(multiLine.length).toBeGreaterThanOrEqual(2);
  rows = [...multiLine, ...all.filter((r, i) => !r.text.includes('\n') && i % 3 === 0)].slice(
    0,
    60,
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('cli analyze on invented comments', () => {
  it('prints one JSON report for a CSV (BOM, quotes, commas, newlines) and the same clusters for JSONL', async () => {
    const csvPath = path.join(dir, 'comments.csv');
    const header = 'video_id,text,likes,ignored\r\n';
    const body = rows
      .map((r) => [r.video, r.text, r.likes, 'x,y'].map(csvField).join(','))
      .join('\r\n');
    writeFileSync(csvPath, `\ufeff${header}${body}\r\n`);
    const jsonlPath = path.join(dir, 'comments.jsonl');
    writeFileSync(
      jsonlPath,
      rows
        .map((r, i) => JSON.stringify({ id: `c${i}`, text: r.text, likes: Number(r.likes) }))
        .join('\n'),
    );

    const [csv, jsonl] = await Promise.all([
      runCli(['analyze', '--input', csvPath, '--clusters', '3', '--seed', '5']),
      runCli(['analyze', '--input', jsonlPath, '--clusters=3', '--seed=5']),
    ]);
    expect(csv.stderr).not.toMatch(/^error/m);
    expect(csv.code).toBe(0);
    expect(jsonl.code).toBe(0);
    const report = JSON.parse(csv.stdout) as Record<string, unknown>;
    expect(csv.stdout.trim().split('\n')).toHaveLength(1);
    expect(Object.keys(report)).toEqual([
      'comments',
      'clusters',
      'executive_summary',
      'spam',
      'questions',
      'timings_ms',
    ]);

    const comments = report.comments as {
      id: string;
      cluster_id: number;
      intent: string;
      sentiment: string;
    }[];
    expect(comments).toHaveLength(rows.length);
    expect(comments[0]!.id).toBe('row-1');
    for (const c of comments) {
      expect(Object.keys(c)).toEqual(['id', 'cluster_id', 'intent', 'sentiment', 'spam']);
      expect(IntentSchema.options).toContain(c.intent);
      expect(['positive', 'neutral', 'negative', 'mixed']).toContain(c.sentiment);
    }
    const clusters = report.clusters as {
      cluster_id: number;
      heading: string;
      tags: string[];
      percentage: number;
      engagement_percentage: number;
      size: number;
    }[];
    expect(clusters).toHaveLength(3);
    for (const c of clusters) {
      expect(Object.keys(c)).toEqual([
        'cluster_id',
        'heading',
        'tags',
        'category',
        'percentage',
        'engagement_percentage',
        'size',
      ]);
    }
    // spam is set aside (cluster_id -1), in no cluster: the sizes and shares cover the rest
    const kept = (report.comments as { spam: boolean }[]).filter((c) => !c.spam).length;
    expect(clusters.reduce((s, c) => s + c.size, 0)).toBe(kept);
    expect(clusters.reduce((s, c) => s + Math.round(c.percentage * 10), 0)).toBe(1000);
    expect(clusters.reduce((s, c) => s + Math.round(c.engagement_percentage * 10), 0)).toBe(1000);
    expect(report.executive_summary).toMatchObject({ overall_vibe: expect.any(String) });
    expect(Object.keys(report.timings_ms as object)).toEqual([
      'embedding',
      'clustering',
      'labelling',
      'total',
    ]);

    const fromJsonl = JSON.parse(jsonl.stdout) as typeof report;
    expect((fromJsonl.comments as typeof comments).map((c) => c.cluster_id)).toEqual(
      comments.map((c) => c.cluster_id),
    );
    expect((fromJsonl.comments as typeof comments)[0]!.id).toBe('c0');
    expect(fromJsonl.clusters).toEqual(report.clusters);
    // Logs stay on stderr.
    expect(csv.stderr).toMatch(/analyzing 60 comments/);
    // Clear questions, requests and praise are read as such.
    const clear = rows
      .map((r, i) => [r.intent, comments[i]!.intent])
      .filter(([label]) => ['Question', 'Request', 'Praise'].includes(label!));
    expect(clear.length).toBeGreaterThanOrEqual(15);
    expect(clear.filter(([label, read]) => label === read).length / clear.length).toBeGreaterThan(
      0.8,
    );
  });
});

describe('cli analyze: spam and the questions to answer', () => {
  it('flags the scam lines, never the creator, and lists the questions with near-duplicates merged', async () => {
    const file = path.join(fixtures, 'invBread001.csv');
    const [header, ...body] = parseCsv(readFileSync(file, 'utf8'));
    const col = (name: string): number => header!.indexOf(name);
    const labelled = body.map((cells) => ({
      id: cells[col('id')]!,
      text: cells[col('text')]!,
      spam: cells[col('spam')] === 'true',
      creator: cells[col('by_creator')] === 'true',
      parent: cells[col('parent_id')]!,
    }));
    const cli = await runCli(['analyze', '--input', file, '--seed', '1']);
    expect(cli.code, cli.stderr).toBe(0);
    const report = JSON.parse(cli.stdout) as {
      comments: { id: string; cluster_id: number; spam: boolean }[];
      clusters: { cluster_id: number; size: number; percentage: number }[];
      spam: { count: number };
      questions: {
        question: string;
        count: number;
        comment_ids: string[];
        cluster_id: number;
        answered: boolean;
      }[];
    };
    const spamOf = new Map(report.comments.map((c) => [c.id, c.spam]));
    const text = new Map(labelled.map((r) => [r.id, r.text]));

    // the obvious scams: a crypto "advisor" on WhatsApp, a Telegram contact, "visit my channel"
    const scams = labelled.filter((r) => /whatsapp|telegram|visit my channel/i.test(r.text));
    expect(scams.length).toBeGreaterThanOrEqual(3);
    for (const r of scams) expect(spamOf.get(r.id), r.text).toBe(true);
    // every comment the team labelled spam, and no other; the creator's replies never
    expect(report.comments.filter((c) => c.spam).map((c) => c.id)).toEqual(
      labelled.filter((r) => r.spam).map((r) => r.id),
    );
    const creator = labelled.filter((r) => r.creator);
    expect(creator.length).toBeGreaterThan(0);
    for (const r of creator) expect(spamOf.get(r.id)).toBe(false);
    expect(report.spam).toEqual({ count: labelled.filter((r) => r.spam).length });
    // set aside: in no cluster, and the clusters' sizes and shares cover the other comments
    for (const c of report.comments) expect(c.cluster_id < 0, c.id).toBe(c.spam);
    expect(report.clusters.reduce((n, c) => n + c.size, 0)).toBe(
      report.comments.filter((c) => !c.spam).length,
    );
    expect(report.clusters.reduce((n, c) => n + Math.round(c.percentage * 10), 0)).toBe(1000);

    const { questions } = report;
    expect(questions.length).toBeGreaterThan(5);
    const group = (id: string) => questions.find((q) => q.comment_ids.includes(id));
    // three wordings of "no dutch oven?" are one question, answered: the creator replied to one
    const noDutchOven = group('invBread001-c027')!;
    expect(noDutchOven.comment_ids).toEqual(
      expect.arrayContaining(['invBread001-c023', 'invBread001-c027', 'invBread001-c059']),
    );
    expect(noDutchOven.answered).toBe(true);
    expect(creator.some((r) => r.parent === 'invBread001-c027')).toBe(true);
    // "whole wheat instead of bread flour", three ways; rye flour and the preheat time stay apart
    const wholeWheat = group('invBread001-c070')!;
    expect(wholeWheat.comment_ids).toEqual(
      expect.arrayContaining(['invBread001-c003', 'invBread001-c060', 'invBread001-c070']),
    );
    expect(wholeWheat.answered).toBe(false);
    expect(wholeWheat.question).toBe('Can I use whole wheat flour instead of bread flour?');
    expect(group('invBread001-c051')).not.toBe(wholeWheat);
    expect(group('invBread001-c067')).not.toBe(noDutchOven);

    const ids = questions.flatMap((q) => q.comment_ids);
    expect(new Set(ids).size).toBe(ids.length);
    const clusterOf = new Map(report.comments.map((c) => [c.id, c.cluster_id]));
    for (const q of questions) {
      expect(q.count).toBe(q.comment_ids.length);
      // nothing invented: the wording is a member's own
      expect(q.comment_ids.some((id) => text.get(id)!.includes(q.question))).toBe(true);
      expect(q.comment_ids.map((id) => clusterOf.get(id))).toContain(q.cluster_id);
      for (const id of q.comment_ids) {
        expect(spamOf.get(id)).toBe(false);
        expect(creator.map((r) => r.id)).not.toContain(id);
      }
    }
    expect(questions.map((q) => q.count)).toEqual(
      [...questions.map((q) => q.count)].sort((a, b) => b - a),
    );
  });
});

describe('cli analyze with bad input', () => {
  it('exits non-zero with one line on stderr and nothing on stdout', async () => {
    /** Writes `content` to `name` in the temporary folder and returns its path. */
    const file = (name: string, content: string) => {
      const at = path.join(dir, name);
      writeFileSync(at, content);
      return at;
    };
    const noText = file('no-text.csv', 'id,comment_body\n1,hello\n');
    const empty = file('empty.csv', '\ufeff  \n');
    const headerOnly = file('header-only.csv', 'text,likes\n');
    const blankRows = file(
      'blank-rows.csv',
      'id,text\n1,\n2,"  "\n3,[MAIN] a top comment [REPLY] \n',
    );
    const badJsonl = file('bad.jsonl', '{"text":"ok"}\nnot json\n');
    const unclosed = file('unclosed.csv', 'id,text\n1,"this quote never closes\n2,next row\n');
    const jsonAsCsv = file('json-as.csv', '{"text":"hi"}\n{"text":"yo"}\n');
    const cases: [string[], RegExp, number][] = [
      [['analyze', '--input', path.join(dir, 'missing.csv')], /Input file not found/, 1],
      [['analyze', '--input', noText], /no "text" column/, 1],
      [['analyze', '--input', empty], /Input file is empty/, 1],
      [['analyze', '--input', headerOnly], /has no comments with text/, 1],
      [['analyze', '--input', blankRows], /has no comments with text/, 1],
      [['analyze', '--input', badJsonl], /Line 2 of the comments file is not a JSON object/, 1],
      [['analyze', '--input', unclosed], /quoted field opened on line 2 is never closed/, 1],
      [['analyze', '--input', jsonAsCsv], /holds JSON, not CSV: name it \.jsonl/, 1],
      [['analyze'], /Missing --input/, 2],
      [['analyze', '--input', noText, '--clusters', 'many'], /--clusters needs a whole number/, 2],
      [['summarise'], /Unknown command summarise/, 2],
    ];
    // Two cases through a real process (exit code, streams); the rest in-process to spare the 2 cores.
    const spawned = await Promise.all(cases.slice(0, 2).map(([args]) => runCli(args)));
    const inProcess = await Promise.all(
      cases.slice(2).map(async ([args]) => {
        let stdout = '';
        let stderr = '';
        const code = await runCliInProcess(args, {
          env: { EMBEDDINGS_PROVIDER: 'fake' },
          cwd: serverDir,
          stdout: (text) => (stdout += text),
          stderr: (line) => (stderr += `${line}\n`),
        });
        return { code, stdout, stderr };
      }),
    );
    [...spawned, ...inProcess].forEach((run, i) => {
      const [, message, code] = cases[i]!;
      expect(run.code).toBe(code);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: /);
      expect(lines[0]).toMatch(message);
    });
  });

  it('answers every row in input order, saying how many have no text', async () => {
    const gaps = path.join(dir, 'gaps.csv');
    writeFileSync(
      gaps,
      'id,text,likes\na,Great video,1.2K\nb,,3\nc,   ,1\nd,Please do part 2,2\n\n',
    );
    let stdout = '';
    let stderr = '';
    const code = await runCliInProcess(['analyze', '--input', gaps], {
      env: { EMBEDDINGS_PROVIDER: 'fake' },
      cwd: serverDir,
      stdout: (text) => (stdout += text),
      stderr: (line) => (stderr += `${line}\n`),
    });
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(
      /analyzing 4 comments from .*; 2 rows have no text \(listed, weighing nothing\)/,
    );
    const report = JSON.parse(stdout) as {
      comments: { id: string; intent: string; sentiment: string }[];
      clusters: { size: number }[];
    };
    expect(report.comments.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    // a row without text says nothing: no intent of its own, no tone
    expect(report.comments[1]).toMatchObject({ intent: 'Opinion', sentiment: 'neutral' });
    expect(report.clusters.reduce((n, c) => n + c.size, 0)).toBe(4);

    // more clusters asked for than the comments can fill: fewer come back, and stderr says why
    stderr = '';
    const many = await runCliInProcess(['analyze', '--input', gaps, '--clusters', '10'], {
      env: { EMBEDDINGS_PROVIDER: 'fake' },
      cwd: serverDir,
      stdout: () => undefined,
      stderr: (line) => (stderr += `${line}\n`),
    });
    expect(many).toBe(0);
    expect(stderr).toMatch(/\(--clusters 10: 4 comments make at most \d\)/);
  });
});

describe('npm run cli (scripts/run-cli.mjs)', () => {
  /** What `npm run cli` runs: the launcher that compiles the CLI, in a folder the test reads from. */
  const runCompiled = (args: string[]) =>
    run(process.execPath, [path.join(repoRoot, 'scripts/run-cli.mjs'), ...args], {
      EMBEDDINGS_PROVIDER: 'fake',
      INIT_CWD: dir,
    });

  it('runs the compiled CLI with the same arguments, streams and exit codes, and leaves no build behind', async () => {
    writeFileSync(
      path.join(dir, 'compiled.csv'),
      'id,Text,likes\nc1,Great video thanks,3\nc2,Please do a part 2,1\nc3,What mic do you use?,0\n',
    );
    const ok = await runCompiled(['analyze', '--input', 'compiled.csv', '--seed', '2']);
    expect(ok.code, ok.stderr).toBe(0);
    const report = JSON.parse(ok.stdout) as { comments: { id: string; intent: string }[] };
    expect(report.comments.map((c) => [c.id, c.intent])).toEqual([
      ['c1', 'Praise'],
      ['c2', 'Request'],
      ['c3', 'Question'],
    ]);
    const bad = await runCompiled(['analyze', '--input', 'missing.csv']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim()).toBe(`error: Input file not found: ${path.join(dir, 'missing.csv')}`);
    // Each launcher builds in run-<its pid>-*; other CLI runs in this checkout may be going on.
    const builds = path.join(repoRoot, '.cache/cli');
    const ours = [ok.pid, bad.pid].map((pid) => `run-${pid}-`);
    expect(ok.pid).toBeGreaterThan(0);
    const left = existsSync(builds)
      ? readdirSync(builds).filter((f) => ours.some((prefix) => f.startsWith(prefix)))
      : [];
    expect(left).toEqual([]);
  });
});
