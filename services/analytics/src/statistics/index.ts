/** What app.ts needs of the statistics room beyond its module: the job map's names. */
export { ANALYTICS_JOB_NAMES, type AnalyticsJobs } from './nightly-rollup';
