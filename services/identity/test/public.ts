/**
 * What other packages' tests may use of identity's test tooling (the gateway's tests): the
 * administrators' command as `npm run admin:create` runs it. The import boundaries
 * (scripts/lib/boundaries.js) allow this file and src/app.ts only.
 */
export { runCreateAdmin } from '../src/cli/create-admin';
