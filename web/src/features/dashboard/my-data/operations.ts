import type { MyDataQuery } from '@/generated/graphql';

export type MyData = NonNullable<MyDataQuery['me']>;
export type MyConsent = NonNullable<MyData['consents']>[number];
export type MySession = NonNullable<MyData['sessions']>[number];

