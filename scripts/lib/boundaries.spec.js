'use strict';
/* global describe, it, expect */
const { packageRefusal, refusal, violations } = require('./boundaries');

describe('import boundaries', () => {
  it('refuses a service importing another service, its tests included', () => {
    expect(refusal('services/messaging/test/password-reset.int.spec.ts', 'services/identity/src/app.ts')).toMatch('messaging imports another service (identity)');
    expect(refusal('services/commerce/src/checkout/start.ts', 'services/catalogue/src/items/rules.ts')).toMatch('commerce imports another service');
  });

  it('lets a service import itself and the kit, and its tests start a sandbox', () => {
    expect(refusal('services/commerce/src/checkout/start.ts', 'services/commerce/src/shared/money.ts')).toBeNull();
    expect(refusal('services/commerce/src/app.ts', 'services/kit/src/index.ts')).toBeNull();
    expect(refusal('services/commerce/test/sandbox.int.spec.ts', 'sandbox/payments/src/server.ts')).toBeNull();
    expect(refusal('services/commerce/src/providers/mtn.ts', 'sandbox/payments/src/server.ts')).toMatch('no gateway, web or sandbox');
  });

  it('refuses the kit importing a service, and the gateway or web importing a service', () => {
    expect(refusal('services/kit/src/boot.ts', 'services/identity/src/app.ts')).toMatch('the kit imports no service');
    expect(refusal('gateway/src/app.ts', 'services/commerce/src/app.ts')).toMatch('gateway code imports a service');
    expect(refusal('web/src/pages/home.tsx', 'services/catalogue/src/items/rules.ts')).toMatch('web code imports a service');
  });

  it('lets the gateway’s tests boot a service through its public entry only', () => {
    expect(refusal('gateway/test/five-services.ts', 'services/identity/src/app.ts')).toBeNull();
    expect(refusal('gateway/test/five-services.ts', 'services/commerce/test/public.ts')).toBeNull();
    expect(refusal('gateway/test/five-services.ts', 'services/commerce/test/support.ts')).toMatch('beyond its public entries');
  });

  it('refuses a service package imported from elsewhere', () => {
    expect(packageRefusal('gateway/src/app.ts', '@lbf/commerce')).toMatch('@lbf/commerce');
    expect(packageRefusal('services/commerce/src/app.ts', '@lbf/commerce')).toBeNull();
    expect(packageRefusal('services/commerce/src/app.ts', '@lbf/service-kit')).toBeNull();
  });

  it('lists every crossing of a graph', () => {
    const graph = { 'services/analytics/src/a.ts': ['services/analytics/src/b.ts', 'services/identity/src/c.ts'], 'gateway/src/x.ts': ['web/src/routes.ts'] };
    expect(violations(graph)).toEqual(['services/analytics/src/a.ts → services/identity/src/c.ts: analytics imports another service (identity)']);
  });
});
