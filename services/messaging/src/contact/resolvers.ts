import { requireAdmin, toPayload, unwrap, unwrapKeepingCode } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { openContactForm, sendContactMessage, type ContactFormDeps } from './form';
import { adminArchiveContactMessage, adminContactMessage, adminContactMessages, adminMarkContactMessage, adminReplyContactMessage } from './inbox';

/** Contact: the public form (ticket, submission) and the administrators' inbox. Thin: the role, then the use case's Result. */
export function contactResolvers(deps: ContactFormDeps): { Query: QueryResolvers; Mutation: MutationResolvers } {
  return {
    Query: {
      adminContactMessages: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await adminContactMessages(deps, args));
      },
      adminContactMessage: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return adminContactMessage(deps, id);
      },
    },
    Mutation: {
      openContactForm: async (_p, _a, ctx) => unwrapKeepingCode(await openContactForm(deps, ctx.ip)),
      sendContactMessage: async (_p, { input }, ctx) => toPayload('sent', await sendContactMessage(deps, input, ctx.ip)),
      adminMarkContactMessage: async (_p, { id, read }, ctx) => {
        requireAdmin(ctx);
        return toPayload('contactMessage', await adminMarkContactMessage(deps, id, read));
      },
      adminArchiveContactMessage: async (_p, { id, archived }, ctx) => {
        requireAdmin(ctx);
        return toPayload('contactMessage', await adminArchiveContactMessage(deps, id, archived));
      },
      adminReplyContactMessage: async (_p, args, ctx) => {
        const admin = requireAdmin(ctx);
        return toPayload('contactMessage', await adminReplyContactMessage(deps, admin, args.id, args.body));
      },
    },
  };
}
