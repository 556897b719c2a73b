'use strict';
/**
 * The smoke journey through a booted product's gateway, over HTTP only (what a load balancer's
 * health check and a first customer do): the home as HTML, a sign-up the honest way (captcha read
 * from the database as the browser tests do, proof of work solved), a purchase through the payment
 * sandbox, and a video's free preview served through the gateway. Each step is a named check.
 */
const { Client } = require('pg');
const { createHash } = require('node:crypto');

async function gql(gatewayUrl, query, variables = {}, token) {
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
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
  const { createCaptcha } = await gql(gatewayUrl, 'mutation SmokeCaptcha { createCaptcha { id proofOfWork { challenge difficulty } } }');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const answer = await db.query('SELECT answer FROM identity.captchas WHERE id = $1', [createCaptcha.id]).finally(() => db.end());
  const email = `conteneur.${Date.now()}@exemple.test`;
  const { signUp: result } = await gql(
    gatewayUrl,
    'mutation SmokeSignUp($input: SignUpInput!) { signUp(input: $input) { accessToken error { code message } } }',
    {
      input: {
        firstName: 'Aïcha', lastName: 'Conteneur', email, phoneCountry: 'CM', phoneNumber: '677123456',
        password: 'secret-lbf', confirmPassword: 'secret-lbf', captchaId: createCaptcha.id, captchaAnswer: answer.rows[0].answer,
        proofOfWork: solveProofOfWork(createCaptcha.proofOfWork.challenge, createCaptcha.proofOfWork.difficulty),
      },
    },
  );
  if (!result.accessToken) throw new Error(`sign-up refused: ${JSON.stringify(result.error)}`);
  return result.accessToken;
}

/** A guide bought with MTN MoMo in the sandbox (its test number approves at once; else on its phone page). */
async function purchase(gatewayUrl, sandboxUrl, token) {
  const { pdfs } = await gql(gatewayUrl, 'query SmokeGuides { pdfs(pageSize: 20) { items { id purchased } } }', {}, token);
  const guide = pdfs.items.find((p) => !p.purchased);
  if (!guide) throw new Error('no guide to buy');
  // The sandbox's approving number, in whichever spelling commerce's phone rule takes (as the bench does).
  let refused = null;
  for (const phone of ['56733123453', '+56733123453']) {
    const { startCheckout } = await gql(
      gatewayUrl,
      'mutation SmokeCheckout($input: StartCheckoutInput!) { startCheckout(input: $input) { order { id status } error { code message field } } }',
      { input: { itemId: guide.id, itemType: 'PDF', method: 'MTN', phone, consentImmediateAccess: true } },
      token,
    );
    refused = startCheckout.error;
    if (!refused || refused.field !== 'phone') break;
  }
  if (refused) throw new Error(`checkout refused: ${JSON.stringify(refused)}`);
  let approved = false;
  await until('the guide in the buyer\'s library', async () => {
    const { pdf } = await gql(gatewayUrl, 'query SmokeOwned($id: ID!) { pdf(id: $id) { purchased } }', { id: guide.id }, token);
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
    const { videos } = await gql(gatewayUrl, 'query SmokeVideos { videos(pageSize: 20) { items { id purchased } } }', {}, token);
    return videos.items.length ? videos.items : null;
  }, 180_000, 2000);
  const video = videos.find((v) => !v.purchased) ?? videos[0];
  const { startPlayback } = await gql(
    gatewayUrl,
    'mutation SmokePlay($videoId: ID!) { startPlayback(videoId: $videoId) { session { mode manifestUrl } error { code message } } }',
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
