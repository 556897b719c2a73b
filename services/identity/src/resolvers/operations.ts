import type { DataSource } from 'typeorm';
import type { Accounts } from '../operations/accounts';
import type { Bans } from '../operations/bans';
import type { Captchas } from '../operations/captchas';
import type { PasswordResets } from '../operations/password-resets';
import type { Sessions } from '../operations/sessions';

export interface Operations {
  captchas: Captchas;
  accounts: Accounts;
  sessions: Sessions;
  passwordResets: PasswordResets;
  bans: Bans;
  /** The administrators' users table, cards and export read it directly (operations/admin-users.ts). */
  ds: DataSource;
  production: boolean;
  /** The site's time zone (SITE_TIMEZONE): the users' cards count its days, the export writes its dates. */
  siteTimezone: string;
}
