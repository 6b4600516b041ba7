/**
 * The task table shared by the inline runner and the worker threads (see parallel/runner.ts): the
 * stages' tables joined, and the classification the pipeline runs beside the embedding.
 */
import { classifyIntents } from '../intent/classify-many';
import { discoveryTasks } from '../clustering/discover-clusters';
import { leadTasks } from '../clustering/lead';
import { neighbourStreamTasks } from '../clustering/neighbour-stream';
import { classifySentiments } from '../sentiment/classify-many';

export const tasks = {
  ...discoveryTasks,
  /** Clustering's lead phase (clustering/lead.ts), run on a worker while the rest is embedded. */
  ...leadTasks,
  /** Each embedded batch joining the neighbour stream (clustering/neighbour-stream.ts). */
  ...neighbourStreamTasks,
  /**
   * Intents and sentiments of the texts (each is classified on its own, so the pipeline runs this
   * per batch of embedded texts, beside the embedding of the next ones).
   */
  classify: (input: { texts: string[]; vectors: Float32Array[]; embedder: string }) => {
    const embeddings = { vectors: input.vectors, embedder: input.embedder };
    return {
      intents: classifyIntents(input.texts, embeddings),
      sentiments: classifySentiments(input.texts, embeddings),
    };
  },
};
export type PipelineTasks = typeof tasks;
