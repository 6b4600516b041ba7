import type { FastifyInstance } from 'fastify';
import {
  DeleteAccountRequestSchema,
  FacebookSignInRequestSchema,
  GoogleSignInRequestSchema,
  LoginRequestSchema,
  MeReplySchema,
  OkReplySchema,
  PasswordResetConfirmSchema,
  PasswordResetReplySchema,
  PasswordResetRequestSchema,
  ProviderSignInReplySchema,
  SignupRequestSchema,
  TokenReplySchema,
} from '@app/contracts';
import { deleteAccount } from '../../../services/auth/delete-account';
import { getAccount } from '../../../services/auth/get-account';
import { logIn } from '../../../services/auth/log-in';
import { logOut } from '../../../services/auth/log-out';
import { confirmPasswordReset, requestPasswordReset } from '../../../services/auth/password-reset';
import { signInWithProvider } from '../../../services/auth/sign-in-with-provider';
import { signUp } from '../../../services/auth/sign-up';
import { currentUser, requireAuth } from '../../plugins/auth';
import { requestOrigin } from '../../request-origin';
import { validate, validateReply } from '../../validate';

/**
 * POST /auth/signup, POST /auth/login, POST /auth/google, POST /auth/facebook, GET /auth/me,
 * POST /auth/logout, DELETE /auth/account, POST /auth/password-reset, POST /auth/password-reset/confirm.
 */
export function authRoutes(app: FastifyInstance): void {
  const { repos, transaction, hasher, clock, config, googleVerifier, facebookVerifier, logger } =
    app.container;
  const authConfig = config.auth;
  const providerDeps = {
    repos,
    transaction,
    clock,
    authConfig,
    googleVerifier,
    facebookVerifier,
    logger,
  };

  app.post('/auth/signup', async (request, reply) => {
    const input = validate(SignupRequestSchema, request.body);
    const result = await signUp(
      { repos, transaction, hasher, clock, authConfig },
      { ...input, ip: request.ip },
    );
    return reply.status(201).send(validateReply(TokenReplySchema, result));
  });

  app.post('/auth/login', async (request) => {
    const input = validate(LoginRequestSchema, request.body);
    const result = await logIn(
      { repos, transaction, hasher, clock, authConfig },
      { ...input, ip: request.ip },
    );
    return validateReply(TokenReplySchema, result);
  });

  app.post('/auth/google', async (request) => {
    const input = validate(GoogleSignInRequestSchema, request.body);
    const result = await signInWithProvider(providerDeps, {
      provider: 'google',
      token: input.id_token,
      ip: request.ip,
    });
    return validateReply(ProviderSignInReplySchema, result);
  });

  app.post('/auth/facebook', async (request) => {
    const input = validate(FacebookSignInRequestSchema, request.body);
    const result = await signInWithProvider(providerDeps, {
      provider: 'facebook',
      token: input.access_token,
      ip: request.ip,
    });
    return validateReply(ProviderSignInReplySchema, result);
  });

  // Reset e-mails go out after the reply; closing the server waits for those still on their way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });

  app.post('/auth/password-reset', async (request, reply) => {
    const input = validate(PasswordResetRequestSchema, request.body);
    const { reply: body, delivery } = await requestPasswordReset(
      { repos, transaction, clock, authConfig, mailer: app.container.mailer, logger },
      { email: input.email, ip: request.ip, origin: config.publicUrl ?? requestOrigin(request) },
    );
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
    return reply.status(202).send(validateReply(PasswordResetReplySchema, body));
  });

  app.post('/auth/password-reset/confirm', async (request) => {
    const input = validate(PasswordResetConfirmSchema, request.body);
    const result = await confirmPasswordReset(
      { repos, transaction, hasher, clock, authConfig, logger },
      input,
    );
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

  app.delete('/auth/account', { preHandler: requireAuth }, async (request) => {
    const input = validate(DeleteAccountRequestSchema, request.body ?? {});
    await deleteAccount(
      {
        repos,
        transaction,
        hasher,
        clock,
        authConfig,
        logger,
        paymentGateway: app.container.payments.gateway,
      },
      currentUser(request),
      { ...input, ip: request.ip },
    );
    return validateReply(OkReplySchema, { success: true });
  });
}
