/** What app.ts (and the tests, and the erasure room) may use of playback. */
export { HEALTH_CONSENTS_CONSUMER } from './health-consents';
export { playbackStartKey, type PlaybackSettings } from './playback';
export { PreviewLimits } from './preview-limits';
export { playbackModule } from './playback.module';
export { deletePlaybackOf, videoKeyOf } from './store';
