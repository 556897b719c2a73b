import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { apolloClient } from '@/apollo/client';
import { AuthProvider } from '@/auth/auth-provider';
import { AppRoutes } from './routes';

export function App() {
  return (
    <ApolloProvider client={apolloClient}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* Spec §9: at most one toast at a time, 5000 ms. */}
        <Toaster visibleToasts={1} duration={5000} position="bottom-center" richColors closeButton />
      </AuthProvider>
    </ApolloProvider>
  );
}
