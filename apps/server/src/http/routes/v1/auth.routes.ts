import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { deleteAccount } from '../../../services/auth/delete-account';
import { getAccount } from '../../../services/auth/get-account';
import { logIn } from '../../../services/auth/log-in';
import { logOut } from '../../../services/auth/log-out';
import {
  resendVerificationEmail,
  sendVerificationEmail,
  verifyEmail,
} from '../../../services/auth/email-verification';
import { confirmPasswordReset, requestPasswordReset } from '../../../services/auth/password-reset';
import { signInWithProvider } from '../../../services/auth/sign-in-with-provider';
import { signUp } from '../../../services/auth/sign-up';
import { DEVICE_TOKEN_MAX_AGE_MS, issueDeviceToken } from '../../../services/auth/device-token';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, overHttps, readCookie, setCookie } from '../../cookies';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';
import { linkOrigin } from '../../request-origin';

/**
 * POST /auth/signup, POST /auth/login, POST /auth/google, POST /auth/facebook, GET /auth/me,
 * POST /auth/logout, DELETE /auth/account, POST /auth/password-reset, POST /auth/password-reset/confirm,
 * POST /auth/verify-email, POST /auth/verify-email/resend.
 */
export function authRoutes(app: FastifyInstance): void {
  const {
    repos,
    transaction,
    hasher,
    clock,
    config,
    googleVerifier,
    facebookVerifier,
    logger,
    cookieKey,
  } = app.container;
  const authConfig = config.auth;
  const providerDeps = {
    repos,
    transaction,
    clock,
    authConfig,
    cookieKey,
    googleVerifier,
    facebookVerifier,
    logger,
  };
  /** Remembers this browser as a known device of the account it signed in to. */
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, deviceToken: string) =>
    setCookie(reply, {
      name: DEVICE_COOKIE,
      value: deviceToken,
      path: DEVICE_COOKIE_PATH,
      maxAgeSeconds: Math.floor(DEVICE_TOKEN_MAX_AGE_MS / 1000),
      secure: overHttps(request, config.publicUrl),
    });

  handle(app, apiRoutes.login, async (request, reply) => {
    const input = request.body;
    const { deviceToken, ...result } = await logIn(
      { repos, transaction, hasher, clock, authConfig, cookieKey },
      { ...input, ip: request.ip, deviceToken: readCookie(request, DEVICE_COOKIE) },
    );
    rememberDevice(request, reply, deviceToken);
    return result;
  });

  handle(app, apiRoutes.googleSignIn, async (request, reply) => {
    const input = request.body;
    const { deviceToken, ...result } = await signInWithProvider(providerDeps, {
      provider: 'google',
      token: input.id_token,
      ip: request.ip,
      deviceToken: readCookie(request, DEVICE_COOKIE),
    });
    rememberDevice(request, reply, deviceToken);
    return result;
  });

  handle(app, apiRoutes.facebookSignIn, async (request, reply) => {
    const input = request.body;
    const { deviceToken, ...result } = await signInWithProvider(providerDeps, {
      provider: 'facebook',
      token: input.access_token,
      ip: request.ip,
      deviceToken: readCookie(request, DEVICE_COOKIE),
    });
    rememberDevice(request, reply, deviceToken);
    return result;
  });

  // E-mails go out after the reply; closing the server waits for those still on their way.
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
  });
  const track = (delivery: Promise<void>) => {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };
  const mailDeps = { repos, transaction, clock, mailer: app.container.mailer, logger };

  handle(app, apiRoutes.signup, async (request, reply) => {
    const input = request.body;
    const { token, userId } = await signUp(
      { repos, transaction, hasher, clock, authConfig },
      { ...input, ip: request.ip },
    );
    // The confirmation link is made and sent after the reply; no failure of it fails the sign-up.
    const origin = linkOrigin(config.publicUrl, request);
    track(
      Promise.resolve()
        .then(() => sendVerificationEmail(mailDeps, { userId, email: input.email, origin }))
        .then(
          ({ delivery }) => delivery,
          (error: unknown) =>
            logger.warn(
              { userId, err: { message: error instanceof Error ? error.message : String(error) } },
              'e-mail confirmation link could not be made',
            ),
        ),
    );
    rememberDevice(request, reply, issueDeviceToken(cookieKey, { userId, now: clock.now() }));
    return { token };
  });

  handle(app, apiRoutes.requestPasswordReset, async (request) => {
    const input = request.body;
    const { reply: body, delivery } = await requestPasswordReset(
      { repos, transaction, clock, authConfig, mailer: app.container.mailer, logger },
      { email: input.email, ip: request.ip, origin: linkOrigin(config.publicUrl, request) },
    );
    track(delivery);
    return body;
  });

  handle(app, apiRoutes.confirmPasswordReset, async (request) =>
    confirmPasswordReset({ repos, transaction, hasher, clock, authConfig, logger }, request.body),
  );

  handle(app, apiRoutes.verifyEmail, async (request) =>
    verifyEmail({ transaction, clock, logger }, currentUser(request), request.body),
  );

  handle(app, apiRoutes.resendVerificationEmail, async (request) => {
    const { delivery } = await resendVerificationEmail(mailDeps, currentUser(request), {
      origin: linkOrigin(config.publicUrl, request),
    });
    track(delivery);
    return { success: true as const };
  });

  handle(app, apiRoutes.me, async (request) => getAccount({ repos, clock }, currentUser(request)));

  handle(app, apiRoutes.logout, async (request) => {
    await logOut({ repos, clock }, currentUser(request));
    return { success: true as const };
  });

  handle(app, apiRoutes.deleteAccount, async (request) => {
    const input = request.body;
    await deleteAccount(
      {
        repos,
        transaction,
        hasher,
        clock,
        authConfig,
        cookieKey,
        logger,
        paymentGateway: app.container.payments.gateway,
      },
      currentUser(request),
      { ...input, ip: request.ip, deviceToken: readCookie(request, DEVICE_COOKIE) },
    );
    return { success: true as const };
  });
}
