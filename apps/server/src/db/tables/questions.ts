import type { Timestamp } from './auth';

/** The state a creator gave one question of a workspace's inbox (keyed by its wording's hash). */
export interface QuestionStatesTable {
  userId: string;
  workspaceId: number;
  questionKey: string;
  state: 'open' | 'answered' | 'dismissed';
  updatedAt: Timestamp;
}

/** Tables of the questions inbox. */
export interface QuestionTables {
  questionStates: QuestionStatesTable;
}
