import type { LanguageModel, TextEmbedder } from '@app/analysis';
import type { Logger } from '../../logger';
import type { ClusterAnalysisRepository } from '../../repositories/cluster-analysis.repository';
import type { ClusterVectorCache } from './vector-cache';

/** What the per-cluster tools need; the route builds it from the container. */
export interface ClusterDeps {
  clusters: ClusterAnalysisRepository;
  embedder: TextEmbedder;
  /** Null without an LLM configured: everything runs offline. */
  languageModel: LanguageModel | null;
  vectorCache: ClusterVectorCache;
  logger: Pick<Logger, 'warn'>;
}
