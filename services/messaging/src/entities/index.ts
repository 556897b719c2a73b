/** TypeORM entities of the messaging schema (operations may also use SQL directly). */
export const ENTITIES: Function[] = [];
