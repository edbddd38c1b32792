// One error type for the whole server; the error handler turns it into { Message, Messages?, Errors? }.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      Messages?: string[];
      Errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      body?: Record<string, unknown>;
      /** What went wrong underneath (a library's error): logged by the error handler, never sent. */
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
  }
}

export const notFound = (what = 'The item') => new AppError(404, `${what} was not found.`);
export const forbidden = () => new AppError(403, 'You do not have permission to do this.');
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, message);
export const badRequest = (message: string, Errors?: Record<string, string[]>) =>
  new AppError(400, message, { Errors });
