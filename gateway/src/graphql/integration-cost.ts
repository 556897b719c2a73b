import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { Integration } from '@lbf/service-kit';
import { GraphQLError, Kind, type FragmentDefinitionNode } from 'graphql';
import { actualQueryCost } from './actual-cost';
import { operationCost } from './guards';
import { type CostBudget, type ThrottleStatus } from './integration-budget';
import type { GatewayContext } from './subgraph-data-source';

/** What every answer to an API key carries as `extensions.cost` (Shopify's shape). */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: ThrottleStatus;
}

/** The refusal of an operation the bucket does not hold the points for: French and English, the wait in seconds, 429 with Retry-After. */
export function overBudgetError(cost: number, available: number, retryAfterSeconds: number): GraphQLError {
  const fr = `Budget de la clé d’API épuisé : cette requête coûte ${cost} points, ${available} sont disponibles ; réessayez dans ${retryAfterSeconds} s.`;
  const en = `API key budget exceeded: this query costs ${cost} points, ${available} are available; retry in ${retryAfterSeconds} s.`;
  return new GraphQLError(`${fr} (${en})`, {
    extensions: { code: 'BUDGET_EXCEEDED', cost, available, retryAfterSeconds, messages: { fr, en }, http: { status: 429, headers: new Map([['retry-after', String(retryAfterSeconds)]]) } },
  });
}

/** An operation costing more than the whole budget would never pass: said so, no wait to offer. */
export function overWholeBudgetError(cost: number, costPerMinute: number): GraphQLError {
  const fr = `Cette requête coûte ${cost} points, plus que tout le budget de la clé d’API (${costPerMinute} points par minute) : demandez moins d’éléments par page.`;
  const en = `This query costs ${cost} points, more than the API key's whole budget (${costPerMinute} points per minute): ask for fewer items per page.`;
  return new GraphQLError(`${fr} (${en})`, { extensions: { code: 'MAX_COST_EXCEEDED', cost, maximumAvailable: costPerMinute, messages: { fr, en }, http: { status: 400 } } });
}

/** The budget could not be read (Redis unreachable): an integration is refused rather than let through uncounted. */
function budgetUnavailable(): GraphQLError {
  return new GraphQLError('Service momentanément indisponible (service temporarily unavailable)', { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
}

interface Charge {
  requested: number;
  /** Points taken from the bucket (0 when refused or not yet charged). */
  taken: number;
  status: ThrottleStatus | null;
}

/**
 * Issue 24 point 2. An integration's operation costs what the gateway's cost check estimates
 * (guards.ts operationCost: fields, times the page sizes asked for), taken from its key's leaky
 * bucket in Redis (integration-budget.ts) after validation and before any subgraph is asked; over
 * budget it is refused (BUDGET_EXCEEDED, 429, Retry-After). Once answered, a query's actual cost is
 * computed from what came back (actual-cost.ts: the same rules on the real list sizes), at most
 * the requested one, and the difference given back to the bucket; a mutation's actual cost is its
 * requested cost (it wrote whatever it returned). Every answer carries `extensions.cost`:
 * { requestedQueryCost, actualQueryCost, throttleStatus: { maximumAvailable, currentlyAvailable,
 * restoreRate (points per second) } }; a refused operation's actual cost is 0.
 */
export function integrationCostPlugin(budget: CostBudget): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart({ contextValue }) {
      const integration = contextValue.integration;
      if (!integration) return;
      const charge: Charge = { requested: 0, taken: 0, status: null };
      return {
        async didResolveOperation({ request, document, schema }) {
          charge.requested = operationCost(schema, document, request.variables, request.operationName);
          if (charge.requested > integration.costPerMinute) throw overWholeBudgetError(charge.requested, integration.costPerMinute);
          const taken = await budget.take(integration.keyId, integration.costPerMinute, charge.requested).catch(() => {
            throw budgetUnavailable();
          });
          charge.status = taken.status;
          if (!taken.allowed) throw overBudgetError(charge.requested, taken.status.currentlyAvailable, taken.retryAfterSeconds);
          charge.taken = charge.requested;
        },
        async willSendResponse(ctx) {
          if (ctx.response.body.kind !== 'single') return;
          const result = ctx.response.body.singleResult;
          const cost = await settle(budget, integration, charge, ctx).catch(() => null);
          if (cost) result.extensions = { ...result.extensions, cost };
        },
      };
    },
  };
}

/** The operation's actual cost, the difference given back, and the bucket as it is left. */
async function settle(budget: CostBudget, integration: Integration, charge: Charge, ctx: GraphQLRequestContextWillSendResponse<GatewayContext>): Promise<QueryCost> {
  let actual = charge.taken;
  const { operation, document } = ctx;
  const data = ctx.response.body.kind === 'single' ? ctx.response.body.singleResult.data : null;
  if (charge.taken && operation?.operation === 'query' && document) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    actual = Math.min(charge.taken, actualQueryCost(operation, fragments, data));
  }
  let status = charge.status;
  if (actual < charge.taken) status = await budget.giveBack(integration.keyId, integration.costPerMinute, charge.taken - actual);
  status ??= await budget.peek(integration.keyId, integration.costPerMinute);
  return { requestedQueryCost: charge.requested, actualQueryCost: actual, throttleStatus: status };
}

