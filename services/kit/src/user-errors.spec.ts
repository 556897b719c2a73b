import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { parseInput, UserError, validArgs, validInput, withUserErrors } from './user-errors';

const signIn = z.object({
  email: z.string().email('Veuillez entrer une adresse email valide'),
  password: z.string().min(1, 'Veuillez remplir tous les champs'),
});

describe('user errors', () => {
  it('turns the first zod issue into a French VALIDATION error naming its field', () => {
    const parsed = parseInput(signIn, { email: 'pas-un-email', password: '' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toBeInstanceOf(UserError);
    expect(parsed.error).toMatchObject({ code: 'VALIDATION', message: 'Veuillez entrer une adresse email valide', field: 'email', title: null });
  });

  it('gives the parsed value when the input is valid', () => {
    expect(parseInput(signIn, { email: 'a@b.fr', password: 'x' })).toEqual({ ok: true, value: { email: 'a@b.fr', password: 'x' } });
    expect(validInput(signIn, { email: 'a@b.fr', password: 'x' }).email).toBe('a@b.fr');
  });

  it('puts a thrown UserError in the mutation payload, and lets faults through', async () => {
    await expect(withUserErrors('video', () => Promise.resolve({ id: '1' }))).resolves.toEqual({ video: { id: '1' }, error: null });
    const refused = await withUserErrors('video', async () => validInput(signIn, {}));
    expect(refused.video).toBeNull();
    expect(refused.error).toMatchObject({ code: 'VALIDATION', field: 'email' });
    await expect(withUserErrors('video', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('refuses query arguments with one BAD_USER_INPUT shape carrying the field', () => {
    let thrown: unknown;
    try {
      validArgs(signIn, { email: 'a@b.fr', password: '' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).message).toBe('Veuillez remplir tous les champs');
    expect((thrown as GraphQLError).extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'password' });
  });
});
