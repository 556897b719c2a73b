/**
 * The "phone": pending USSD pushes for a number, approved or declined by a tester (or a browser
 * test playing the customer). GET /phone?msisdn= (HTML, refreshes itself), GET /phone/api/prompts?msisdn=
 * (JSON), POST /phone/api/prompts/{id}/approve|decline (JSON), and the page's own form posts.
 */
import express, { type Request, type Response } from 'express';
import { normaliseMsisdn } from './credentials';
import { esc, fcfa, page } from './html';
import { expireMomo, settleMomo } from './momo';
import { expireNotch, settleNotch } from './notchpay';
import { expireOrange, settleOrange } from './orange';
import { PROVIDER_LABELS, type Prompt, type SandboxState } from './state';


/** Closes prompts whose payment ended meanwhile (expired, canceled, settled elsewhere). */
function refresh(state: SandboxState): void {
  for (const p of state.prompts.values()) {
    if (p.status !== 'pending') continue;
    if (p.provider === 'mtn') {
      const r = state.momo.get(p.paymentKey);
      if (r) expireMomo(state, r);
      if (!r || r.status !== 'PENDING') p.status = 'closed';
    } else if (p.provider === 'orange') {
      const o = state.orange.get(p.paymentKey);
      if (o) expireOrange(state, o);
      if (!o || o.status !== 'PENDING') p.status = 'closed';
    } else {
      const n = state.notchpay.get(p.paymentKey);
      if (n) expireNotch(state, n);
      if (!n || (n.status !== 'pending' && n.status !== 'processing')) p.status = 'closed';
    }
  }
}

/** Approves or declines a prompt: the provider payment ends accordingly and its callback goes out. */
export function answerPrompt(state: SandboxState, id: string, approve: boolean): { status: number; prompt?: Prompt; error?: string } {
  refresh(state);
  const prompt = state.prompts.get(id);
  if (!prompt) return { status: 404, error: 'unknown prompt' };
  if (prompt.status !== 'pending') return { status: 409, prompt, error: `prompt is ${prompt.status}` };
  prompt.status = approve ? 'approved' : 'declined';
  // The operator passes the answer on: now, or late when it is switched to slow.
  if (prompt.provider === 'mtn') {
    const r = state.momo.get(prompt.paymentKey);
    if (r) state.operatorAnswers('mtn', prompt.msisdn, () => settleMomo(state, r, approve ? 'SUCCESSFUL' : 'FAILED', approve ? null : 'APPROVAL_REJECTED'));
  } else if (prompt.provider === 'orange') {
    const o = state.orange.get(prompt.paymentKey);
    if (o) state.operatorAnswers('orange', prompt.msisdn, () => settleOrange(state, o, approve ? 'SUCCESSFULL' : 'FAILED'));
  } else {
    const n = state.notchpay.get(prompt.paymentKey);
    if (n) state.operatorAnswers('notchpay', prompt.msisdn, () => settleNotch(state, n, approve ? 'complete' : 'failed'));
  }
  // settle* closed every pending prompt of the payment; keep this one's answer.
  prompt.status = approve ? 'approved' : 'declined';
  return { status: 200, prompt };
}

const promptJson = (p: Prompt) => ({
  id: p.id,
  provider: p.provider,
  msisdn: p.msisdn,
  amount: p.amount,
  currency: p.currency,
  merchant: p.merchant,
  description: p.description,
  status: p.status,
  createdAt: new Date(p.createdAt).toISOString(),
});

export function phoneRouter(state: SandboxState): express.Router {
  const r = express.Router();

  r.get('/', (req: Request, res: Response) => {
    refresh(state);
    const msisdn = normaliseMsisdn(typeof req.query.msisdn === 'string' ? req.query.msisdn : '');
    const form = `<form method="get" action="/phone" class="card">
  <label for="msisdn">Numéro de téléphone</label>
  <input id="msisdn" name="msisdn" inputmode="tel" value="${esc(msisdn)}" placeholder="237699000005">
  <button class="ok" type="submit">Afficher</button>
</form>`;
    if (!msisdn) {
      const numbers = [...new Set(state.pendingPrompts().map((p) => p.msisdn))];
      const list = numbers.length
        ? `<div class="card"><p>Numéros avec une demande en attente :</p><ul>${numbers.map((n) => `<li><a href="/phone?msisdn=${esc(n)}">${esc(n)}</a></li>`).join('')}</ul></div>`
        : '<div class="card"><p class="muted">Aucune demande en attente.</p></div>';
      return void res.type('html').send(page('Téléphone de test', `<h1>Téléphone de test</h1>${form}${list}`, { refreshS: 3 }));
    }
    const prompts = state.pendingPrompts(msisdn);
    const cards = prompts.length
      ? prompts
          .map(
            (p) => `<div class="card" data-prompt-id="${esc(p.id)}">
  <p class="muted">${esc(PROVIDER_LABELS[p.provider])}</p>
  <p>${esc(p.merchant)} vous demande de payer</p>
  <p class="amount">${esc(fcfa(p.amount))}</p>
  ${p.description ? `<p class="muted">${esc(p.description)}</p>` : ''}
  <div class="actions">
    <form method="post" action="/phone/prompts/${esc(p.id)}/approve?msisdn=${esc(msisdn)}"><button class="ok" type="submit">Approuver</button></form>
    <form method="post" action="/phone/prompts/${esc(p.id)}/decline?msisdn=${esc(msisdn)}"><button class="no" type="submit">Refuser</button></form>
  </div>
</div>`,
          )
          .join('\n')
      : '<div class="card"><p class="muted">Aucune demande en attente pour ce numéro.</p></div>';
    res.type('html').send(page(`Téléphone ${msisdn}`, `<h1>Téléphone ${esc(msisdn)}</h1>${cards}${form}`, { refreshS: 3 }));
  });

  // The page's buttons (forms): answer, then back to the page.
  for (const action of ['approve', 'decline'] as const) {
    r.post(`/prompts/:id/${action}`, (req, res) => {
      const out = answerPrompt(state, String(req.params.id), action === 'approve');
      const msisdn = typeof req.query.msisdn === 'string' ? req.query.msisdn : (out.prompt?.msisdn ?? '');
      res.redirect(303, `/phone?msisdn=${encodeURIComponent(msisdn)}`);
    });
    r.post(`/api/prompts/:id/${action}`, (req, res) => {
      const out = answerPrompt(state, String(req.params.id), action === 'approve');
      if (out.status !== 200) return void res.status(out.status).json({ error: out.error, prompt: out.prompt ? promptJson(out.prompt) : null });
      res.status(200).json({ prompt: promptJson(out.prompt as Prompt) });
    });
  }

  r.get('/api/prompts', (req, res) => {
    refresh(state);
    const msisdn = typeof req.query.msisdn === 'string' ? normaliseMsisdn(req.query.msisdn) : undefined;
    res.json({ prompts: state.pendingPrompts(msisdn || undefined).map(promptJson) });
  });

  return r;
}
