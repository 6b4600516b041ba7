import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { InputComment } from '@app/analysis';
import { FakeTextEmbedder } from '../../apps/server/src/providers/embeddings/fake-text-embedder';
import { createLanguageModel } from '../../apps/server/src/providers/llm/create-language-model';
import {
  json,
  startStubServer,
  type StubHandler,
} from '../../apps/server/src/providers/llm/local-stub-server.test-support';
import { measureFigures, sideBySide, type BenchVideo } from './llm-figures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const comment = (id: string, text: string, extra: Partial<InputComment> = {}): InputComment => ({
  id,
  text,
  likes: 0,
  author: `viewer_${id}`,
  publishedAt: null,
  replyCount: 0,
  parentId: null,
  ...extra,
});

/** A couple of invented comments with hand labels. */
const VIDEO: BenchVideo = {
  name: 'invented',
  comments: [
    comment('1', 'How long do you knead the dough by hand?'),
    comment('2', 'How long do you knead the dough by hand?'),
    comment('3', 'Love this recipe, my family ate it all'),
    comment('4', 'Check my channel for free crypto giveaways!!! visit my channel now'),
    comment('5', 'The audio is far too quiet in the second half'),
  ],
  intent: ['Question', 'Question', 'Praise', null, 'Criticism'],
  actionable: [true, true, false, false, true],
  spam: [false, false, false, true, false],
  showHeadings: true,
};

/** The chat API's reply to each of the analysis's prompts, in OpenAI's wire format. */
const chat: StubHandler = (req, res) => {
  const body = req.body as {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { json_schema?: { name?: string } };
  };
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const block = (tag: string) =>
    JSON.parse(new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(user)![1]!) as {
      cluster_id?: number;
      index?: number;
    }[];
  const name = body.response_format?.json_schema?.name;
  const content =
    name === 'cluster_labels'
      ? {
          clusters: block('clusters').map((c) => ({
            cluster_id: c.cluster_id,
            heading: `Model topic ${c.cluster_id}`,
            category: 'Opinion',
          })),
        }
      : name === 'question_replies'
        ? {
            replies: block('questions').map((q) => ({
              index: q.index,
              reply: 'About ten minutes, until it springs back.',
            })),
          }
        : {
            overall_vibe: 'Viewers enjoy the recipe.',
            key_positives: ['The recipe'],
            improvement_suggestions: ['Louder audio'],
          };
  json(res, 200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify(content), refusal: null },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
};

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

it('measures the same figures offline and through the chat API, with its name, calls and time', async () => {
  stub = await startStubServer([chat]);
  const model = createLanguageModel({ apiUrl: stub.url, model: 'stub-model', maxRetries: 0 })!;
  const embedder = new FakeTextEmbedder();
  const offline = await measureFigures([VIDEO], { embedder, languageModel: null });
  const llm = await measureFigures([VIDEO], { embedder, languageModel: model });

  expect(offline.modelCalls).toBe(0);
  expect(offline.labellers).toEqual(['offline']);
  expect(offline.suggestedReplies).toBe(0);
  // one call each for the headings, the summary and the questions' replies
  expect(llm.modelCalls).toBe(stub.requests.length);
  expect(llm.modelCalls).toBe(3);
  expect(llm.modelFailures).toBe(0);
  expect(llm.labellers).toEqual([model.name]);
  expect(llm.headings[0]!.headings.every((h) => h.startsWith('Model topic'))).toBe(true);
  // the two identical questions are one; the model drafted its reply
  expect(llm.questions).toBe(1);
  expect(llm.questionComments).toBe(2);
  expect(llm.mergeRate).toBe(0.5);
  expect(llm.suggestedReplies).toBe(1);
  // the classifiers do not depend on the model
  expect(llm.intentAccuracy).toBe(offline.intentAccuracy);
  expect(llm.spamF1).toBe(offline.spamF1);
  expect(offline.spamF1).toBe(1);

  const lines = sideBySide(offline, llm, model.name);
  expect(lines[0]).toContain(model.name);
  expect(lines.find((l) => l.startsWith('model calls'))).toContain('3 (0 failed)');
  expect(lines.find((l) => l.startsWith('  suggested replies'))).toMatch(/0\s+1$/);
});

it('says in one line that no model is configured, and exits 0', () => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('LLM_')),
  );
  const run = spawnSync('npx', ['tsx', path.join(root, 'scripts/bench/llm.ts')], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    'llm: skipped, no language model is configured (set LLM_API_URL and LLM_MODEL as for the server)',
  ]);
});
