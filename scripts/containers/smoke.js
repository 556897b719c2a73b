'use strict';
/**
 * The smoke journey through a booted product's gateway, over HTTP only (what a load balancer's
 * health check and a first customer do): the home as HTML, a sign-up the honest way (captcha read
 * from the database as the browser tests do, proof of work solved), a purchase through the payment
 * sandbox, and a video's free preview served through the gateway. Each step is a named check.
 * A production gateway takes from a browser only the web app's registered documents, by hash (issue
 * 24): the journey sends the web app's own operations, as its pages do (queries as GET, mutations as
 * POST), named in the manifest the web build wrote (the image's is built from the same sources).
 */
const { Client } = require('pg');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { TRUSTED_DOCUMENTS } = require('../lib/build');

let manifest = null;
/** The web app's registered operation of that name (web/dist-manifest/persisted-query-manifest.json). */
function registered(name) {
  manifest ??= JSON.parse(readFileSync(TRUSTED_DOCUMENTS, 'utf8'));
  const op = manifest.operations.find((o) => o.name === name);
  if (!op) throw new Error(`${name} is not one of the web app's registered operations`);
  return op;
}

/** One of the web app's operations by its name, sent as its pages send it: by hash, queries as GET. */
async function gql(gatewayUrl, name, variables = {}, token) {
  const op = registered(name);
  const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: op.id } });
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const url = new URL(`${gatewayUrl}/graphql`);
  if (op.type === 'query') for (const [k, v] of Object.entries({ operationName: name, variables: JSON.stringify(variables), extensions })) url.searchParams.set(k, v);
  const res = await fetch(url, op.type === 'query' ? { headers } : { method: 'POST', headers, body: JSON.stringify({ operationName: name, variables, extensions: JSON.parse(extensions) }) });
  const body = await res.json().catch(() => null);
  if (!body?.data || body.errors) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body?.errors ?? body)}`);
  return body.data;
}

const leadingZeroBits = (digest) => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) { bits += 8; continue; }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};
/** What the sign-up page does before sending the form (services/identity/src/captcha/proof-of-work.ts). */
function solveProofOfWork(challenge, difficulty) {
  for (let n = 0; ; n++) if (leadingZeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) >= difficulty) return String(n);
}

async function until(what, probe, timeoutMs, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe().catch(() => null);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function home(gatewayUrl) {
  const res = await fetch(`${gatewayUrl}/`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  if (res.status !== 200 || !html.includes('Votre santé, notre priorité')) throw new Error(`home answered ${res.status} without its hero`);
}

async function signUp(gatewayUrl, databaseUrl) {
  const { createCaptcha } = await gql(gatewayUrl, 'CreateCaptcha');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const answer = await db.query('SELECT answer FROM identity.captchas WHERE id = $1', [createCaptcha.id]).finally(() => db.end());
  const email = `conteneur.${Date.now()}@exemple.test`;
  const { signUp: result } = await gql(
    gatewayUrl,
    'SignUp',
    {
      input: {
        firstName: 'Aïcha', lastName: 'Conteneur', email, phoneCountry: 'CM', phoneNumber: '677123456',
        password: 'secret-lbf', confirmPassword: 'secret-lbf', captchaId: createCaptcha.id, captchaAnswer: answer.rows[0].answer,
        proofOfWork: solveProofOfWork(createCaptcha.proofOfWork.challenge, createCaptcha.proofOfWork.difficulty), acceptTerms: true,
      },
    },
  );
  if (!result.accessToken) throw new Error(`sign-up refused: ${JSON.stringify(result.error)}`);
  return result.accessToken;
}

/** A guide bought with MTN MoMo in the sandbox (its test number approves at once; else on its phone page). */
async function purchase(gatewayUrl, sandboxUrl, token) {
  const { pdfs } = await gql(gatewayUrl, 'PdfsPage', { page: 1, pageSize: 20 }, token);
  const guide = pdfs.items.find((p) => !p.purchased);
  if (!guide) throw new Error('no guide to buy');
  // The sandbox's approving number, in whichever spelling commerce's phone rule takes (as the bench does).
  let refused = null;
  for (const phone of ['56733123453', '+56733123453']) {
    const { startCheckout } = await gql(
      gatewayUrl,
      'StartCheckout',
      { input: { itemId: guide.id, itemType: 'PDF', method: 'MTN', phone, consentImmediateAccess: true, consentHealthData: true } },
      token,
    );
    refused = startCheckout.error;
    if (!refused || refused.field !== 'phone') break;
  }
  if (refused) throw new Error(`checkout refused: ${JSON.stringify(refused)}`);
  let approved = false;
  await until('the guide in the buyer\'s library', async () => {
    const { pdf } = await gql(gatewayUrl, 'PdfDetailPage', { id: guide.id }, token);
    if (pdf?.purchased) return true;
    if (!approved) {
      const prompts = await fetch(`${sandboxUrl}/phone/api/prompts?msisdn=56733123453`).then((r) => r.json());
      for (const p of prompts) approved = (await fetch(`${sandboxUrl}/phone/api/prompts/${encodeURIComponent(p.id)}/approve`, { method: 'POST' })).ok || approved;
    }
    return false;
  }, 60_000);
}

/** A video's free preview: a playback session, then its playlist through the gateway's /media. */
async function preview(gatewayUrl, token) {
  const videos = await until('a published video', async () => {
    const { videos } = await gql(gatewayUrl, 'VideosPage', { page: 1, pageSize: 20 }, token);
    return videos.items.length ? videos.items : null;
  }, 180_000, 2000);
  const video = videos[0];
  const { startPlayback } = await gql(
    gatewayUrl,
    'StartPlayback',
    { videoId: video.id },
    token,
  );
  if (!startPlayback.session) throw new Error(`no playback: ${JSON.stringify(startPlayback.error)}`);
  const manifest = new URL(startPlayback.session.manifestUrl, gatewayUrl);
  const res = await fetch(manifest);
  const text = await res.text();
  if (res.status !== 200 || !text.startsWith('#EXTM3U')) throw new Error(`the preview's playlist answered ${res.status}`);
  return startPlayback.session.mode;
}

/** Runs the journey; returns one { name, ok, ms, error? } per step (a failed step stops the ones that need it). */
async function smokeJourney({ gatewayUrl, sandboxUrl, identityDatabaseUrl }) {
  const results = [];
  const step = async (name, fn) => {
    const t0 = Date.now();
    try {
      const value = await fn();
      results.push({ name, ok: true, ms: Date.now() - t0 });
      return value;
    } catch (err) {
      results.push({ name, ok: false, ms: Date.now() - t0, error: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  };
  await step('home page as HTML', () => home(gatewayUrl));
  const token = await step('sign-up (captcha, proof of work)', () => signUp(gatewayUrl, identityDatabaseUrl));
  if (token) {
    await step('a guide bought through the payment sandbox (MTN MoMo)', () => purchase(gatewayUrl, sandboxUrl, token));
    await step('a video\'s free preview played through the gateway', () => preview(gatewayUrl, token));
  }
  return results;
}

module.exports = { smokeJourney, until };
