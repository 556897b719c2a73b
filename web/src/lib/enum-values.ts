/** `unknown` when Listed names every member of T; otherwise a property the argument lacks, naming what is missing. */
type Covering<T extends string, Listed> = [Exclude<T, Listed>] extends [never] ? unknown : { readonly missingEnumValues: Exclude<T, Listed> };

/**
 * An ordered list of a GraphQL enum's values (menus, zod enums), returned as a readonly tuple.
 * The typecheck refuses it unless it names every value, so a value added to the schema fails the
 * web's build until the list says where it goes.
 */
export function everyValue<T extends string>() {
  return <const A extends readonly T[]>(values: A & Covering<T, A[number]>): A => values;
}

/** Like everyValue, for a map whose values must cover the enum (e.g. URL option → API value). */
export function everyValueOf<T extends string>() {
  return <const M extends Readonly<Record<string, T>>>(map: M & Covering<T, M[keyof M]>): M => map;
}
