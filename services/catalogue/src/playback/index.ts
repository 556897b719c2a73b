/** What app.ts (and the tests) may use of playback. */
export { playbackStartKey, type PlaybackSettings } from './playback';
export { PreviewLimits } from './preview-limits';
export { playbackModule } from './playback.module';
