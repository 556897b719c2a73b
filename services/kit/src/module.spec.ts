import { composeModules, defineModule } from './module';
import { frozenConfig } from './frozen-config';
import { refuse, toPayload, unwrap, unwrapKeepingCode, ok } from './user-errors';

describe('composeModules', () => {
  it('merges resolver maps type by type and keeps each module’s jobs, consumers and routes', () => {
    const seen: string[] = [];
    const a = defineModule({
      name: 'a',
      resolvers: { Query: { one: () => 1 }, User: { a: () => 'a' } },
      jobHandlers: { 'a.job': async () => undefined },
      routes: () => void seen.push('a'),
    });
    const b = defineModule({ name: 'b', resolvers: { Query: { two: () => 2 }, User: { b: () => 'b' } }, routes: () => void seen.push('b') });
    const composed = composeModules([a, b]);
    expect(Object.keys(composed.resolvers.Query)).toEqual(['one', 'two']);
    expect(Object.keys(composed.resolvers.User)).toEqual(['a', 'b']);
    expect(Object.keys(composed.jobHandlers)).toEqual(['a.job']);
    composed.routes({} as never);
    expect(seen).toEqual(['a', 'b']);
  });

  it('refuses a field resolved by two modules, naming both', () => {
    const a = defineModule({ name: 'a', resolvers: { Query: { same: () => 1 } } });
    const b = defineModule({ name: 'b', resolvers: { Query: { same: () => 2 } } });
    expect(() => composeModules([a, b])).toThrow('Query.same is resolved by two modules (a, b)');
  });

  it('refuses a job handled by two modules', () => {
    const handler = async () => undefined;
    expect(() => composeModules([defineModule({ name: 'a', jobHandlers: { j: handler } }), defineModule({ name: 'b', jobHandlers: { j: handler } })])).toThrow(
      'job j is handled by two modules (second: b)',
    );
  });
});

describe('the Result idiom', () => {
  it('puts a value under its key, a refusal in error', () => {
    expect(toPayload('video', ok({ id: 'v' }))).toEqual({ video: { id: 'v' }, error: null });
    const refused = toPayload('video', refuse('NOT_FOUND', 'Vidéo introuvable', { field: 'id' }));
    expect(refused.video).toBeNull();
    expect(refused.error).toMatchObject({ code: 'NOT_FOUND', message: 'Vidéo introuvable', field: 'id' });
  });

  it('unwrap gives the value or throws the BAD_USER_INPUT shape', () => {
    expect(unwrap(ok(3))).toBe(3);
    expect(() => unwrap(refuse('VALIDATION', 'Trop long', { field: 'title' }))).toThrow(
      expect.objectContaining({ message: 'Trop long', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'title' }) }),
    );
  });
});

describe('unwrapKeepingCode', () => {
  it('throws the refusal with its own code where the page reads it', () => {
    expect(unwrapKeepingCode(ok('x'))).toBe('x');
    expect(() => unwrapKeepingCode(refuse('RATE_LIMITED', 'Trop de tentatives'))).toThrow(
      expect.objectContaining({ message: 'Trop de tentatives', extensions: { code: 'RATE_LIMITED' } }),
    );
  });
});

describe('frozenConfig', () => {
  it('freezes deeply', () => {
    const config = frozenConfig({ port: 1, nested: { list: [1, 2] } });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.nested)).toBe(true);
    expect(Object.isFrozen(config.nested.list)).toBe(true);
    expect(() => ((config as { port: number }).port = 2)).toThrow(TypeError);
  });
});
