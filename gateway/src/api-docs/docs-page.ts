import { API_SCOPES, API_KEY_PREFIX } from '@lbf/service-kit';
import {
  astFromValue,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  print,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { DEFAULT_LIST_SIZE, MUTATION_FIELD_COST, operationCost } from '../graphql/guards';
import { API_EXAMPLES } from './examples';
import { publicTypes, type FrenchDescriptions, type PublicSchema } from './public-schema';
import type { ChangelogEntry } from './schema-changes';

/**
 * Issue 24 point 3: the API's documentation page (`/api/docs`), one static HTML document made from
 * the public schema (no script, no external file): getting a key, examples, error codes, the cost
 * model, every public type and field in French and English, and the changelog.
 */
export interface DocsInput {
  publicSchema: PublicSchema;
  french: FrenchDescriptions;
  changelog: ChangelogEntry[];
  maxCost: number;
  maxDepth: number;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A description in both languages: French first (the site's language), English beside it. */
function both(fr: string | undefined, en: string | null | undefined): string {
  return `<p class="fr" lang="fr">${prose(fr ?? '')}</p><p class="en" lang="en">${prose(en ?? '')}</p>`;
}

/** A description as HTML: escaped, its `code spans` as <code>. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const anchor = (name: string) => `<a href="#type-${name}">${name}</a>`;
/** A type reference with its wrappers (`[Video!]!`), the named type linked when it is documented here. */
function typeRef(type: { toString(): string }, documented: Set<string>): string {
  const text = type.toString();
  return text.replace(/\w+/, (name) => (documented.has(name) ? anchor(name) : name));
}

/** ` = NEWEST`, ` = 12`: an argument's default as SDL writes it. */
function defaultOf(arg: GraphQLArgument): string {
  const ast = arg.defaultValue === undefined ? null : astFromValue(arg.defaultValue, arg.type);
  return ast ? ` = ${escapeHtml(print(ast))}` : '';
}

function deprecation(reason: string | null | undefined): string {
  return reason ? `<p class="deprecated">Déprécié / Deprecated : ${escapeHtml(reason)}</p>` : '';
}

function fieldsOf(type: GraphQLNamedType, french: FrenchDescriptions, documented: Set<string>, access: PublicSchema['access']): string {
  if (isEnumType(type)) {
    const rows = type.getValues().map((v) => `<dt><code>${v.name}</code></dt><dd>${both(french[`${type.name}.${v.name}`], v.description)}${deprecation(v.deprecationReason)}</dd>`);
    return `<dl>${rows.join('')}</dl>`;
  }
  if (isUnionType(type)) return `<p>${type.getTypes().map((t) => anchor(t.name)).join(' | ')}</p>`;
  if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) return '';
  const rows = Object.values(type.getFields()).map((field) => {
    const coordinate = `${type.name}.${field.name}`;
    const fieldArgs: readonly GraphQLArgument[] = 'args' in field ? field.args : [];
    const args = fieldArgs.length
      ? `<ul class="args">${fieldArgs
          .map((a) => `<li><code>${a.name}: ${typeRef(a.type, documented)}${defaultOf(a)}</code>${both(french[`${coordinate}(${a.name}:)`], a.description)}</li>`)
          .join('')}</ul>`
      : '';
    const level = access.get(coordinate);
    const badge = level ? `<span class="scope">${level === 'public' ? 'public, sans clé' : `clé de portée ${level}`}</span>` : '';
    return `<dt id="field-${coordinate}"><code>${field.name}: ${typeRef(field.type, documented)}</code> ${badge}</dt><dd>${both(french[coordinate], field.description)}${deprecation(field.deprecationReason)}${args}</dd>`;
  });
  return `<dl>${rows.join('')}</dl>`;
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'type';
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  return 'scalar';
}

function reference(input: DocsInput): string {
  const types = publicTypes(input.publicSchema.schema);
  const documented = new Set(types.map((t) => t.name));
  const index = types.map((t) => `<li>${anchor(t.name)}</li>`).join('');
  const sections = types.map(
    (t) =>
      `<section class="type" id="type-${t.name}"><h3><span class="kind">${kindOf(t)}</span> ${t.name}</h3>${both(input.french[t.name], t.description)}${fieldsOf(t, input.french, documented, input.publicSchema.access)}</section>`,
  );
  return `<section id="reference"><h2>Référence du schéma <span lang="en">(schema reference)</span></h2><ul class="index">${index}</ul>${sections.join('')}</section>`;
}

function gettingAKey(access: PublicSchema['access']): string {
  const rows = Object.entries(API_SCOPES).map(([scope, label]) => {
    const fields = [...access].filter(([, level]) => level === scope).map(([coordinate]) => `<a href="#field-${coordinate}"><code>${coordinate.replace(/^Query\./, '')}</code></a>`);
    return `<tr><td><code>${scope}</code></td><td>${escapeHtml(label)}</td><td>${fields.join(', ') || 'aucun champ aujourd’hui (none today)'}</td></tr>`;
  });
  return `<section id="cle"><h2>Obtenir une clé <span lang="en">(getting a key)</span></h2>
<p>Un administrateur crée la clé dans le back-office, page « API » : un nom, les portées, un budget en points par minute et une date d’expiration. Le secret (<code>${API_KEY_PREFIX}…</code>) n’est montré qu’une fois ; il est conservé haché. Envoyez-le dans chaque requête, en POST sur <code>/graphql</code> :</p>
<pre><code>Authorization: Bearer ${API_KEY_PREFIX}…</code></pre>
<p lang="en">An administrator creates the key in the back-office « API » page (name, scopes, budget in points per minute, expiry). The secret is shown once and stored hashed. Send it with every request as a bearer token. A key is an integration, never a person; it reaches what its scopes open, and the introspection of the schema. The catalogue and the news need no key.</p>
<table><thead><tr><th>Portée / scope</th><th>Libellé</th><th>Champs ouverts / fields opened</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p>Le schéma public en SDL : <a href="/api/schema.graphql"><code>/api/schema.graphql</code></a> (ETag, à mettre en cache).</p></section>`;
}

function examples(schema: GraphQLSchema): string {
  const items = API_EXAMPLES.map((ex) => {
    const cost = operationCost(schema, parse(ex.query), ex.variables);
    const body = JSON.stringify({ query: ex.query, ...(ex.variables ? { variables: ex.variables } : {}) });
    return `<article id="exemple-${ex.id}"><h3>${escapeHtml(ex.fr.title)} <span lang="en">(${escapeHtml(ex.en.title)})</span></h3>${both(ex.fr.text, ex.en.text)}
<pre><code>${escapeHtml(ex.query)}</code></pre>
<p>Coût estimé / estimated cost : <strong>${cost}</strong> points.</p>
<pre><code>curl -s https://lbf.example/graphql -H 'content-type: application/json' -H 'authorization: Bearer ${API_KEY_PREFIX}…' \\
  --data '${escapeHtml(body.replace(/'/g, "'\\''"))}'</code></pre></article>`;
  });
  return `<section id="exemples"><h2>Exemples <span lang="en">(examples)</span></h2>${items.join('')}</section>`;
}

/** The gateway's own refusals (`extensions.code`), in both languages. */
const GATEWAY_CODES: Array<[string, number, string, string]> = [
  ['UNAUTHENTICATED', 401, 'Clé inconnue, révoquée ou expirée, ou champ qui demande une clé.', 'Unknown, revoked or expired key, or a field that needs one.'],
  ['FORBIDDEN', 403, 'La clé n’a pas la portée que ce champ demande.', 'The key lacks the scope this field needs.'],
  ['BUDGET_EXCEEDED', 429, 'Budget de la clé épuisé : `retryAfterSeconds` (et l’en-tête Retry-After) dit quand réessayer.', 'The key’s budget is spent: `retryAfterSeconds` (and the Retry-After header) says when to retry.'],
  ['QUERY_TOO_COMPLEX', 400, 'Requête trop coûteuse, trop de champs racine ou trop d’alias ; rien n’est exécuté.', 'Query too costly, too many root fields or aliases; nothing runs.'],
  ['GRAPHQL_VALIDATION_FAILED', 400, 'Document invalide (champ inconnu, profondeur au-delà du maximum, introspection sans clé).', 'Invalid document (unknown field, too deep, introspection without a key).'],
  ['BAD_USER_INPUT', 400, 'Variables ou arguments invalides.', 'Invalid variables or arguments.'],
  ['SERVICE_UNAVAILABLE', 503, 'Service momentanément indisponible ; réessayez.', 'Service unavailable for a moment; retry.'],
  ['INTERNAL_SERVER_ERROR', 500, 'Erreur inattendue.', 'Unexpected error.'],
];

function errorCodes(enums: GraphQLEnumType[], french: FrenchDescriptions): string {
  const gateway = GATEWAY_CODES.map(([code, status, fr, en]) => `<tr><td><code>${code}</code></td><td>${status}</td><td>${both(fr, en)}</td></tr>`).join('');
  const services = enums
    .map((e) => `<h3>${e.name}</h3><dl>${e.getValues().map((v) => `<dt><code>${v.name}</code></dt><dd>${both(french[`${e.name}.${v.name}`], v.description)}</dd>`).join('')}</dl>`)
    .join('');
  return `<section id="erreurs"><h2>Codes d’erreur <span lang="en">(error codes)</span></h2>
<p>Une requête refusée répond <code>errors[].extensions.code</code> :</p><table><thead><tr><th>code</th><th>HTTP</th><th></th></tr></thead><tbody>${gateway}</tbody></table>
<p>Un refus métier (règle d’un service) arrive dans la réponse de la mutation, <code>error { code message }</code>, avec l’un des codes des services :</p>${services}</section>`;
}

function costModel(input: DocsInput): string {
  return `<section id="cout"><h2>Modèle de coût <span lang="en">(cost model)</span></h2>
<p>Chaque requête a un coût calculé avant son exécution : chaque champ coûte 1 plus le coût de sa sélection ; un champ liste multiplie la sélection par sa taille demandée (<code>pageSize</code>, <code>first</code>, <code>limit</code>…, sinon celle de la page parente, sinon ${DEFAULT_LIST_SIZE}) ; chaque champ racine d’une mutation coûte ${MUTATION_FIELD_COST} ; l’introspection ne coûte rien. Une requête coûte au plus ${input.maxCost} points et descend au plus à ${input.maxDepth} niveaux.</p>
<p>Chaque clé a un budget en points par minute, rechargé en continu (seau percé) : une requête au-delà du budget est refusée avant d’atteindre un service (<code>BUDGET_EXCEEDED</code>, HTTP 429, <code>Retry-After</code>).</p>
<p>Chaque réponse porte son coût dans <code>extensions.cost</code>, de la même forme que celle de Shopify :</p>
<pre><code>"extensions": { "cost": {
  "requestedQueryCost": 152,
  "actualQueryCost": 152,
  "throttleStatus": { "maximumAvailable": 1000, "currentlyAvailable": 848, "restoreRate": 16.67 }
} }</code></pre>
<p lang="en">Every query has a cost computed before it runs: each field costs 1 plus its selection; a list field multiplies its selection by its requested size (<code>pageSize</code>, <code>first</code>, <code>limit</code>…, else its parent page's, else ${DEFAULT_LIST_SIZE}); each mutation root field costs ${MUTATION_FIELD_COST}; introspection is free; at most ${input.maxCost} points and ${input.maxDepth} levels per query. Each key has a budget of points per minute refilled continuously; <code>requestedQueryCost</code> is the estimate, <code>actualQueryCost</code> what was charged, <code>throttleStatus</code> the key's bucket: its size (<code>maximumAvailable</code>), what is left (<code>currentlyAvailable</code>) and the refill in points per second (<code>restoreRate</code>).</p></section>`;
}

function changelog(entries: ChangelogEntry[]): string {
  const items = [...entries]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((e) => `<li><h3><time>${e.date}</time></h3><ul>${e.changes.map((c) => `<li class="change-${c.kind}">${both(c.fr, c.en)}</li>`).join('')}</ul></li>`);
  return `<section id="journal"><h2>Journal des modifications <span lang="en">(changelog)</span></h2>
<p>Un élément n’est retiré qu’après avoir été déprécié (<code>@deprecated(reason: "… Removal after AAAA-MM-JJ")</code>) au moins six mois avant.</p><ol class="changelog">${items.join('')}</ol></section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b1b1b}code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f0;padding:.75rem;overflow:auto}p.en{color:#555;font-style:italic}p.fr,p.en{margin:.2rem 0}dt{margin-top:.6rem}dd{margin-left:1rem}.kind{color:#2f6b3a;font-weight:normal}.scope{font-size:.8em;background:#e6f0e8;padding:0 .4rem;border-radius:.3rem}.deprecated{color:#a33}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3rem;vertical-align:top}.index{columns:3}section.type{border-top:1px solid #ddd}`;

export function renderDocsPage(input: DocsInput): string {
  const nav = [['cle', 'Obtenir une clé'], ['exemples', 'Exemples'], ['erreurs', 'Codes d’erreur'], ['cout', 'Modèle de coût'], ['reference', 'Référence'], ['journal', 'Journal des modifications']]
    .map(([id, label]) => `<a href="#${id}">${label}</a>`)
    .join(' · ');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API LBF — documentation des intégrateurs</title><style>${STYLE}</style></head><body>
<header><h1>API GraphQL de LBF <span lang="en">(LBF GraphQL API)</span></h1><nav>${nav}</nav></header><main>
${gettingAKey(input.publicSchema.access)}${examples(input.publicSchema.schema)}${errorCodes(input.publicSchema.errorCodes, input.french)}${costModel(input)}${reference(input)}${changelog(input.changelog)}
</main></body></html>`;
}
