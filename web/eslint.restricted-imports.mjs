// The web's import doors (issue 21), as flat-config entries for the root eslint.config.mjs:
//   import webRestrictedImports from './web/eslint.restricted-imports.mjs';
//   export default tseslint.config(..., ...webRestrictedImports);
//
// Data hooks come through ONE door, `@/data/hooks`: the public pages' light hooks (no Apollo download)
// and, under their own names, Apollo's hooks for the parts that load with Apollo Client. Only src/data/
// (the door itself) and the server's render (entry-server.tsx: Apollo's provider and prerender) import
// `@apollo/client/react` directly.
const dataHooksDoor = {
  name: '@apollo/client/react',
  message:
    "Import data hooks from '@/data/hooks': useQuery/useMutation/useSubscription (public pages) or useApolloQuery/useApolloMutation/useApolloSubscription/useApolloClient (parts loaded withApollo).",
};

export default [
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/e2e/**/*.{ts,tsx}'],
    ignores: ['web/src/data/**', 'web/src/entry-server.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [dataHooksDoor] }],
    },
  },
];
