import type { FastifyInstance } from 'fastify';
import {
  LoginRequestSchema,
  MeReplySchema,
  OkReplySchema,
  SignupRequestSchema,
  TokenReplySchema,
} from '@app/contracts';
import { getAccount } from '../../../services/auth/get-account';
import { logIn } from '../../../services/auth/log-in';
import { logOut } from '../../../services/auth/log-out';
import { signUp } from '../../../services/auth/sign-up';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/** POST /auth/signup, POST /auth/login, GET /auth/me, POST /auth/logout. */
export function authRoutes(app: FastifyInstance): void {
  const { repos, transaction, hasher, clock, config } = app.container;
  const authConfig = config.auth;

  app.post('/auth/signup', async (request, reply) => {
    const input = validate(SignupRequestSchema, request.body);
    const result = await signUp({ transaction, hasher, clock, authConfig }, input);
    return reply.status(201).send(validateReply(TokenReplySchema, result));
  });

  app.post('/auth/login', async (request) => {
    const input = validate(LoginRequestSchema, request.body);
    const result = await logIn({ repos, hasher, clock, authConfig }, { ...input, ip: request.ip });
    return validateReply(TokenReplySchema, result);
  });

  app.get('/auth/me', { preHandler: requireAuth }, async (request) => {
    const account = await getAccount({ repos, clock }, currentUser(request));
    return validateReply(MeReplySchema, account);
  });

  app.post('/auth/logout', { preHandler: requireAuth }, async (request) => {
    await logOut({ repos, clock }, currentUser(request));
    return validateReply(OkReplySchema, { success: true });
  });
}
