import type { AuthResultFieldsFragment, SessionUserFragment, SignInInput, SignUpInput } from '@/generated/graphql';
import type { UserError } from '@/lib/user-error';

/** The signed-in user as every auth answer carries it (fragment SessionUser). */
export type SessionUser = SessionUserFragment;
/** A refusal worded for the user (fragment UserErrorFields, shared with every subgraph's mutations). */
export type { UserError };
export type AuthResult = AuthResultFieldsFragment;
export type { SignInInput, SignUpInput };
