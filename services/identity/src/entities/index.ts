import { AdminRole } from './admin-role';
import { Captcha } from './captcha';
import { PasswordReset } from './password-reset';
import { RefreshToken } from './refresh-token';
import { Session } from './session';
import { User } from './user';
import { UserBan } from './user-ban';

export { AdminRole, Captcha, PasswordReset, RefreshToken, Session, User, UserBan };

export const entities = [User, AdminRole, UserBan, Session, RefreshToken, Captcha, PasswordReset];
