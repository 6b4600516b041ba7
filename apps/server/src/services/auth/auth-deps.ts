import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { PasswordHasher } from './password-hasher';

/** What the auth use-cases need; each takes only the fields it uses. */
export interface AuthDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  hasher: PasswordHasher;
  clock: Clock;
  authConfig: Config['auth'];
}

/** The signed-in user as the HTTP layer sees it. */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: number;
}
