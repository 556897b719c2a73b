import { createContext, useContext } from 'react';
import type { AuthResult, SessionUser, SignInInput, SignUpInput } from './operations';

export interface AuthContextValue {
  user: SessionUser | null;
  /** True until the initial session fetch (refreshSession) answered. */
  loading: boolean;
  /** From the user's isAdmin field (the same field as `me.isAdmin`); false when signed out. */
  isAdmin: boolean;
  /** The session was ended by a ban (already told with its own toast): guards say nothing more. */
  accountDisabled: boolean;
  /** Resolves with the server's result (its `error` is ready to show); rejects on network failure. */
  signIn(input: SignInInput): Promise<AuthResult>;
  signUp(input: SignUpInput): Promise<AuthResult>;
  /** Rejects when the server could not be reached: the session is then kept. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
