export { analyticsExport } from './export.module';
