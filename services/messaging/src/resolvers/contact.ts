import { requireAdmin, UserError, validArgs, validInput, withUserErrors } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { contactListArgsSchema, replyBodySchema } from '../domain/contact-rules';
import type { Resolvers } from '../generated/graphql';
import { openContactForm, sendContactMessage, type ContactFormDeps } from '../operations/contact-form';
import { adminArchiveContactMessage, adminContactMessage, adminContactMessages, adminMarkContactMessage, adminReplyContactMessage } from '../operations/contact-inbox';

/** Contact: the public form (ticket, submission) and the administrators' inbox. Thin: checks, then operations. */
export function contactResolvers(deps: ContactFormDeps): Resolvers {
  return {
    Query: {
      adminContactMessages: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return adminContactMessages(deps, validArgs(contactListArgsSchema, args));
      },
      adminContactMessage: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return adminContactMessage(deps, id);
      },
    },
    Mutation: {
      openContactForm: async (_p, _a, ctx) => {
        try {
          return await openContactForm(deps, ctx.ip);
        } catch (err) {
          if (err instanceof UserError) throw new GraphQLError(err.message, { extensions: { code: err.code } });
          throw err;
        }
      },
      sendContactMessage: (_p, { input }, ctx) => withUserErrors('sent', () => sendContactMessage(deps, input, ctx.ip)),
      adminMarkContactMessage: (_p, { id, read }, ctx) => {
        requireAdmin(ctx);
        return withUserErrors('contactMessage', () => adminMarkContactMessage(deps, id, read));
      },
      adminArchiveContactMessage: (_p, { id, archived }, ctx) => {
        requireAdmin(ctx);
        return withUserErrors('contactMessage', () => adminArchiveContactMessage(deps, id, archived));
      },
      adminReplyContactMessage: (_p, args, ctx) => {
        const admin = requireAdmin(ctx);
        return withUserErrors('contactMessage', () => adminReplyContactMessage(deps, admin, args.id, validInput(replyBodySchema, { body: args.body }).body));
      },
    },
  };
}
