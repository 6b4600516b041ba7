import type { Generated } from 'kysely';
import type { Timestamp } from './auth';

/** A read-only link to one analysis's report; only the token's SHA-256 is kept. */
export interface ReportSharesTable {
  id: Generated<string>;
  userId: string;
  jobId: string;
  videoId: string;
  tokenHash: string;
  createdAt: Timestamp;
  /** null: open until revoked. */
  expiresAt: Timestamp | null;
}

/** Tables of the report-sharing feature. */
export interface ShareTables {
  reportShares: ReportSharesTable;
}
