import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { apolloClient } from '@/apollo/client';
import { AuthProvider } from '@/auth/auth-provider';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { createAppRouter } from './routes';

const router = createAppRouter();

export function App() {
  return (
    // The last wall: an error outside any route (a provider) still gets a message, not a blank page.
    <ErrorBoundary fullPage>
      <ApolloProvider client={apolloClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          {/* Spec §9: at most one toast at a time, 5000 ms. */}
          <Toaster visibleToasts={1} duration={5000} position="bottom-center" richColors closeButton />
        </AuthProvider>
      </ApolloProvider>
    </ErrorBoundary>
  );
}
