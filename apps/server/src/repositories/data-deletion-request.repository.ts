import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { DataDeletionRequestsTable } from '../db/tables/identities';

export type DataDeletionRequest = Selectable<DataDeletionRequestsTable>;
export type DataDeletionRequestRepository = ReturnType<typeof createDataDeletionRequestRepository>;

/** Deletion requests received from Meta, by their confirmation code. */
export function createDataDeletionRequestRepository(db: Kysely<DB>) {
  return {
    async record(request: DataDeletionRequest): Promise<void> {
      await db.insertInto('dataDeletionRequests').values(request).execute();
    },

    async find(code: string): Promise<DataDeletionRequest | null> {
      const row = await db
        .selectFrom('dataDeletionRequests')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
