/**
 * The operators' switch (state.ts `OperatorCondition`): an operator made slow or failing, so that a
 * browser test (or a tester on the sandbox's page) can watch LBF's operator health react.
 * `GET /control/operators`, `POST /control/operators {provider, mode, delayMs? | delaySeconds?, numbers?}`
 * (JSON answers JSON; the page's form is sent back to the page), and the page's card.
 */
import express from 'express';
import { z } from 'zod';
import { normaliseMsisdn } from './credentials';
import { esc } from './html';
import { DEFAULT_SLOW_DELAY_MS, OPERATOR_MODES, PROVIDER_LABELS, type OperatorMode, type Provider, type SandboxState } from './state';

const PROVIDERS: readonly Provider[] = ['orange', 'mtn', 'notchpay'];
const MODE_LABELS: Record<OperatorMode, string> = { normal: 'Normal', slow: 'Lent', failing: 'En panne' };

const switchSchema = z.object({
  provider: z.enum(['orange', 'mtn', 'notchpay']),
  mode: z.enum(OPERATOR_MODES),
  delayMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
  delaySeconds: z.coerce.number().int().min(0).max(3_600).optional(),
  numbers: z.array(z.string().regex(/^\+?[\d ]{8,20}$/)).min(1).max(100).optional(),
});

export function operatorsRouter(state: SandboxState): express.Router {
  const r = express.Router();
  r.get('/', (_req, res) => void res.json({ operators: state.settings.operators }));
  r.post('/', (req, res) => {
    const form = req.is('application/x-www-form-urlencoded');
    const body = (req.body ?? {}) as Record<string, unknown>;
    // An empty field of the form is no value.
    const parsed = switchSchema.safeParse(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '')));
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues });
    const { provider, mode, delayMs, delaySeconds, numbers } = parsed.data;
    state.settings.operators[provider] = {
      mode,
      delayMs: delayMs ?? (delaySeconds !== undefined ? delaySeconds * 1000 : DEFAULT_SLOW_DELAY_MS),
      numbers: numbers ? numbers.map(normaliseMsisdn) : null,
    };
    if (form) return void res.redirect(303, '/');
    res.json({ operators: state.settings.operators });
  });
  return r;
}

/** The sandbox page's card: each operator's state and a form to switch it. */
export function operatorsCard(state: SandboxState): string {
  const rows = PROVIDERS.map((provider) => {
    const { mode, delayMs, numbers } = state.settings.operators[provider];
    const options = OPERATOR_MODES.map((m) => `<option value="${m}"${m === mode ? ' selected' : ''}>${esc(MODE_LABELS[m])}</option>`).join('');
    return `<form method="post" action="/control/operators" data-operator="${provider}">
  <p><strong>${esc(PROVIDER_LABELS[provider])}</strong> · <span data-mode="${mode}">${esc(MODE_LABELS[mode])}</span>${mode === 'slow' ? esc(` (réponse ${Math.round(delayMs / 1000)} s plus tard)`) : ''}${numbers && mode !== 'normal' ? esc(` · numéros : ${numbers.join(', ')}`) : ''}</p>
  <input type="hidden" name="provider" value="${provider}">
  <label for="mode-${provider}">État</label>
  <select id="mode-${provider}" name="mode">${options}</select>
  <label for="delay-${provider}">Retard des réponses (secondes, si lent)</label>
  <input id="delay-${provider}" name="delaySeconds" inputmode="numeric" value="${Math.round(delayMs / 1000)}">
  <button class="ok" type="submit">Appliquer</button>
</form>`;
  }).join('\n<hr>\n');
  return `<div class="card"><h2>Opérateurs</h2><p class="muted">Rendre un opérateur lent ou en panne (tests de la santé des opérateurs).</p>${rows}</div>`;
}
