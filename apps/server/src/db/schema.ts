import type { AlertTables } from './tables/alerts';
import type { AnalysisTables } from './tables/analysis';
import type { AutoAnalysisTables } from './tables/auto-analysis';
import type { AuthTables } from './tables/auth';
import type { IdentityTables } from './tables/identities';
import type { InsightsTables } from './tables/insights';
import type { BillingTables } from './tables/billing';
import type { NotesTables } from './tables/notes';
import type { QuestionTables } from './tables/questions';
import type { ShareTables } from './tables/shares';
import type { WorkspaceTables } from './tables/workspaces';

/**
 * The whole database as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case SQL).
 * Each feature keeps its tables in its own file under tables/ and adds them here.
 */
export interface DB
  extends
    AuthTables,
    AnalysisTables,
    NotesTables,
    IdentityTables,
    WorkspaceTables,
    BillingTables,
    ShareTables,
    QuestionTables,
    AlertTables,
    AutoAnalysisTables,
    InsightsTables {}
