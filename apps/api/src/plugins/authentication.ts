import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GetCurrentUser, NOT_ADMIN_MESSAGE, domainError, toUserView, type AdminActor, type User, type UserView } from '@civicwatch/core';
import { sendDomainError } from '../http/domain-error-reply.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: User | null;
  }
}


/**
 * `requireUser` is the preValidation hook of every signed-in route: it loads the session's account or answers
 * 401 `Unauthorized` (the web app looks for that word, docs/product/screens.md "Messages"), before the body is checked, so a signed-out
 * caller never learns anything from validation messages.
 *
 * `requireAdmin` guards every /api/admin route the same way, then answers 403 to an account whose stored role
 * is not admin (docs/product/administration.md "Who is an administrator": a role, never a tier). The role is read from the database on each
 * request, with the session, so a revoked administrator loses access at once, whatever their session says.
 */
export function registerAuthentication(app: FastifyInstance) {
  const getCurrentUser = app.diContainer.get(GetCurrentUser);
  app.decorateRequest('currentUser', null);
  // The session store read the session's account with the session itself (one round trip, issue 19).
  const currentUser = (request: FastifyRequest) => {
    const { userId, account } = request.session;
    return getCurrentUser.execute(userId, account === undefined ? undefined : (account?.user ?? null));
  };
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await currentUser(request);
    if (!result.ok) return sendDomainError(reply, result.error);
    request.currentUser = result.value;
  });
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await currentUser(request);
    if (!result.ok) return sendDomainError(reply, result.error);
    if (result.value.role !== 'admin') return sendDomainError(reply, domainError('auth.forbidden', NOT_ADMIN_MESSAGE));
    request.currentUser = result.value;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

/** The signed-in user of a route guarded by `requireUser`. */
export const signedInUser = (request: FastifyRequest): User => {
  if (!request.currentUser) throw new Error('signedInUser() used on a route without the requireUser hook');
  return request.currentUser;
};

/** The administrator of a route guarded by `requireAdmin`, as the audit log names them. */
/** The signed-in user as shown to themselves: with whether this session is the account's first visit. */
export const ownView = (request: FastifyRequest, user: User): UserView => ({ ...toUserView(user), firstVisit: request.session.firstVisit === true });

export const adminActor = (request: FastifyRequest): AdminActor => {
  const user = signedInUser(request);
  if (user.role !== 'admin') throw new Error('adminActor() used on a route without the requireAdmin hook');
  return { userId: user.id, label: user.email };
};
