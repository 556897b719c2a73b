import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type ValidationRule } from 'graphql';
import { checkCost } from '../graphql/guards';
import type { LoadedSchema } from '../schema/supergraph-loader';
import { ownerOfFields, rootFieldNames, toWebSocketUrl } from '../schema/supergraph';
import type { Connection } from './connection';

/** A subscription request as graphql-ws received it. */
export interface SubscribePayload {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** Handed from onSubscribe to subscribe() through graphql-ws's execution args. */
export interface Forward {
  connection: Connection;
  id: string;
  subgraph: string;
  wsUrl: string;
  payload: SubscribePayload;
}

export interface AdmissionRules {
  /** Subscriptions one socket may hold at once. */
  maxSubscriptionsPerSocket: number;
  /** Null until the supergraph is loaded. */
  schema(): LoadedSchema | null;
  /** The HTTP URL of a subgraph by name (configured override, else the supergraph's). */
  subgraphUrl(name: string): string | null;
  validationRules: ValidationRule[];
  maxCost: number;
  /**
   * Production: whether the document is one of the web app's registered ones. A subscription is sent
   * as its text, once, over a socket already open (graphql-ws has no hash); the text must be a
   * registered document's (parsed and printed as the manifest holds it: graphql/trusted-documents.ts).
   * Null (development): any.
   */
  registered?: ((document: DocumentNode) => boolean) | null;
}

function refuse(message: string, code: string): GraphQLError[] {
  return [new GraphQLError(message, { extensions: { code } })];
}

/** The request parsed, validated against the API schema with the HTTP guards, and a subscription. */
function checked(rules: AdmissionRules, loaded: LoadedSchema, payload: SubscribePayload): GraphQLError[] | { document: DocumentNode; fields: string[] } {
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (err) {
    return [err instanceof GraphQLError ? err : new GraphQLError(String(err))];
  }
  if (rules.registered && !rules.registered(document)) {
    return refuse('Seuls les abonnements enregistrés de l’application sont acceptés (only registered subscriptions are accepted).', 'PERSISTED_QUERY_REQUIRED');
  }
  const errors = validate(loaded.apiSchema, document, [...specifiedRules, ...rules.validationRules]);
  if (errors.length) return [...errors];
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) return refuse("Impossible d'identifier l'opération.", 'BAD_USER_INPUT');
  if (operation.operation !== 'subscription') {
    return refuse('Seuls les abonnements passent par WebSocket ; envoyez les requêtes et mutations en HTTP sur /graphql.', 'BAD_USER_INPUT');
  }
  const costError = checkCost(loaded.apiSchema, document, rules.maxCost, payload.variables ?? undefined, payload.operationName ?? undefined);
  if (costError) return [costError];
  return { document, fields: rootFieldNames(document, operation) };
}

/**
 * graphql-ws's onSubscribe: the per-socket cap, the checks above, then the one subgraph that owns
 * the root fields. Errors refuse the subscription; execution args carry the Forward to subscribe().
 */
export function admitSubscription(rules: AdmissionRules, connection: Connection | undefined, id: string, payload: SubscribePayload): readonly GraphQLError[] | ExecutionArgs {
  if (!connection) return refuse('Connexion non initialisée.', 'UNAUTHENTICATED');
  if (connection.active.size >= rules.maxSubscriptionsPerSocket) {
    return refuse(`Trop d'abonnements sur cette connexion (maximum ${rules.maxSubscriptionsPerSocket}).`, 'TOO_MANY_SUBSCRIPTIONS');
  }
  const loaded = rules.schema();
  if (!loaded) return refuse('La passerelle démarre ; réessayez dans un instant.', 'SERVICE_UNAVAILABLE');
  const request = checked(rules, loaded, payload);
  if (Array.isArray(request)) return request;
  const { document, fields } = request as { document: DocumentNode; fields: string[] };
  const owner = ownerOfFields(loaded.routing, fields);
  if (!owner.ok) {
    return owner.reason === 'several-subgraphs'
      ? refuse(`Les champs ${owner.fields.join(', ')} relèvent de services différents : abonnez-vous à chacun séparément.`, 'BAD_USER_INPUT')
      : refuse(`Aucun service ne sert l'abonnement ${owner.fields.join(', ')}.`, 'BAD_USER_INPUT');
  }
  const httpUrl = rules.subgraphUrl(owner.subgraph);
  if (!httpUrl) return refuse(`Le service ${owner.subgraph} n'est pas configuré.`, 'SERVICE_UNAVAILABLE');
  const forward: Forward = {
    connection,
    id,
    subgraph: owner.subgraph,
    wsUrl: toWebSocketUrl(httpUrl),
    payload: { query: payload.query, variables: payload.variables, operationName: payload.operationName, extensions: payload.extensions },
  };
  connection.active.add(id);
  return { schema: loaded.apiSchema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue: forward };
}
