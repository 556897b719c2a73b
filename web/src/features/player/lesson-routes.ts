import type { RouteKey } from '@/app/route-manifest';

/**
 * The manifest's routes of a lesson's page: where a signed-in viewer's playback session is asked
 * for as the page opens (early-session.ts). Its own module, with nothing to import, so that the
 * page's start-up module (main.tsx) fetches early-session's code on these pages only.
 */
export const LESSON_ROUTES: readonly RouteKey[] = ['video', 'videoShort'];

export const isLessonRoute = (route: RouteKey | undefined): boolean => route !== undefined && LESSON_ROUTES.includes(route);
