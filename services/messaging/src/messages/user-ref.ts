/** A User entity reference (federation): messaging resolves the inbox fields of `User` from its id (codegen's mapper for User). */
export interface UserRef {
  id: string;
}
