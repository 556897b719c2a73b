'use strict';
/**
 * The one way tests and benchmarks start Debian's Chromium. Besides its own switches against
 * background traffic, every host name but loopback resolves to nothing: a page, or Chromium itself
 * (component updates, safe browsing, field trials), cannot reach beyond this machine in a test run.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--metrics-recording-only',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS };
