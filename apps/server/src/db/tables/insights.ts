/** The theme vectors of one analysis for one embedder (float32, little-endian, row after row). */
export interface ReportThemeVectorsTable {
  jobId: string;
  embedder: string;
  textsHash: string;
  dims: number;
  vectors: Uint8Array;
}

/** Tables of workspace insights. */
export interface InsightsTables {
  reportThemeVectors: ReportThemeVectorsTable;
}
