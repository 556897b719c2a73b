/** What the admin command and the other rooms use of accounts. */
export { hashPassword, verifyPassword } from './passwords';
export { parseInternationalPhone } from './phone';
export { registerUser, type NewUser, type RegistrationOrigin } from './register-user';
export { emailSchema, passwordSchema } from './rules';
export { grantAdmin, hasAdminRole, lockEmail, setPasswordHash, userByEmail } from './store';
export { createUserLoaders, type UserLoaders } from './users';
