import { defineModule, type AccessTokenVerifier } from '@lbf/service-kit';
import type { MediaSigner } from '../media';
import type { CatalogueDeps } from '../shared/deps';
import { videoKeyFor, type PlaybackSettings } from './playback';
import { playbackResolvers } from './resolvers';
import { streamHandler } from './stream-routes';

/**
 * Playback: sessions of a video (full for buyers and administrators, the free preview for others
 * within the visitors' limits), the stream and key route, views, watch progress, and the delivery
 * of PDF guides (a buyer's stamped copy).
 */
export const playbackModule = (deps: CatalogueDeps & { playback: PlaybackSettings; signer: MediaSigner; verifier: AccessTokenVerifier }) =>
  defineModule({
    name: 'playback',
    resolvers: playbackResolvers(deps),
    routes: (app) => {
      // Playback sessions, with either store: the stream token (and for the key, the viewer) is checked here.
      app.use(
        '/media/stream',
        streamHandler({ store: deps.store, signer: deps.signer, verifier: deps.verifier, log: deps.log, videoKey: (grant, auth) => videoKeyFor(deps, grant, auth) }),
      );
    },
  });
