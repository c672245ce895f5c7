/** HTTP errors with an Italian message and a stable code (docs/rules.md#errors). */
import { LEGAL_FORM_ERROR_CODES, MESSAGES } from '@farmaponte/shared';

export interface THttpErrorExtras {
  /** Per-field messages, for a form to show next to each field. */
  fields?: Record<string, string>;
  /** SimpleJWT's name for the message, kept on the login 401 for clients written against it (docs/rules.md#errors). */
  detail?: string;
  /** Seconds after which a refused request may be tried again (the Retry-After header of a 429). */
  retryAfterSeconds?: number;
  /** Every problem of a file, by row and column (a CSV of shifts, decision 090). */
  rows?: { row: number; column: string; message: string }[];
}

export class HttpError extends Error {
  readonly fields?: Record<string, string>;
  readonly detail?: string;
  readonly retryAfterSeconds?: number;
  readonly rows?: THttpErrorExtras['rows'];

  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    extras: THttpErrorExtras = {},
  ) {
    super(message);
    this.fields = extras.fields;
    this.detail = extras.detail;
    this.retryAfterSeconds = extras.retryAfterSeconds;
    this.rows = extras.rows;
  }
}

/** The code of a refusal of an offer's pay terms, by its schema or by the server's checks against the stored offer. */
export const INVALID_PAY_TERMS = 'invalid_pay_terms';

export const badRequest = (message: string, code = 'bad_request', fields?: Record<string, string>) =>
  new HttpError(400, message, code, { fields });
export const unauthorized = (message: string = MESSAGES.notAuthenticated, code = 'not_authenticated', detail?: string) =>
  new HttpError(401, message, code, { detail });
export const forbidden = (message: string = MESSAGES.forbidden, code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message: string = MESSAGES.notFound, code = 'not_found') => new HttpError(404, message, code);
/** 410: it was here and is no more (an offer that closed). */
export const gone = (message: string, code = 'gone') => new HttpError(410, message, code);
export const conflict = (message: string, code = 'conflict', fields?: Record<string, string>) =>
  new HttpError(409, message, code, { fields });
/** 429 with the Italian message and Retry-After: whole seconds, at least one (a client may always wait and retry). */
export const tooManyRequests = (retryAfterMs: number, message: string = MESSAGES.tooManyRequests, code = 'rate_limited') =>
  new HttpError(429, message, code, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });

/**
 * The answer to a request its zod schema refused (docs/rules.md#errors): 400 with the first message and one message per field
 * (`profile.name`, `_` for the body itself). An id no row can have (a path id that is not a number, one above the
 * integer range) is simply not found.
 */
export function validationError(issues: readonly { instancePath: string; message?: string }[]): HttpError {
  if (issues.every((issue) => issue.message === MESSAGES.notFound)) return notFound();
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[name] ??= issue.message ?? MESSAGES.invalidInput;
  }
  // A refusal with its own code (prestazione occasionale, decision 093) leads the answer whatever field comes first.
  const coded = issues.find((issue) => issue.message && LEGAL_FORM_ERROR_CODES[issue.message]);
  if (coded?.message) return badRequest(coded.message, LEGAL_FORM_ERROR_CODES[coded.message], fields);
  // An offer's pay terms (decision 094) have their own code, so a client may open the section that holds the problem.
  const payTerms = issues.find((issue) => issue.instancePath.startsWith('/pay_terms/'));
  if (payTerms) return badRequest(payTerms.message ?? MESSAGES.invalidInput, INVALID_PAY_TERMS, fields);
  return badRequest(issues[0]?.message ?? MESSAGES.invalidInput, 'validation_error', fields);
}
