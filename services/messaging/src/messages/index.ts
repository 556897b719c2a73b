/** What app.ts uses of the internal messages module. */
export { messagesModule } from './messages.module';
export { fromInbox, MY_READ_AT } from './store';
