import { errorReplySchema } from '@vigil/contract';
import type { FastifyInstance, FastifyBaseLogger, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A route's response map: the success schema plus the error replies it documents. */
export function replies<T extends z.ZodType>(ok: T, errors: ErrorStatus[] = [400, 401, 403]) {
  return { 200: ok, ...Object.fromEntries(errors.map((status) => [status, errorReplySchema])) } as { 200: T } & Record<
    ErrorStatus,
    typeof errorReplySchema
  >;
}
