import type { AnalysisResult, LanguageModel, TextEmbedder } from '@app/analysis';
import { analyseComments } from '@app/analysis';
import path from 'node:path';
import type { Config } from '../config/config';
import { resolveFromRepoRoot } from '../config/paths';
import { createTextEmbedder } from '../providers/embeddings/create-text-embedder';
import { createLanguageModel } from '../providers/llm/create-language-model';
import { readCommentsFile } from './read-comments-file';

export const USAGE =
  'Usage: npm run -s cli -- analyze --input FILE [--clusters K] [--seed N] [--context TEXT] [--title TEXT] [--channel TEXT]';

/** A command line the CLI cannot run; the message is one line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface AnalyzeArgs {
  input: string;
  clusters?: number;
  seed?: number;
  context?: string;
  /** The video's title and channel name: names they spell are written so in headings. */
  title?: string;
  channel?: string;
}

function positiveInt(flag: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(
      `${flag} needs a whole number of at least ${min} (got ${value ?? 'nothing'})`,
    );
  }
  return Number(value);
}

/**
 * Parses `--input FILE [--clusters K] [--seed N] [--context TEXT] [--title TEXT] [--channel TEXT]`
 * (also `--flag=value`).
 */
export function parseAnalyzeArgs(argv: readonly string[]): AnalyzeArgs {
  const args: Partial<AnalyzeArgs> = {};
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const eq = raw.indexOf('=');
    const flag = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    const value = (): string | undefined =>
      raw.startsWith('--') && eq > 0 ? raw.slice(eq + 1) : argv[++i];
    switch (flag) {
      case '--input':
      case '-i': {
        const v = value();
        if (!v) throw new UsageError('--input needs a file path');
        args.input = v;
        break;
      }
      case '--clusters':
      case '-k':
        args.clusters = positiveInt('--clusters', value(), 1);
        break;
      case '--seed':
        args.seed = positiveInt('--seed', value(), 0);
        break;
      case '--context':
        args.context = value() ?? '';
        break;
      case '--title':
        args.title = value() ?? '';
        break;
      case '--channel':
        args.channel = value() ?? '';
        break;
      default:
        throw new UsageError(`Unknown option ${raw}. ${USAGE}`);
    }
  }
  if (!args.input) throw new UsageError(`Missing --input FILE. ${USAGE}`);
  return args as AnalyzeArgs;
}

/** The CLI's JSON: exactly the shape the issue specifies, with each comment's spam flag and the audience's questions. */
export function toCliReport(result: AnalysisResult) {
  return {
    comments: result.comments.map((c) => ({
      id: c.id,
      cluster_id: c.clusterId,
      intent: c.intent,
      sentiment: c.sentiment.label,
      spam: c.spam,
    })),
    clusters: result.clusters.map((c) => ({
      cluster_id: c.cluster_id,
      heading: c.heading,
      tags: c.tags,
      category: c.category,
      percentage: c.percentage,
      engagement_percentage: c.engagement_percentage,
      size: c.size,
    })),
    executive_summary: result.executiveSummary,
    spam: { count: result.comments.filter((c) => c.spam).length },
    questions: result.questions.map((q) => ({
      question: q.question,
      count: q.count,
      comment_ids: q.commentIds,
      cluster_id: q.clusterId,
      answered: q.answered,
      // a reply drafted by the configured LLM; absent offline (nothing is invented)
      ...(q.suggestedReply !== null ? { suggested_reply: q.suggestedReply } : {}),
    })),
    timings_ms: {
      embedding: result.timingsMs.embedding,
      clustering: result.timingsMs.clustering,
      labelling: result.timingsMs.labelling,
      total: result.timingsMs.total,
    },
  };
}

export interface AnalyzeDeps {
  config: Config;
  log: (line: string) => void;
  /** Where relative --input paths start (npm runs workspace scripts in apps/server; INIT_CWD is the caller's folder). */
  cwd: string;
  /** Overrides for tests; by default both come from the configuration, like the server's. */
  embedder?: TextEmbedder;
  languageModel?: LanguageModel | null;
}

/** Runs `analyze`: reads the file, analyses it with the configured adapters, returns the report. */
export async function runAnalyze(argv: readonly string[], deps: AnalyzeDeps) {
  const args = parseAnalyzeArgs(argv);
  const { comments, empty, encoding } = await readCommentsFile(path.resolve(deps.cwd, args.input));
  const { config } = deps;
  // A relative model folder means the same as every other configured path: from the repository root.
  const model = config.embeddings.model;
  const modelPath = model && /^\.\.?[\\/]/.test(model) ? resolveFromRepoRoot(model) : model;
  const embedder =
    deps.embedder ??
    createTextEmbedder({
      provider: config.embeddings.provider,
      model: modelPath,
      dtype: config.embeddings.dtype,
      sessions: config.embeddings.sessions,
      threads: config.embeddings.threads,
      apiUrl: config.embeddings.apiUrl,
      apiKey: config.embeddings.apiKey,
      apiModel: config.embeddings.apiModel,
      dataDir: config.dataDir,
      embeddedModelDir: config.embeddings.embeddedModelDir,
    });
  const languageModel =
    deps.languageModel !== undefined
      ? deps.languageModel
      : createLanguageModel({
          apiUrl: config.llm.apiUrl,
          apiKey: config.llm.apiKey,
          model: config.llm.model,
          timeoutMs: config.llm.timeoutMs,
          maxRetries: config.llm.maxRetries,
        });
  deps.log(
    `analyzing ${comments.length} comments from ${args.input} with ${embedder.name}` +
      (languageModel ? ` and ${languageModel.name}` : ' (offline labeller)') +
      (empty > 0
        ? `; ${empty} row${empty === 1 ? ' has' : 's have'} no text (listed, weighing nothing)`
        : '') +
      (encoding === 'windows-1252'
        ? '; the file is not UTF-8, so it was read as Windows-1252 (Latin-1)'
        : encoding !== 'utf-8'
          ? `; read as ${encoding.toUpperCase()}`
          : ''),
  );
  let lastStage = '';
  const result = await analyseComments(
    comments,
    { embedder, languageModel },
    {
      k: args.clusters,
      seed: args.seed,
      context: args.context,
      source: { title: args.title, channel: args.channel },
      llmTimeoutMs: config.llm.timeoutMs,
      threads: config.analysis.threads,
      onProgress: (p) => {
        if (p.stage !== lastStage) deps.log(`stage: ${p.stage}`);
        lastStage = p.stage;
      },
    },
  );
  deps.log(
    `done: ${result.clusters.length} clusters, ${result.stats.duplicates} duplicates, ${result.stats.spam} spam, ` +
      `labeller ${result.labeller}, ${result.timingsMs.total} ms` +
      // asked for more clusters than there are comments to fill them: say why fewer came back
      (args.clusters !== undefined && result.clusters.length < args.clusters
        ? ` (--clusters ${args.clusters}: ${comments.length} comments make at most ${result.clusters.length})`
        : ''),
  );
  return toCliReport(result);
}
