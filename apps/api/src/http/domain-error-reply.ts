import type { FastifyReply } from 'fastify';
import type { DomainError } from '@civicwatch/core';
import { errorStatus } from './error-status.ts';

/** Sends a returned business failure as `{ code, message }` with its status. */
export const sendDomainError = (reply: FastifyReply, error: DomainError) =>
  reply.code(errorStatus[error.code]).send({ code: error.code, message: error.message });
