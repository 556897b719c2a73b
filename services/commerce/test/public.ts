/**
 * What other packages' tests may use of commerce's test tooling (the gateway's five-services test
 * stack): the fake providers whose answers a test decides, their webhook key, and sandbox-like
 * provider settings. The import boundaries (scripts/lib/boundaries.js) allow this file and
 * src/app.ts only.
 */
export { FakeProvider, WEBHOOK_KEY } from './fake-provider';
export { sandboxProviders } from './harness';
