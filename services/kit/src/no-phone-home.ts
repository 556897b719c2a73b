import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';

/**
 * Environment switches of dependencies that report to their vendor on their own. Nothing leaves the
 * machine but what the privacy page names (mail, payment providers), whatever the environment says:
 * - `@apollo/gateway` (2.9+) builds, unless APOLLO_TELEMETRY_DISABLED is set, an OpenTelemetry
 *   metrics exporter to Apollo, and before it runs AWS/GCP/Azure/Alibaba resource detectors that
 *   call the link-local cloud metadata address (169.254.169.254, metadata.google.internal).
 * - `@apollo/server` turns usage and schema reporting on by itself when APOLLO_KEY/APOLLO_GRAPH_REF
 *   are present (a variable left over from another project is enough).
 */
const FORCED = { APOLLO_TELEMETRY_DISABLED: 'true' } as const;
const REMOVED = ['APOLLO_KEY', 'APOLLO_KEY_PATH', 'APOLLO_GRAPH_REF', 'APOLLO_GRAPH_ID', 'APOLLO_GRAPH_VARIANT', 'APOLLO_SCHEMA_REPORTING'] as const;

/** Call before any Apollo gateway or server is constructed: they read these variables in their constructors. */
export function refuseVendorTelemetry(env: NodeJS.ProcessEnv = process.env): void {
  Object.assign(env, FORCED);
  for (const name of REMOVED) delete env[name];
}

/**
 * The Apollo Server plugins that keep reporting off even if a key reaches the server some other
 * way, and no landing page (it loads Apollo's CDN in the browser that opens it).
 */
export function noVendorReporting<C extends BaseContext>(): ApolloServerPlugin<C>[] {
  return [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled(), ApolloServerPluginLandingPageDisabled()];
}
