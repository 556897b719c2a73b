/** One jest run, three projects: unit rules, integration against real servers, browser e2e. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const shared = {
  testEnvironment: 'node',
  // beasties/compiler and beasties/runtime (gateway/src/ssr/critical-css.ts) are ES modules, as is
  // css-what, which the compiler imports: Node 20 require()s them, jest's module loader cannot.
  transform: { '^.+\\.ts$': swc, '/node_modules/(beasties|css-what)/.+\\.m?js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(beasties|css-what)/)'],
  moduleNameMapper: {
    '^@lbf/proto-events$': '<rootDir>/proto-events/src',
    '^@lbf/service-kit$': '<rootDir>/services/kit/src',
    '^@lbf/service-kit/testing$': '<rootDir>/services/kit/src/testing',
    // The web's route manifest, which Node loads compiled (web/dist-routes): its source here.
    '^@lbf/web/routes$': '<rootDir>/web/src/app/route-manifest.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // Integration and browser tests start real servers; jest reads this only at the top level.
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{proto-events,services,gateway,web,sandbox}/**/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.js'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{proto-events,services,gateway,sandbox}/**/test/**/*.int.spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/web/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/web/e2e/global-teardown.ts',
    },
  ],
};
