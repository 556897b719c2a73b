/** What app.ts uses of the internal messages module. */
export { messagesModule } from './messages.module';
