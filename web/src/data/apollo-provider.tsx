import { ApolloProvider } from '@apollo/client/react';
import type { ComponentType } from 'react';
import { loadApollo } from './apollo';

/** `Part` inside Apollo's provider, once the client exists (data/with-apollo.ts). */
export async function provideApollo<P extends object>(Part: ComponentType<P>): Promise<{ default: ComponentType<P> }> {
  const client = await loadApollo();
  function WithApollo(props: P) {
    return (
      <ApolloProvider client={client}>
        <Part {...props} />
      </ApolloProvider>
    );
  }
  WithApollo.displayName = `WithApollo(${Part.displayName ?? Part.name ?? 'Part'})`;
  return { default: WithApollo };
}
