/** A User entity reference (federation): messaging resolves the inbox fields of `User` from its id. */
export interface UserRef {
  id: string;
}
