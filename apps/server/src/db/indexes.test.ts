import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';

describeEachDatabase('indexes the sweeps rely on', (t) => {
  it('has a partial index on the expiry of linked Instagram tokens (the renewal sweep)', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes
      where tablename = 'workspaces' and indexname = 'workspaces_instagram_token_expires_at_idx'
    `.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toMatch(/\(instagram_token_expires_at\)/);
    expect(rows[0]!.indexdef).toMatch(/WHERE \(instagram_token_expires_at IS NOT NULL\)/);
  });
});
