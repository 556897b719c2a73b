import { describe, expect, it } from '@jest/globals';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { createRetryLink, RETRY_ATTEMPTS } from './retry-link';

const QUERY = gql`
  query NewsPage {
    articles {
      id
    }
  }
`;
const MUTATION = gql`
  mutation SendContactMessage($text: String!) {
    sendContactMessage(text: $text)
  }
`;

/**
 * A client whose terminating link counts what it is sent and answers with `answer(n)` (n: the
 * number of the request, from 1), standing in for the HTTP link.
 */
function clientWith(answer: (n: number) => 'network-error' | 'graphql-error' | 'ok') {
  const sent: string[] = [];
  const terminating = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        sent.push(operation.operationName ?? '');
        const outcome = answer(sent.length);
        if (outcome === 'network-error') observer.error(new TypeError('Failed to fetch'));
        else if (outcome === 'graphql-error') {
          observer.next({ errors: [{ message: 'Refusé', extensions: { code: 'FORBIDDEN' } }] });
          observer.complete();
        } else {
          observer.next({ data: operation.operationType === 'mutation' ? { sendContactMessage: true } : { articles: [{ __typename: 'Article', id: '1' }] } });
          observer.complete();
        }
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([createRetryLink({ initial: 1, max: 5, jitter: false }), terminating]),
    cache: new InMemoryCache(),
  });
  return { client, sent };
}

describe('the retry link', () => {
  it('sends a mutation that failed on the network once, never again', async () => {
    const { client, sent } = clientWith(() => 'network-error');
    await expect(client.mutate({ mutation: MUTATION, variables: { text: 'Bonjour' } })).rejects.toThrow('Failed to fetch');
    // Time enough for every retry the link would have made.
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual(['SendContactMessage']);
  });

  it('retries a query that failed on the network, and gets the answer', async () => {
    const { client, sent } = clientWith((n) => (n < 3 ? 'network-error' : 'ok'));
    const { data } = await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    expect(data).toEqual({ articles: [{ __typename: 'Article', id: '1' }] });
    expect(sent).toEqual(['NewsPage', 'NewsPage', 'NewsPage']);
  });

  it('gives up on a query after its tries', async () => {
    const { client, sent } = clientWith(() => 'network-error');
    await expect(client.query({ query: QUERY, fetchPolicy: 'network-only' })).rejects.toThrow('Failed to fetch');
    expect(sent).toHaveLength(RETRY_ATTEMPTS);
  });

  it('does not retry a query the server answered with GraphQL errors', async () => {
    const { client, sent } = clientWith(() => 'graphql-error');
    await expect(client.query({ query: QUERY, fetchPolicy: 'network-only' })).rejects.toThrow('Refusé');
    expect(sent).toHaveLength(1);
  });
});
