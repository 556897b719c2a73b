import { adminOnly, toPayload, unwrap, unwrapKeepingCode } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { openContactForm, sendContactMessage, type ContactFormDeps } from './form';
import { adminArchiveContactMessage, adminContactMessage, adminContactMessages, adminMarkContactMessage, adminReplyContactMessage } from './inbox';

/** Contact: the public form (ticket, submission) and the administrators' inbox. Thin: the role, then the use case's Result. */
export function contactResolvers(deps: ContactFormDeps): { Query: QueryResolvers; Mutation: MutationResolvers } {
  return {
    Query: {
      adminContactMessages: adminOnly(async (args) => unwrap(await adminContactMessages(deps, args))),
      adminContactMessage: adminOnly(async ({ id }) => adminContactMessage(deps, id)),
    },
    Mutation: {
      openContactForm: async (_p, _a, ctx) => unwrapKeepingCode(await openContactForm(deps, ctx.ip)),
      sendContactMessage: async (_p, { input }, ctx) => toPayload('sent', await sendContactMessage(deps, input, ctx.ip)),
      adminMarkContactMessage: adminOnly(async ({ id, read }, _ctx, admin) => toPayload('contactMessage', await adminMarkContactMessage(deps, admin, id, read))),
      adminArchiveContactMessage: adminOnly(async ({ id, archived }, _ctx, admin) => toPayload('contactMessage', await adminArchiveContactMessage(deps, admin, id, archived))),
      adminReplyContactMessage: adminOnly(async (args, _ctx, admin) => toPayload('contactMessage', await adminReplyContactMessage(deps, admin, args.id, args.body))),
    },
  };
}
