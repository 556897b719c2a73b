/**
 * Apollo's own hooks under the names the door gives them (data/hooks.ts in the browser, hooks.server.ts
 * on the server): all their options, for the parts that arrive with Apollo Client inside its provider.
 * Re-exported only: Apollo is side-effect free, so a chunk that does not call them does not carry Apollo.
 */
export { useApolloClient, useMutation as useApolloMutation, useQuery as useApolloQuery, useSubscription as useApolloSubscription } from '@apollo/client/react';
