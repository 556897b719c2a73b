/** What other modules may use of the users read model. */
export { adminName, findUser, type KnownUser } from './store';
export { displayName, TEAM_NAME } from './rules';
export { usersModule, type OnRegistered } from './users.module';
