import type { CreateCaptchaMutation } from '@/generated/graphql';

/** A captcha as the auth page shows it. */
export type Captcha = CreateCaptchaMutation['createCaptcha'];

