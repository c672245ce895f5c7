/** HTTP errors with an Italian message and a stable code (DESIGN §4). */
import { MESSAGES } from '@farmaponte/shared';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request', fields?: Record<string, string>) =>
  new HttpError(400, message, code, fields);
export const unauthorized = (message: string = MESSAGES.notAuthenticated, code = 'not_authenticated') =>
  new HttpError(401, message, code);
export const forbidden = (message: string = MESSAGES.forbidden, code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message: string = MESSAGES.notFound, code = 'not_found') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'conflict', fields?: Record<string, string>) =>
  new HttpError(409, message, code, fields);
export const tooManyRequests = () => new HttpError(429, MESSAGES.tooManyRequests, 'rate_limited');
