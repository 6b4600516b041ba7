/**
 * The embedding port, as services see it. The interface lives in the analysis core (which
 * consumes it); adapters in this folder implement it and container.ts picks one.
 */
export type { EmbedOptions, EmbedProgress, TextEmbedder } from '@app/analysis';
