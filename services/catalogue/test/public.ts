/**
 * What other packages' tests may use of catalogue's test tooling (the gateway's tests): real files
 * to upload (a short H.264 clip, a PNG, a 3-page PDF). The import boundaries
 * (scripts/lib/boundaries.js) allow this file and src/app.ts only.
 */
export { makeFixtures } from './factories/media';
