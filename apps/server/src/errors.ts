/**
 * Typed application errors. Services and repositories throw these; the HTTP error plugin turns
 * them into `{ message, code }` replies with the matching status. `message` is shown to people,
 * so write it as a sentence that says what to do next.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 for a request that is well-formed JSON but not acceptable (schema failures carry `issues`). */
export class BadRequestError extends AppError {
  constructor(
    message: string,
    readonly issues?: { path: string; message: string }[],
    code = 'bad_request',
  ) {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', code = 'unauthorized') {
    super(401, code, message);
  }
}

/**
 * 403: the request is understood, but what was sent does not allow it (a wrong confirmation) or this
 * server does not offer it (a feature turned off).
 */
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

export class PaymentRequiredError extends AppError {
  constructor(message: string, code = 'payment_required') {
    super(402, code, message);
  }
}

/** Also used for "belongs to someone else": callers never learn that another user's id exists. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'That request is too large.', code = 'payload_too_large') {
    super(413, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Sent as the Retry-After header. */
    readonly retryAfterSeconds: number,
    code = 'too_many_requests',
  ) {
    super(429, code, message);
  }
}

/** A feature this server is not set up for, or an outside service that cannot be reached now. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code = 'service_unavailable') {
    super(503, code, message);
  }
}

/**
 * 503 for a feature that needs an outside provider this server has no settings for (Google or
 * Facebook sign-in, Instagram, Meta's data deletion callback). An expected state of a server, not a
 * fault: the error plugin logs it once per provider, at info.
 */
export class NotConfiguredError extends ServiceUnavailableError {
  constructor(
    readonly provider: 'google' | 'facebook' | 'instagram',
    message: string,
  ) {
    super(message, `${provider}_not_configured`);
  }
}

/** The ledger refused a movement that would take the balance below zero. */
export class InsufficientCreditsError extends PaymentRequiredError {
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    super(
      `Not enough credits: your balance is ${balance} and this needs ${required}. Buy credits to continue.`,
      'insufficient_credits',
    );
  }
}

/** 410: what the request points at existed but is gone (expired links, purged data). */
export class GoneError extends AppError {
  constructor(message: string, code = 'gone') {
    super(410, code, message);
  }
}

/** 502: a provider we depend on refused or could not be reached; the message says what to do. */
export class BadGatewayError extends AppError {
  constructor(message: string, code = 'bad_gateway') {
    super(502, code, message);
  }
}
