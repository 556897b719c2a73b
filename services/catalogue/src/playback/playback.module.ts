import { defineModule, type AccessTokenVerifier, type EventBus } from '@lbf/service-kit';
import { LESSON_DATA_PURGE_SCHEDULER, type CatalogueJobs, type MediaSigner } from '../media';
import type { CatalogueDeps } from '../shared/deps';
import { healthConsentsConsumer } from './health-consents';
import { purgeOldLessonData } from './lesson-data';
import { videoKeyFor, type PlaybackSettings } from './playback';
import { playbackResolvers } from './resolvers';
import { streamHandler } from './stream-routes';

/**
 * Playback: sessions of a video (full for buyers and administrators, the free preview for others
 * within the visitors' limits), the stream and key route, views, watch progress, and the delivery
 * of PDF guides (a buyer's stamped copy). Watch progress is kept only with the person's health-data
 * consent, from identity's events (health-consents.ts). The lesson data a person's player reports
 * (lesson-data.ts) is one total per person and month, purged past RETENTION.lessonDataMonths.
 */
export const playbackModule = (
  deps: CatalogueDeps & { playback: PlaybackSettings; signer: MediaSigner; verifier: AccessTokenVerifier; bus: EventBus; maxDeliver?: number },
) =>
  defineModule<CatalogueJobs>({
    name: 'playback',
    resolvers: playbackResolvers(deps),
    consumers: healthConsentsConsumer(deps),
    // Lesson data past RETENTION.lessonDataMonths, each night (the months are whole: no need for more often).
    jobHandlers: {
      'purge-lesson-data': async () => {
        const purged = await purgeOldLessonData(deps);
        if (purged) deps.log.info({ purged }, 'old months of lesson data purged');
        return purged;
      },
    },
    jobSchedules: [{ id: LESSON_DATA_PURGE_SCHEDULER, name: 'purge-lesson-data', repeat: { pattern: '17 3 * * *' } }],
    routes: (app) => {
      // Playback sessions, with either store: the stream token (and for the key, the viewer) is checked here.
      app.use(
        '/media/stream',
        streamHandler({ store: deps.store, signer: deps.signer, verifier: deps.verifier, log: deps.log, videoKey: (grant, auth) => videoKeyFor(deps, grant, auth) }),
      );
    },
  });
