import type { Kysely } from 'kysely';

/**
 * Left empty on purpose. Password reset's tables were first committed under this name, then the
 * migration was renamed to 2026112808_password_resets (the refunds' 2026112807 had landed). A
 * database migrated in between has this name recorded, and the migrator refuses a recorded
 * migration that is missing; so the name stays, 2026112808 creates its tables only if they are
 * not there, and 2026112810 drops the `password_reset_attempts` table that version also made.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
