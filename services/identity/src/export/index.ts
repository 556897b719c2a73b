export { exportModule, identityExportPart } from './export.module';
