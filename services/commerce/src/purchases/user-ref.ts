/** The User entity as commerce resolves it (identity owns it): only its id (codegen's mapper for User). */
export interface UserRef {
  id: string;
}
